internal import CLeptonica

extension Image {
    /// The share of horizontally neighbouring pixels, along every `rowStep`th row, whose gray
    /// levels differ by at most `tolerance`: how much of the picture is flat. Text stands on a
    /// flat ground (a screen's background, a label's paper, even photographed), so a page that
    /// shows text scores well above half; random noise scores about `2 * tolerance / 256` on one
    /// channel (0.09 at 12), as a neighbour there is any level (0.17 on the brightest channel of
    /// random RGB, whose levels bunch up high). Read at full resolution, since
    /// shrinking would average noise flat. 8-bit images only (nil otherwise); about 1 ms for
    /// a 12-megapixel photo at the default step.
    public func flatShare(rowStep: Int = 8, tolerance: Int = 12) -> Double? {
        let w = width, h = height
        guard depth == 8, w >= 2, h >= 1, rowStep >= 1, let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        var flat = 0, pairs = 0
        for y in stride(from: 0, to: h, by: rowStep) {
            (data + y * wpl).withMemoryRebound(to: UInt8.self, capacity: wpl * 4) { bytes in
                // Leptonica keeps four pixels to a 32-bit word, the first in its top byte.
                var previous = Int(bytes[0 ^ 3])
                for x in 1..<w {
                    let value = Int(bytes[x ^ 3])
                    if abs(value - previous) <= tolerance { flat += 1 }
                    previous = value
                }
            }
            pairs += w - 1
        }
        return pairs > 0 ? Double(flat) / Double(pairs) : nil
    }
}
