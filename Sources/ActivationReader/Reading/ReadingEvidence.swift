import ActivationPipeline
import ActivationVision

/// What the stages of a ``ReadingPlan`` learned about one picture so far: what the next
/// stages' triggers read, and what the reading answers in the end. One meaning per field.
/// A value, owned by the reading that runs the plan.
struct ReadingEvidence {
    /// Why a picture has no IMEI to find.
    enum NoIMEI: String {
        /// Legible, and its bands show confident text but no label (``ReadingPlan/Stage/bands``).
        case unlabelledBands = "its bands show no label"
        /// Tesseract's whole read is confident text whose long numbers no label names
        /// (``ScreenReading/noIMEI(on:bands:)``).
        case plainText = "Tesseract's whole read names no long number"
        /// The deep reader read plenty of lines and no long number (``ScreenReading/clears(_:tuning:)``).
        case noLongNumber = "the deep reader saw no long number"
    }

    /// What ended a plan's passes.
    enum Verdict: String {
        /// Every IMEI label found was accounted for.
        case read
        /// The picture has no IMEI to find (``noIMEI`` says why).
        case noIMEI = "none"
        /// A screen set upright whose deep reading was unsure: the costlier passes already ran
        /// on the picture as taken.
        case spared
        /// Every IMEI label found was accounted for, and none gave a valid IMEI: each value was
        /// read surely, confirmed by a re-read, and fails the Luhn check (``refused``).
        case refused
    }

    /// A labelled value refused as a verdict (``ScreenReading/ValueOutcome/refused(_:)``).
    struct Refusal: Equatable {
        /// The 15 digits read twice.
        var value: String
        /// The slot its label stated, if any.
        var slot: Int?
    }

    /// A labelled value the deep reader read as 15 digits that fail the Luhn check, with each
    /// digit's confidence: what a Luhn-valid reading of the same value by another pass must not
    /// contradict (``contradicts(_:sure:reach:)``).
    struct DeepFailing: Equatable {
        var value: String
        /// The slot its label stated, if any.
        var slot: Int?
        /// Each digit's confidence (15 of them).
        var confidences: [Double]
        /// Its line, in the picture's pixels.
        var box: PixelRect

        /// Whether `reading` is this value misread: read where it stands (their boxes overlap
        /// by half the smaller one's width and height), a stated slot the same (or either
        /// unstated), and at most `reach` digits different, one of them a digit the deep reader
        /// read with at least `sure` confidence (digits it was unsure of may read otherwise).
        /// Another pass reads a photo's digits less surely, and among its misreads of a value
        /// that fails the check (a tampered page) one in ten passes it; a list of values
        /// counting up by one differs as little, but line by line. Pure.
        func contradicts(_ reading: IMEIReading, sure: Double, reach: Int) -> Bool {
            guard slot == nil || reading.slot == nil || slot == reading.slot,
                  confidences.count == 15, reading.box.count == 4,
                  let differing = ScreenReading.differingPlaces(value, reading.value) else { return false }
            let read = PixelRect(x: reading.box[0], y: reading.box[1], width: reading.box[2], height: reading.box[3])
            guard box.horizontalOverlap(with: read) >= 0.5, box.verticalOverlap(with: read) >= 0.5 else { return false }
            return !differing.isEmpty && differing.count <= reach && differing.contains { confidences[$0] >= sure }
        }

    }

    /// What the last whole-page pass of Tesseract left.
    struct PassLeft {
        /// IMEI labels it left without a valid number.
        var unread: Int
        /// Whether it answered the page: its labels read, or plenty of text and no label.
        var answered: Bool
        /// Whether another pass may still find something.
        var open: Bool { unread > 0 || !answered }
    }

