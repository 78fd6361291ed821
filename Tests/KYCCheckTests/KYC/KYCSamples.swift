@testable import ActivationPipeline
@testable import ActivationVision
import Foundation
@testable import KYCCheck
import Testing

/// Images for the KYC tests, made by the tests: document-like renders (frame, header band,
/// photo box, lines of glyphs, a machine-readable zone or barcode) and their degraded copies,
/// plus the small face photos kept in `Fixtures/KYC`. Deterministic (seeded).
enum KYCSamples {
    /// An 8-bit gray raster in Swift memory, to draw on and degrade.
    struct Canvas: Sendable {
        var width: Int
        var height: Int
        var pixels: [UInt8]

        init(width: Int, height: Int, value: UInt8) {
            self.width = width
            self.height = height
            pixels = [UInt8](repeating: value, count: width * height)
        }

        mutating func fill(x: Int, y: Int, width w: Int, height h: Int, value: UInt8) {
            let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
            guard x0 < x1, y0 < y1 else { return }
            pixels.withUnsafeMutableBufferPointer { p in
                for yy in y0..<y1 {
                    for xx in x0..<x1 { p[yy * width + xx] = value }
                }
            }
        }

        /// The region at (`x`, `y`), `w`×`h`, hidden under a mosaic: each `block`-px square
        /// filled with its pixels' mean, as an uploader pixelates a number or a face.
        mutating func pixelate(x: Int, y: Int, width w: Int, height h: Int, block: Int) {
            for by in stride(from: y, to: y + h, by: block) {
                for bx in stride(from: x, to: x + w, by: block) {
                    var sum = 0, count = 0
                    for yy in by..<min(by + block, y + h, height) {
                        for xx in bx..<min(bx + block, x + w, width) {
                            sum += Int(pixels[yy * width + xx])
                            count += 1
                        }
                    }
                    guard count > 0 else { continue }
                    fill(x: bx, y: by, width: min(block, x + w - bx), height: min(block, y + h - by), value: UInt8(sum / count))
                }
            }
        }

        /// Applies `f` to every pixel value.
        func mapped(_ f: (UInt8) -> UInt8) -> Canvas {
            var lut = [UInt8](repeating: 0, count: 256)
            for v in 0..<256 { lut[v] = f(UInt8(v)) }
            var out = self
            out.pixels = pixels.map { lut[Int($0)] }
            return out
        }

        /// A Gaussian blur of standard deviation `sigma`, as three box blurs whose widths are
        /// chosen so that their variances add up to σ² (Kutskir's "boxes for Gauss").
        func blurred(sigma: Double) -> Canvas {
            let passes = 3
            let ideal = (12 * sigma * sigma / Double(passes) + 1).squareRoot()
            var lower = Int(ideal)
            if lower % 2 == 0 { lower -= 1 }
            let upper = lower + 2
            let mIdeal = (12 * sigma * sigma - Double(passes * lower * lower + 4 * passes * lower + 3 * passes)) / Double(-4 * lower - 4)
            let m = Int(mIdeal.rounded())
            var out = self
            for pass in 0..<passes {
                let radius = ((pass < m ? lower : upper) - 1) / 2
                guard radius > 0 else { continue }
                out.pixels = Self.boxBlur(out.pixels, width: width, height: height, radius: radius, horizontal: true)
                out.pixels = Self.boxBlur(out.pixels, width: width, height: height, radius: radius, horizontal: false)
            }
            return out
        }

