import ActivationPipeline

/// Every threshold the reader decides by, with the values the corpora were measured with.
/// Pure value; ``IMEIReader/Configuration/tuning`` carries it to each reading.
///
/// Changing a value changes what the reader reports: measure on `../shared/corpus` and
/// `samples/` before and after. What "beside", "above" and "one row" mean is part of the label
/// rules, not a knob of the passes: that geometry is named beside the rule it defines
/// (``ValueLocator``, ``LineLabels``, ``NumberBands``, ``LabelShapes``, `BarcodeTies`).
public struct ReaderTuning: Sendable, Hashable {
    // MARK: Scales

    /// The digit height, in pixels, that value crops are scaled to: Tesseract reads 20–30 px
    /// text best.
    public var targetTextHeight = 30.0
    /// The first pass reads the page with its short side at about this many pixels (phone
    /// text then stands 20–30 px tall); 800 reads the dev corpora as well as 1000 for 15% less
    /// CPU.
    public var pageShortSide = 800.0
    /// The bounds of the first pass's scale.
    public var pageScaleRange = 0.3...3.0
    /// A page whose scale to ``pageShortSide`` falls in this range is read as it is: its text
    /// already stands near the target size, and resampling a whole page costs more than the
    /// few pixels of text height it changes.
    public var pageScaleKept = 0.85...1.2
    /// Text smaller or larger than this in the first pass (page pixels) is read again at a
    /// corrected scale.
    public var textHeightRange = 14.0...45.0
    /// The bounds of a corrected scale, and of a closer look at small text.
    public var retryScaleRange = 0.2...4.0
    /// How much closer a page with small text is read before it is turned.
    public var zoomFactor = 2.0

    // MARK: Number bands

    /// The rows between stacked number bands.
    public var bandGap = 24
    /// Bands that cover this share of the page or more are not worth reading apart.
    public var maxBandShare = 0.5

    // MARK: What the page shows

    /// A picture less flat than this (``ActivationVision/Image/flatShare(rowStep:tolerance:)``)
    /// shows no text and is refused before any OCR (4001, reason `NO_TEXT`). The noise pictures
    /// of `samples/bad` score 0.17 and 0.18 (and cost 7–8 s of OCR each before this look); no
    /// picture of `samples/`, the dev corpora or the real-world sets scores below 0.45 (787
    /// pictures: screens and photos of screens 0.75 and up, real photos of documents 0.45 and up).
    public var minFlatShare = 0.2
    /// The CPU seconds a reading may spend on a legible screenshot (``ReadingBudget``): about
    /// 100 times what one usually costs (p50 74 ms on dev-clean on the slower of two machines
    /// measured, 45 ms on the faster). On the slower one, two readings at once, the costliest
    /// legible pages (`samples/layouts`' web tables, plist dumps, CSV editors and spreadsheet,
    /// which the deep reader reads after both page passes, and `samples/0072`, a crisp box
    /// label read whole at 2.5×) take 2.1–4.8 s: at 3 s they came out 4001 or read by the luck
    /// of where the budget fell between stages.
    public var screenCPUBudget = 8.0
    /// ... and on any other picture (photos, box labels): about 45 times a photo's p50 (220 ms on
    /// dev-photo; the costliest picture measured, a tampered page turned in its pixels, 2 s).
    public var photoCPUBudget = 10.0

