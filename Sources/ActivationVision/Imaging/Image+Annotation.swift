public import ActivationPipeline
internal import CLeptonica

extension Image {
    /// A 32-bit colour copy of this image, at its full size, with `marks` drawn on it: each box
    /// outlined in its kind's colour with its caption on a filled strip above it (inside the box
    /// when there is no room above), and the notes stacked across the top. Captions grow with
    /// the image so they stay readable on large photos. Nil when leptonica cannot allocate.
    /// Uses only this image; belongs to the caller's thread.
    public func annotated(with marks: [AnnotationMark]) -> Image? {
        guard let canvas = Image.wrap(depth == 32 ? pixCopy(nil, pix) : pixConvertTo32(pix)) else { return nil }
        // Leptonica's font sizes are points at 300 ppi: 4 is about 17 px a line, 8 about 33.
        guard let font = bmfCreate(nil, width < 600 ? 4 : width < 1400 ? 6 : 8) else { return nil }
        var bmf: UnsafeMutablePointer<L_BMF>? = font
        defer { bmfDestroy(&bmf) }
        let side = max(width, height)
        let zoom = max(1, Int((Double(side) / 2400).rounded()))
        let line = max(2, side / 400)
        var noteY = 0
        for mark in marks {
            let colour = Self.colour(mark.kind)
            guard let strip = Self.caption(mark.caption, colour: colour, font: font, zoom: zoom) else { continue }
            if let box = mark.box, box.count == 4 {
                let outline = PixelRect(x: box[0], y: box[1], width: box[2], height: box[3]).insetBy(dx: -(line + 2), dy: -(line + 2))
                if let b = boxCreate(Int32(outline.x), Int32(outline.y), Int32(outline.width), Int32(outline.height)) {
                    var owned: UnsafeMutablePointer<BOX>? = b
                    pixRenderBoxArb(canvas.pix, b, Int32(line), colour.0, colour.1, colour.2)
                    boxDestroy(&owned)
                }
                let above = outline.y - strip.height
                let x = max(0, min(outline.x, width - strip.width))
                canvas.paste(strip, x: x, y: above >= 0 ? above : outline.y + line)
            } else {
                canvas.paste(strip, x: 0, y: noteY)
                noteY += strip.height
            }
        }
        return canvas
    }

    /// The colour of a kind of mark: green for an IMEI, orange for a label left unread, red
    /// for a note.
    static func colour(_ kind: AnnotationMark.Kind) -> (UInt8, UInt8, UInt8) {
        switch kind {
        case .imei: (0, 160, 60)
        case .unreadLabel: (230, 120, 0)
        case .note: (200, 0, 0)
        }
    }

    /// `text` in white on a strip of `colour`, enlarged `zoom` times.
    static func caption(_ text: String, colour: (UInt8, UInt8, UInt8), font: UnsafeMutablePointer<L_BMF>, zoom: Int) -> Image? {
        var textWidth: Int32 = 0
        guard bmfGetStringWidth(font, text, &textWidth) == 0 else { return nil }
        let lineHeight = font.pointee.lineheight
        guard let pix = pixCreate(textWidth + 8, lineHeight + 6, 32) else { return nil }
        let strip = Image(taking: pix)
        let fill = UInt32(colour.0) << 24 | UInt32(colour.1) << 16 | UInt32(colour.2) << 8
        pixSetAllArbitrary(strip.pix, fill)
        var drawn: Int32 = 0, overflow: Int32 = 0
        pixSetTextline(strip.pix, font, text, 0xFFFF_FF00, 4, 3 + max(font.pointee.baseline1, font.pointee.baseline2, font.pointee.baseline3), &drawn, &overflow)
        return zoom == 1 ? strip : Image.wrap(pixExpandReplicate(strip.pix, Int32(zoom)))
    }

    /// Copies `other` onto this image with its top-left corner at `x`, `y`, clipped.
    func paste(_ other: Image, x: Int, y: Int) {
        // PIX_SRC: the source replaces the destination.
        pixRasterop(pix, Int32(x), Int32(y), Int32(other.width), Int32(other.height), PIX_SRC, other.pix, 0, 0)
    }
}