        /// One box-blur pass along rows or columns, edges repeated.
        private static func boxBlur(_ v: [UInt8], width: Int, height: Int, radius r: Int, horizontal: Bool) -> [UInt8] {
            var out = v
            let lines = horizontal ? height : width, length = horizontal ? width : height
            let stride = horizontal ? 1 : width, lineStep = horizontal ? width : 1
            let n = 2 * r + 1
            var padded = [Int](repeating: 0, count: length + 2 * r + 1)
            v.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    padded.withUnsafeMutableBufferPointer { line in
                        for l in 0..<lines {
                            let base = l * lineStep
                            for i in 0..<line.count {
                                line[i] = Int(src[base + min(length - 1, max(0, i - r)) * stride])
                            }
                            var sum = 0
                            for i in 0..<n { sum += line[i] }
                            for i in 0..<length {
                                dst[base + i * stride] = UInt8((sum + r) / n)
                                sum += line[i + n] - line[i]
                            }
                        }
                    }
                }
            }
            return out
        }

        /// Adds noise uniform in ±`amplitude` (a camera's grain).
        func noisy(amplitude: Int, seed: UInt64) -> Canvas {
            var rng = SplitMix(seed)
            var out = self
            let span = UInt64(2 * amplitude + 1)
            out.pixels.withUnsafeMutableBufferPointer { p in
                for i in 0..<p.count {
                    p[i] = UInt8(clamping: Int(p[i]) + Int(rng.next() % span) - amplitude)
                }
            }
            return out
        }

        /// A bright reflection: pixels pushed to `peak` (255: white, clipped) inside `r0` of
        /// (cx, cy), fading out by `r1`.
        func glared(cx: Int, cy: Int, r0: Double, r1: Double, peak: UInt8 = 255) -> Canvas {
            var out = self
            let y0 = max(0, cy - Int(r1)), y1 = min(height, cy + Int(r1) + 1)
            let x0 = max(0, cx - Int(r1)), x1 = min(width, cx + Int(r1) + 1)
            for y in y0..<y1 {
                for x in x0..<x1 {
                    let d = (Double((x - cx) * (x - cx) + (y - cy) * (y - cy))).squareRoot()
                    let a = d <= r0 ? 1 : max(0, 1 - (d - r0) / (r1 - r0))
                    let v = Double(out.pixels[y * width + x])
                    out.pixels[y * width + x] = UInt8(clamping: Int((v + (Double(peak) - v) * a).rounded()))
                }
            }
            return out
        }

        /// The part of this canvas inside the given rectangle (clipped to the canvas): a picture
        /// that cuts the document through its print.
        func cropped(x: Int, y: Int, width w: Int, height h: Int) -> Canvas {
            let x0 = max(0, x), y0 = max(0, y), x1 = min(width, x + w), y1 = min(height, y + h)
            var out = Canvas(width: max(1, x1 - x0), height: max(1, y1 - y0), value: 0)
            for yy in y0..<max(y0, y1) {
                for xx in x0..<max(x0, x1) { out.pixels[(yy - y0) * out.width + xx - x0] = pixels[yy * width + xx] }
            }
            return out
        }

        /// This canvas drawn at `scale` onto a plain `width`×`height` ground of `value`.
        func placed(on width: Int, _ height: Int, value: UInt8, scale: Double) -> Canvas {
            placed(onto: Canvas(width: width, height: height, value: value), scale: scale)
        }

        /// This canvas drawn at `scale` onto `ground`, `dx` pixels right of its middle; what
        /// falls outside the ground is cut off.
        func placed(onto ground: Canvas, scale: Double, dx: Int = 0) -> Canvas {
            var out = ground
            let w = Int(Double(width) * scale), h = Int(Double(height) * scale)
            let ox = (ground.width - w) / 2 + dx, oy = (ground.height - h) / 2
            for y in 0..<h where oy + y >= 0 && oy + y < ground.height {
                for x in 0..<w where ox + x >= 0 && ox + x < ground.width {
                    out.pixels[(oy + y) * ground.width + ox + x] = pixels[Int(Double(y) / scale) * width + Int(Double(x) / scale)]
                }
            }
            return out
        }

        /// This canvas drawn at `scale` onto a `width`×`height` basket-woven cloth darker than
        /// the card (squares of 48 px whose 8 px threads, 60 and 140, run across in one square and
        /// down in the next), `dx` pixels right of the middle; what falls outside is cut off.
        func placedOnCloth(_ width: Int, _ height: Int, scale: Double, dx: Int = 0) -> Canvas {
            var cloth = Canvas(width: width, height: height, value: 0)
            for y in 0..<height {
                for x in 0..<width {
                    let across = (x / 48 + y / 48) % 2 == 0
                    cloth.pixels[y * width + x] = (across ? (y / 8) % 2 : (x / 8) % 2) == 1 ? 140 : 60
                }
            }
            return placed(onto: cloth, scale: scale, dx: dx)
        }

        /// The canvas as an image.
        func image() -> Image? {
            pixels.withUnsafeBufferPointer { p in
                p.baseAddress.flatMap { Image.fromPacked($0, width: width, height: height, rowBytes: width, channels: 1) }
            }
        }

        func jpeg(quality: Int = 90) -> [UInt8] {
            image()?.jpegData(quality: quality) ?? []
        }

        func png() -> [UInt8] {
            image()?.pngData() ?? []
        }
    }

    /// A seeded pseudo-random generator (SplitMix64).
    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Draws a line of pseudo-glyphs (5×7 cells, each `cell`×`cell * 4 / 3` px) from (x, y).
    static func drawText(_ c: inout Canvas, x: Int, y: Int, glyphs: Int, cell: Int, value: UInt8, rng: inout SplitMix) {
        let cw = cell, ch = cell * 4 / 3
        for g in 0..<glyphs {
            let gx = x + g * (5 * cw + 2 * cw)
            if rng.next() % 7 == 0 { continue }  // a space
            for row in 0..<7 {
                for col in 0..<5 where rng.next() % 100 < 45 {
                    c.fill(x: gx + col * cw, y: y + row * ch, width: cw, height: ch, value: value)
                }
            }
        }
    }

    /// The front of an identity card, 1600×1000: frame, header band, photo box, text, MRZ.
    static let documentFront: Canvas = {
        var rng = SplitMix(1)
        var c = Canvas(width: 1600, height: 1000, value: 214)
        for x in 0..<1600 { c.fill(x: x, y: 0, width: 1, height: 1000, value: UInt8(200 + x * 24 / 1600)) }
        c.fill(x: 30, y: 30, width: 1540, height: 8, value: 40)
        c.fill(x: 30, y: 962, width: 1540, height: 8, value: 40)
        c.fill(x: 30, y: 30, width: 8, height: 940, value: 40)
        c.fill(x: 1562, y: 30, width: 8, height: 940, value: 40)
        c.fill(x: 38, y: 60, width: 1524, height: 120, value: 70)
        drawText(&c, x: 90, y: 90, glyphs: 26, cell: 6, value: 235, rng: &rng)
        for y in 0..<480 { c.fill(x: 80, y: 230 + y, width: 380, height: 1, value: UInt8(90 + y * 80 / 480)) }
        c.fill(x: 170, y: 300, width: 200, height: 260, value: 60)
        for line in 0..<9 {
            drawText(&c, x: 520, y: 230 + line * 62, glyphs: 12 + line % 4 * 4, cell: 4, value: 30, rng: &rng)
        }
        for line in 0..<2 {
            drawText(&c, x: 90, y: 800 + line * 70, glyphs: 30, cell: 5, value: 25, rng: &rng)
        }
        return c
    }()

    /// The back of the card: a different layout (barcode, blocks of small text).
    static let documentBack: Canvas = {
        var rng = SplitMix(2)
        var c = Canvas(width: 1600, height: 1000, value: 222)
        c.fill(x: 30, y: 30, width: 1540, height: 8, value: 40)
        c.fill(x: 30, y: 962, width: 1540, height: 8, value: 40)
        var x = 100
        while x < 1500 {
            let w = 3 + Int(rng.next() % 9)
            c.fill(x: x, y: 90, width: w, height: 300, value: 20)
            x += w + 3 + Int(rng.next() % 9)
        }
        for line in 0..<7 {
            drawText(&c, x: 100, y: 470 + line * 65, glyphs: 40, cell: 4, value: 35, rng: &rng)
        }
        return c
    }()

    /// A document photographed small on a plain table: the card fills a third of the frame.
    static let documentOnTable: Canvas = documentFront.placed(on: 1600, 1000, value: 128, scale: 0.45)

    /// The bytes of a fixture under `Fixtures/KYC`.
    static func fixture(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "Fixtures/KYC/\(name)", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(try Data(contentsOf: url))
    }

    /// The astronaut Eileen Collins, 512×512 (NASA, public domain; from scikit-image's data).
    static func astronaut() throws -> [UInt8] { try fixture("astronaut.jpg") }

    /// A cup of coffee, 600×400, no face (CC0 by Rachel Michetti; from scikit-image's data).
    static func coffee() throws -> [UInt8] { try fixture("coffee.jpg") }

    /// Two copies of a colour JPEG side by side, as one JPEG (a selfie with two faces).
    static func sideBySide(_ jpeg: [UInt8]) throws -> [UInt8] {
        let decoded = try ImageDecoder.decode(jpeg)
        guard let rgb = decoded.image.packedBytes() else { throw CocoaError(.coderInvalidValue) }
        let w = decoded.image.width, h = decoded.image.height
        var out = [UInt8](repeating: 0, count: 2 * w * h * 3)
        for y in 0..<h {
            for copy in 0..<2 {
                let dst = (y * 2 * w + copy * w) * 3
                out.replaceSubrange(dst..<(dst + w * 3), with: rgb[(y * w * 3)..<((y + 1) * w * 3)])
            }
        }
        let image = out.withUnsafeBufferPointer { p in
            p.baseAddress.flatMap { Image.fromPacked($0, width: 2 * w, height: h, rowBytes: 2 * w * 3, channels: 3) }
        }
        guard let data = image?.jpegData(quality: 90) else { throw CocoaError(.coderInvalidValue) }
        return data
    }

    /// A colour JPEG shown on a tablet held up to the camera, as one gray JPEG: the picture at
    /// 70 % inside a black bezel, on a plain wall (a selfie that is a photo of a screen).
    static func onTablet(_ jpeg: [UInt8]) throws -> [UInt8] {
        let decoded = try ImageDecoder.decode(jpeg)
        guard let gray = decoded.image.grayCopy(width: decoded.image.width), let pixels = gray.packedBytes() else {
            throw CocoaError(.coderInvalidValue)
        }
        let face = Canvas(width: gray.width, height: gray.height, pixels: pixels)
        let w = gray.width * 10 / 7, h = gray.height * 10 / 7
        var wall = Canvas(width: w, height: h, value: 140)
        wall.fill(x: w / 10, y: h / 12, width: w * 8 / 10, height: h * 10 / 12, value: 18)
        let screen = face.placed(on: w, h, value: 0, scale: 0.7)
        let (x0, y0) = ((w - gray.width * 7 / 10) / 2, (h - gray.height * 7 / 10) / 2)
        for y in y0..<(y0 + gray.height * 7 / 10) {
            for x in x0..<(x0 + gray.width * 7 / 10) { wall.pixels[y * w + x] = screen.pixels[y * w + x] }
        }
        return photo(wall, seed: 12)
    }

    /// A JPEG scaled by `factor`.
    static func scaled(_ jpeg: [UInt8], by factor: Double) throws -> [UInt8] {
        guard let data = try ImageDecoder.decode(jpeg).image.scaled(by: factor)?.jpegData(quality: 90) else {
            throw CocoaError(.coderInvalidValue)
        }
        return data
    }
}