    /// A first pass is legible without labels when it holds this many confident words.
    public var legibleWords = 10
    /// A word read with this confidence or more counts towards confident text.
    public var confidentText = 0.7
    /// A legible page whose bands show no label is taken as having none only when this share
    /// of the words read in its bands are confident (an upside-down page reads as junk).
    public var confidentTextShare = 2.0 / 3.0
    /// A page with fewer upright words than this and no label may be turned in its pixels.
    public var uprightWordsNeeded = 6
    /// A turned page replaces the best so far only with more than this many extra upright words.
    public var turnMargin = 3
    /// The quarter turns tried, in order.
    public var turns = [1, 3, 2]
    /// Words shorter than this say little about the page: they are kept even when taller than
    /// wide (vertical text otherwise), and do not count towards the text size.
    public var minWordLength = 3
    /// The fewest letters a word needs to count as a confident or upright word.
    public var wordLetters = 3
    /// The confidence above which a word counts as confident (legibility).
    public var confidentWord = 0.8
    /// Two words of one Tesseract line farther apart than this many line heights stand in two
    /// columns (a label and its value, two cells of a table): the general label rule reads them
    /// as two lines. 2.0 before: a spreadsheet's right-aligned number and the text that starts
    /// the next cell stood one line height apart (`samples/layouts` `spreadsheet`); every other
    /// output of the samples, the corpora and the real-world set is unchanged.
    public var columnGap = 1.0
    /// The confidence above which a word counts as upright (turning).
    public var uprightWord = 0.75
    /// The confidence above which a word's height counts towards the text size.
    public var measuredWord = 0.6
    /// The fewest measured words that give a text size.
    public var measuredWords = 3
    /// Text standing askew by at least this many degrees is read again levelled.
    public var levellingDegrees = 2.0
    /// A photo's screen is set upright (``ScreenQuad``) when its outline covers this share of the
    /// picture: less is too small to hold a screen's text, more fills the frame already.
    public var screenAreaShares = 0.15...0.9
    /// … and each side of that outline is at least this share of the picture's short side.
    public var screenMinSide = 0.2
    /// A value region is re-read blind only when this share of it is darker than
    /// ``blankInkThreshold``.
    public var blankInkShare = 0.01
    /// The gray level below which a pixel counts as ink for ``blankInkShare``.
    public var blankInkThreshold = 190

    // MARK: Value re-reads

    /// The digit height factors of the re-reads, in order.
    public var rereadHeightFactors = [1.0, 1.35, 0.8]
    /// The first pass's glyphs need no re-read when each has at least this confidence.
    public var confidentGlyph = 0.9
    /// A Luhn-valid reading that differs in at most this many digits from a value the deep reader
    /// read as failing the check, one of them a digit it read with ``confidentGlyph``, is that
    /// value misread (``ReadingEvidence/DeepFailing``): on 150 photographed tampered pages,
    /// Tesseract's later passes gave 9 such readings, 1 or 2 digits off.
    public var contradictionReach = 2
    /// The share of a deep reader's line box that its digits stand in: what Tesseract's
    /// confirming read of that line (``ScreenReading/confirms(_:on:sure:)``) scales to the target height.
    public var deepDigitShare = 0.6
    /// The resolution at which the deep recogniser reads a value's cut again when Tesseract cannot
    /// confirm it (``ScreenReading/confirms(_:on:sure:)``).
    public var deepRereadScale = 0.7
    /// The margin above and below that value's cut, in line heights: small, as a photo's lines
    /// stand close.
    public var confirmPadding = 0.15
    /// The margin at each end of the cut, in line heights.
    public var confirmLeadIn = 0.5
    /// A crop darker than this mean gray is inverted before it is read.
    public var darkCropMean = 110.0
    /// A first pass with fewer digits than this vouches for nothing: a re-read may contradict it.
    public var vouchingDigits = 8
    /// A correction to an engine alternative counts only when it scored this share of the
    /// chosen glyph.
    public var alternativeMargin = 0.5
    /// The confidence factor of a re-read that contradicts the first pass.
    public var contradictedFactor = 0.9
    /// The confidence factor of a corrected value.
    public var correctedFactor = 0.8
    /// The smallest digit height taken for a crop, in source pixels.
    public var minDigitHeight = 4.0
    /// The crop's margin above and below the value, in digit heights.
    public var cropPadding = 0.45
    /// The crop's margin before the value, in digit heights.
    public var cropLeadIn = 0.5
    /// How far a crop stays from the words around the value, in digit heights.
    public var fenceClearance = 0.15
    /// How far a crop reaches past the value for digits the first pass cut off, in digit heights.
    public var cropReach = 1.5
    /// The width allowed for a value cut short, as a share over its expected length.
    public var cutShortSlack = 1.15
    /// The expected length of a value the first pass cut short, in the widths of the glyphs it
    /// read: its 15 digits and one more (16), or, when what it read holds spaces, 15 digits
    /// in groups with the spaces between them (19).
    public var cutShortGlyphs = 16.0
    public var cutShortSpacedGlyphs = 19.0

    // MARK: Deep second opinion

