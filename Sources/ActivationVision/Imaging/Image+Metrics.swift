internal import CLeptonica

extension Image {
    /// Raw measurements of focus, glare and exposure, taken on a gray copy of a fixed width so
    /// that the same scene gives the same numbers at any resolution. Pure value; the KYC rules
    /// turn it into 0–100 scores.
    package struct QualityMeasurements: Sendable, Hashable {
        /// Variance of the 4-neighbour Laplacian, averaged over the tenth of the tiles with the
        /// most detail: where the content is, so a sharp card on a plain table is not blurry.
        package var focus: Double
        /// The share of pixels that are near-white (luminance ≥ 245) in blobs, not in specks.
        package var glare: Double
        /// The 2nd percentile of luminance: the darkest content (text) still has to be dark.
        package var low: Double
        /// The 90th percentile of luminance: the bright parts still have to be bright.
        package var high: Double
        /// The mean luminance.
        package var mean: Double
    }

    /// An 8-bit luminance copy (this image itself when already gray). Nil on allocation failure.
    package func luminance() -> Image? {
        depth == 8 ? Image.wrap(pixClone(pix)) : Image.wrap(pixConvertRGBToLuminance(pix))
    }

    /// An 8-bit gray copy `width` pixels wide, area-averaged when shrinking and without
    /// leptonica's usual sharpening (which would inflate the focus measure).
    package func grayCopy(width: Int) -> Image? {
        guard let gray = luminance() else { return nil }
        let factor = Float(width) / Float(max(1, self.width))
        if abs(factor - 1) < 0.001 { return gray }
        return Image.wrap(pixScaleGeneral(gray.pix, factor, factor, 0, 0))
    }

    /// Measures focus, glare and exposure on a gray copy `width` pixels wide. Blocks for a few
    /// tens of milliseconds; nil on allocation failure.
    package func qualityMeasurements(width: Int = 1000) -> QualityMeasurements? {
        guard let gray = grayCopy(width: width), let bytes = gray.packedBytes() else { return nil }
        return Image.qualityMeasurements(gray: gray, bytes: bytes)
    }

    /// Focus, glare and exposure measured on `gray`, a gray copy already made (``grayCopy(width:)``),
    /// whose packed pixels are `bytes`: one copy serves every measurement of a picture. Without
    /// `focusAndGlare` only the exposure is measured and focus and glare are 0: for a caller that
    /// measured those another way (a document's OpenCV measures).
    package static func qualityMeasurements(gray: Image, bytes: [UInt8], focusAndGlare: Bool = true) -> QualityMeasurements? {
        let w = gray.width, h = gray.height
        guard w >= 3, h >= 3 else { return nil }
        let (low, high, mean) = Image.percentiles(bytes)
        return QualityMeasurements(
            focus: focusAndGlare ? Image.focus(bytes, width: w, height: h, tile: max(8, w / 25)) : 0,
            glare: focusAndGlare ? gray.brightBlobFraction(threshold: 245, brick: max(3, w / 110)) : 0,
            low: low, high: high, mean: mean
        )
    }

    /// A 64-bit difference hash: a 9×8 gray thumbnail, one bit per horizontal neighbour pair
    /// (left brighter than right). Near-identical pictures differ in a few bits. Nil on failure.
    package func differenceHash() -> UInt64? {
        guard let gray = grayCopy(width: width), let bytes = gray.packedBytes() else { return nil }
        return Image.differenceHash(gray: bytes, width: gray.width, height: gray.height)
    }