extension KYCSamples {
    /// A render as a phone would save it: a little grain, JPEG quality 90.
    static func photo(_ canvas: Canvas, seed: UInt64 = 9) -> [UInt8] {
        canvas.noisy(amplitude: 3, seed: seed).jpeg(quality: 90)
    }

    /// The card's front and back as photos.
    static let frontJPEG = photo(documentFront)
    static let backJPEG = photo(documentBack, seed: 10)

    /// A ~9 MB photo of the card: 4000×2500 stored, strong grain, quality 97, carrying EXIF
    /// orientation 6 (turn clockwise: upright it is 2500×4000) and a GPS position.
    static func bigGPSPhoto() throws -> [UInt8] {
        guard let big = documentFront.image()?.scaled(by: 2.5), let gray = big.packedBytes() else {
            throw CocoaError(.coderInvalidValue)
        }
        let grainy = Canvas(width: big.width, height: big.height, pixels: gray).noisy(amplitude: 64, seed: 3)
        guard let jpeg = grainy.image()?.jpegData(quality: 97) else { throw CocoaError(.coderInvalidValue) }
        return withEXIF(jpeg, orientation: 6, gps: true)
    }
}

extension KYCSamples.Canvas {
    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}

extension KYCSamples.Canvas: CustomTestStringConvertible {
    /// Its size only: a parameterised test's log line names the case, not its million pixel values
    /// (which made a test run's output 45 MB).
    var testDescription: String { "Canvas(\(width) x \(height))" }
}