    /// The page scale (``ScreenReading/pageScale(_:)``) and the picture at it, made once for
    /// the bands and the whole-page reads.
    var scale = 1.0
    var scaled: Image?
    /// Whether the number pass found the page legible from its glyphs alone (level runs, no
    /// barcode, ``LabelShapes``): what its bands show is all it shows.
    var legible = false
    /// Whether the bands were read (not when they covered most of the page, or their text was
    /// far from the size Tesseract reads best).
    var bandsRead = false
    /// Whether the bands, with no label, showed a Luhn-valid 15-digit number: its label may be
    /// one they lost (light grey text), so a legible page still calls for the deep reader.
    var imeiShaped = false
    /// Whether the picture, found not legible, is a camera's photo by its exact-flat share
    /// (``ReviewEvidence/maxPhotoFlatShare``): Tesseract, which reads photographed text worse
    /// than the deep reader, gives no cheap whole-page exit there (`whole` is skipped).
    var photographed = false
    /// Whether the deep reader, reading IMEIs, also read a 15-digit number that is none of them
    /// (an IMEI whose label and a digit it misread: `IMEI2` as `MMEI2`; or an IMSI, which costs
    /// an upright read for nothing): with one IMEI read, the page may hold a second (`upright`).
    var unclaimedNumber = false
    /// The bands read without a label, and their lines: not read again by the whole page.
    var known: ScreenReading.Known?
    /// Whether a stage saw an IMEI label (read or not).
    var sawLabel = false
    /// The IMEIs read, once per number. Until ``slotsAssigned``, a slot is the one a label stated
    /// (nil: none stated); a derived picture's readings keep the slots its own plan gave them.
    var imeis: [IMEIReading] = []
    /// Whether the unstated slots were given the next free ones in screen order
    /// (``assignSlots()``, at the end of the passes and after each later addition).
    var slotsAssigned = false
    var meid: String?
    /// The labelled values refused as a verdict, once per value: no later pass reads them again,
    /// and a page whose labels were all read or refused is answered.
    var refused: [Refusal] = []
    /// Values Tesseract read surely and confirmed, that fail the Luhn check, on a page that is
    /// not legible: not a verdict alone (the same engine can misread a photo twice alike), but a
    /// deep reading of the same 15 digits confirms them (``ScreenReading/readDeep(into:)``).
    var doubted: [Refusal] = []
    /// The labelled values the deep reader read as 15 digits that fail the Luhn check, in this
    /// picture or one derived from it: no reading that contradicts one is kept
    /// (``dropContradicted(sure:reach:)``).
    var deepFailing: [DeepFailing] = []
    /// Labels left without a valid number, in the picture's pixels.
    var unreadLabels: [UnreadLabel] = []
    /// Tesseract's whole-page read made to vouch that the page has no IMEI; the page pass reuses it.
    var whole: ScreenReading.Page?
    /// What the deep reader made of the page, when it was asked.
    var deep: ScreenReading.DeepVerdict?
    /// The deep reader's text lines, in the picture's pixels, when it read them.
    var lines: [TextBox]?
    /// What the last whole-page pass left; nil until one read the page.
    var pass: PassLeft?
    /// Whether the levelled copy was read (the flattened pass is then not needed).
    var levelledRead = false
    /// Whether the bands read one unnumbered IMEI on a picture that is not legible and shows an
    /// `EID` (an eSIM, so a second slot).
    var wantsSecondSlot = false
    /// Why the picture has no IMEI to find, when a stage found so.
    var noIMEI: NoIMEI?
    /// Whether the picture was answered as a legible screen (by its bands, or its screen set
    /// upright): it is then neither set upright nor read as a box label.
    var screen = false
    /// Whether the reading spent its CPU budget (``ReadingBudget``) before its stages were over.
    var overBudget = false
    /// What ended the passes; nil while they run, or when they all ran.
    var verdict: Verdict?
    /// A box label's serial number and EID (``ScreenReading/readBoxLabel(_:)``).
    var serialNumber: LabelField?
    var eid: LabelField?
    /// The stages that ran, in order.
    var stages: [ReaderStage] = []

    /// Gives each IMEI without a stated slot the next free one in screen order, and sorts them
    /// by slot. Pure.
    mutating func assignSlots() {
        var used = Set(imeis.compactMap(\.slot))
        for i in imeis.indices where imeis[i].slot == nil {
            var s = 1
            while used.contains(s) { s += 1 }
            imeis[i].slot = s
            used.insert(s)
        }
        imeis.sort { ($0.slot ?? 9, $0.box[1]) < ($1.slot ?? 9, $1.box[1]) }
        slotsAssigned = true
    }

    /// Drops the IMEIs that contradict a value the deep reader read as failing the Luhn check
    /// (``DeepFailing/contradicts(_:sure:reach:)``), each left as an unread label whose value
    /// fails the check; returns how many were dropped.
    mutating func dropContradicted(sure: Double, reach: Int) -> Int {
        let dropped = imeis.filter { reading in deepFailing.contains { $0.contradicts(reading, sure: sure, reach: reach) } }
        guard !dropped.isEmpty else { return 0 }
        imeis.removeAll { dropped.contains($0) }
        for reading in dropped {
            unreadLabels.append(UnreadLabel(label: reading.label, box: reading.box, reason: .luhnFailed))
        }
        return dropped.count
    }

    /// Adds `refusal` unless its value was refused already.
    mutating func refuse(_ refusal: Refusal) {
        if !refused.contains(where: { $0.value == refusal.value }) { refused.append(refusal) }
    }

    /// The boxes of the IMEIs, unread labels and deep failing values, read on a picture made
    /// from the reading's, put back on the reading's picture by `back`.
    mutating func moveBoxes(_ back: (PixelRect) -> PixelRect) {
        func moved(_ b: [Int]) -> [Int] {
            b.count == 4 ? back(PixelRect(x: b[0], y: b[1], width: b[2], height: b[3])).array : b
        }
        for i in imeis.indices { imeis[i].box = moved(imeis[i].box) }
        for i in deepFailing.indices { deepFailing[i].box = back(deepFailing[i].box) }
        for i in unreadLabels.indices { unreadLabels[i].box = moved(unreadLabels[i].box) }
    }
}
