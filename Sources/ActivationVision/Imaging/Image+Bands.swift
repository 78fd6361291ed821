internal import CLeptonica

extension Image {
    /// The boxes of the dark connected components (glyphs, mostly) of an 8-bit image of dark
    /// text on a light ground: the local ground is flattened to white first, so that grey
    /// text on white, black text on grey and shaded photos all separate at one threshold.
    /// Returns the boxes with that flattened copy, which reads better than the page wherever
    /// the ground is not white (dark dialogs, photos). Nil for other depths or when leptonica
    /// could not allocate.
    package func darkComponents() -> (boxes: [PixelRect], flat: Image)? {
        guard depth == 8, width >= 16, height >= 16, let flat = backgroundNormalized(),
              let ink = Image.wrap(pixThresholdToBinary(flat.pix, 160)), let boxa = pixConnCompBB(ink.pix, 8)
        else { return nil }
        defer {
            var b: UnsafeMutablePointer<BOXA>? = boxa
            boxaDestroy(&b)
        }
        let n = Int(boxaGetCount(boxa))
        var boxes: [PixelRect] = []
        boxes.reserveCapacity(n)
        for i in 0..<n {
            var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
            if boxaGetBoxGeometry(boxa, Int32(i), &x, &y, &w, &h) == 0 {
                boxes.append(PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h)))
            }
        }
        return (boxes, flat)
    }

    /// The rows `bands` of this 8-bit image stacked top to bottom, `gap` rows of its ground
    /// (its median value) apart, so that a threshold over the stack splits it as it would the
    /// page, with each band (clipped to the image) and the row at which it starts in the
    /// result. Columns dark from a band's top to its bottom (a frame's or bezel's side, which
    /// on the page is a long rule and in a band would pass for a letter) become ground.
    /// Nil when nothing is left.
    package func stackingRows(_ bands: [Range<Int>], gap: Int) -> (image: Image, placed: [(rows: Range<Int>, top: Int)])? {
        let rows = bands.map { $0.clamped(to: 0..<height) }.filter { !$0.isEmpty }
        guard depth == 8, !rows.isEmpty, let data = pixGetData(pix) else { return nil }
        let total = rows.reduce(gap) { $0 + $1.count + gap }
        let ground = self.ground
        guard let out = Image.wrap(pixCreate(Int32(width), Int32(total), 8)), let outData = pixGetData(out.pix) else { return nil }
        pixSetAllArbitrary(out.pix, ground)
        let wpl = Int(pixGetWpl(pix)), outWpl = Int(pixGetWpl(out.pix))
        var placed: [(rows: Range<Int>, top: Int)] = []
        var y = gap
        for band in rows {
            placed.append((band, y))
            pixRasterop(out.pix, 0, Int32(y), Int32(width), Int32(band.count), 0xC, pix, 0, Int32(band.lowerBound))
            for x in 0..<width where Self.isDark(column: x, rows: band, data: data, wpl: wpl, below: ground) {
                for row in y..<(y + band.count) {
                    (outData + row * outWpl).withMemoryRebound(to: UInt8.self, capacity: outWpl * 4) { $0[x ^ 3] = UInt8(ground) }
                }
            }
            y += band.count + gap
        }
        return (out, placed)
    }

    /// Whether column `x` is darker than `ground` by a clear margin in every row of `rows`.
    private static func isDark(column x: Int, rows: Range<Int>, data: UnsafeMutablePointer<UInt32>, wpl: Int, below ground: UInt32) -> Bool {
        for row in rows {
            let value = (data + row * wpl).withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { $0[x ^ 3] }
            if UInt32(value) + 60 >= ground { return false }
        }
        return true
    }

    /// A copy with the rows `bands` painted over with the ground (8-bit images only).
    package func blanking(rows bands: [Range<Int>]) -> Image? {
        guard depth == 8, let out = Image.wrap(pixCopy(nil, pix)) else { return nil }
        for band in bands.map({ $0.clamped(to: 0..<height) }) where !band.isEmpty {
            guard let box = boxCreate(0, Int32(band.lowerBound), Int32(width), Int32(band.count)) else { return nil }
            var b: UnsafeMutablePointer<BOX>? = box
            pixSetInRectArbitrary(out.pix, box, ground)
            boxDestroy(&b)
        }
        return out
    }

    /// The median gray value (of every fourth pixel on a large image): the ground of a page of text.
    private var ground: UInt32 {
        var value: UInt32 = 255
        return pixGetRankValue(pix, width * height > 100_000 ? 4 : 1, 0.5, &value) == 0 ? value : 255
    }
}