    /// The difference hash (``differenceHash()``) of the 8-bit gray pixels `bytes`, `width` a
    /// row: each cell of the 9×8 thumbnail the mean of its block of pixels, so a gray copy made
    /// for other measurements is not shrunk again. Nil when the picture is smaller than 9×8.
    package static func differenceHash(gray bytes: [UInt8], width: Int, height: Int) -> UInt64? {
        guard width >= 9, height >= 8, bytes.count == width * height else { return nil }
        // Cell column c spans the pixels x with x * 9 / width == c; cell row r, the rows with
        // y * 8 / height == r. Each row adds up its cells' spans.
        let starts = (0...9).map { c in (c * width + 8) / 9 }
        var sums = [Int](repeating: 0, count: 72), counts = [Int](repeating: 0, count: 72)
        bytes.withUnsafeBufferPointer { p in
            sums.withUnsafeMutableBufferPointer { sums in
                for y in 0..<height {
                    let row = y * 8 / height * 9, base = y * width
                    for c in 0..<9 {
                        var s = 0
                        for x in starts[c]..<starts[c + 1] { s += Int(p[base + x]) }
                        sums[row + c] += s
                    }
                }
            }
        }
        for y in 0..<height {
            for c in 0..<9 { counts[y * 8 / height * 9 + c] += starts[c + 1] - starts[c] }
        }
        let cells = zip(sums, counts).map { $0 / max(1, $1) }
        var hash: UInt64 = 0
        for y in 0..<8 {
            for x in 0..<8 {
                hash <<= 1
                if cells[y * 9 + x] > cells[y * 9 + x + 1] { hash |= 1 }
            }
        }
        return hash
    }

    /// The share of pixels at or above `threshold` that survive an opening with a
    /// `brick`×`brick` square: bright blobs, without thin highlights and specks.
    private func brightBlobFraction(threshold: Int, brick: Int) -> Double {
        guard let dark = Image.wrap(pixThresholdToBinary(pix, Int32(threshold))),
              let bright = Image.wrap(pixInvert(nil, dark.pix)),
              let blobs = Image.wrap(pixOpenBrick(nil, bright.pix, Int32(brick), Int32(brick)))
        else { return 0 }
        var count: Int32 = 0
        guard pixCountPixels(blobs.pix, &count, nil) == 0 else { return 0 }
        return Double(count) / Double(max(1, width * height))
    }

    /// The 2nd and 90th luminance percentiles and the mean of packed gray bytes.
    private static func percentiles(_ bytes: [UInt8]) -> (low: Double, high: Double, mean: Double) {
        var histogram = [Int](repeating: 0, count: 256)
        var total = 0
        for v in bytes {
            histogram[Int(v)] += 1
            total += Int(v)
        }
        func percentile(_ q: Double) -> Double {
            let target = Int(Double(bytes.count) * q)
            var seen = 0
            for (value, n) in histogram.enumerated() {
                seen += n
                if seen > target { return Double(value) }
            }
            return 255
        }
        return (percentile(0.02), percentile(0.90), Double(total) / Double(max(1, bytes.count)))
    }

    /// The Laplacian variance per `tile`×`tile` tile of packed gray bytes, averaged over the
    /// tenth of the tiles with the highest variance (at least four tiles).
    private static func focus(_ bytes: [UInt8], width w: Int, height h: Int, tile: Int) -> Double {
        let cols = max(1, (w - 2) / tile), rows = max(1, (h - 2) / tile)
        var sum = [Int](repeating: 0, count: cols * rows)
        var sumSquares = [Int](repeating: 0, count: cols * rows)
        var count = [Int](repeating: 0, count: cols * rows)
        // Each row's pixels add up tile by tile: the tile columns' ends, the last tile taking
        // what is left of the row.
        let ends = (0..<cols).map { c in c == cols - 1 ? w - 1 : 1 + (c + 1) * tile }
        bytes.withUnsafeBufferPointer { p in
            for y in 1..<(h - 1) {
                let row = min(rows - 1, (y - 1) / tile) * cols
                let up = (y - 1) * w, mid = y * w, down = (y + 1) * w
                var x = 1
                for c in 0..<cols {
                    var s = 0, s2 = 0
                    let start = x
                    while x < ends[c] {
                        let l = Int(p[mid + x - 1]) + Int(p[mid + x + 1]) + Int(p[up + x]) + Int(p[down + x]) - 4 * Int(p[mid + x])
                        s += l
                        s2 += l * l
                        x += 1
                    }
                    sum[row + c] += s
                    sumSquares[row + c] += s2
                    count[row + c] += x - start
                }
            }
        }
        var variances: [Double] = []
        variances.reserveCapacity(cols * rows)
        for t in 0..<(cols * rows) where count[t] > 0 {
            let n = Double(count[t]), m = Double(sum[t]) / n
            variances.append(max(0, Double(sumSquares[t]) / n - m * m))
        }
        let top = variances.sorted(by: >).prefix(max(4, variances.count / 10))
        return top.isEmpty ? 0 : top.reduce(0, +) / Double(top.count)
    }
}