    /// The deep detector reads the page shrunk so that its longer side is at most this many
    /// pixels: 960 finds every line of the photo corpora at 130 ms.
    public var deepMaxSide = 960
    /// A page smaller than ``deepMaxSide`` is enlarged towards it, at most this many times: a
    /// screenshot shrunk to a third shows text too small for the detector.
    public var deepMaxGrowth = 3.0
    /// A page is enlarged for the detector only by more than this factor: less changes nothing
    /// it finds and costs a resampling.
    public var deepMinGrowth = 1.25
    /// Lines at least this many heights long are read first: 15 digits stand 8 or more on the
    /// photo samples, but a 15-digit table cell of a wide web page (`samples/layouts` `web_table`,
    /// a real CDR tool), shrunk to ``deepMaxSide`` for the detector, stands 4.0–4.5 once the
    /// detector's box is grown around its small text. 4.5 before: one real-world page more read
    /// (052), every sample and corpus file unchanged.
    public var deepValueAspect = 4.0
    /// A level line the recogniser reads at a mean confidence under 0.8 is read again turned
    /// half round, and that reading stands when it is surer and at least 0.9: a module's label
    /// upside down on a product photo reads at 0.50–0.79 as it stands and 0.90–1.0 turned
    /// (`samples/module-labels`, real world 178, 202); on 192 upright photos (dev-photo,
    /// `samples/photos`, `photos-random`) 35 lines are read again and no turned reading stands
    /// (the surest, short noise such as `80%` read `%08 L`, measured 0.91 from 0.83, above 0.8).
    /// `samples/module-labels` 5/11 → 11/11, real world two boards' labels more; every other
    /// sample and corpus file unchanged.
    public var deepHalfTurnBelow = 0.8
    /// See ``deepHalfTurnBelow``.
    public var deepHalfTurnSure = 0.9
    /// Around each long number the deep reader found, the other lines are read this many of
    /// its line heights above it (and one below): the label rule's reach, a heading with three
    /// lines between included.
    public var deepLabelReach = 6.0
    /// A line holding a number of this many digits, up to 16 (``LineLabels/digitRuns(_:from:hex:)``:
    /// groups split by single spaces), is one whose label is looked for around it
    /// (``deepLabelReach``): 15 digits read with one lost to a glare still count, and 16 are an
    /// IMEI with its slot digit glued on. A longer number (an EID, an ICCID) is none the label
    /// rule could take, so the lines around it are not read for it.
    public var deepNumberDigits = 14
    /// A number the detector cut short (``deepLongNumber`` to 14 digits) is read again from its
    /// box lengthened by this many line heights at each end.
    public var deepLengthening = 0.6
    /// A page on which the deep reader read at least this many lines and no number of
    /// ``deepLongNumber`` digits or more has no IMEI to find: Tesseract's costlier passes
    /// are not run.
    public var deepClearingLines = 5
    /// See ``deepClearingLines``: an IMEI cut short by a glare or the screen's edge still shows
    /// this many digits.
    public var deepLongNumber = 12
    /// A page that is not legible is not shown to the deep reader when Tesseract's first read
    /// of it is confident text (``legibleWords`` confident words, no label) in which every line
    /// holding this many digits (a phone number has 12) is read cleanly and left unlabelled.
    public var plainTextDigits = 13

    // MARK: Barcodes

    /// The rows apart at which a picture that is not a legible screen is looked at for a retail
    /// barcode (EAN-13) before a box label's codes are scanned in full.
    public var retailRowStep = 3

    /// The confidence of a number supplied by the barcode under its label.
    public var suppliedConfidence = 0.95
    /// The confidence of a barcode found alone whose printed number agrees with it.
    public var anchoredConfidence = 0.99
    /// The confidence of a barcode found alone whose printed number does not read the same.
    public var anchoredUncheckedConfidence = 0.9
    /// The text above an IMEI barcode stands about this share of the bars' width tall.
    public var captionHeightShare = 0.06
    /// The narrowest bars' width taken for that caption, in pixels.
    public var minCaptionWidth = 40
    /// How far above a barcode its caption band reaches, in hundredths of the bars' width: the
    /// caption's label and number on up to two rows.
    public var captionBandPercent = 45

    public init() {}
}
