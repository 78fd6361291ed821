@testable import ActivationVision
import Foundation
import Testing

/// The tilt of text lines, on pages of drawn "words" (dark dashes on white) whose lines stand
/// level, turned, or in a keystone (top and bottom tilted opposite ways).
@Suite struct TextTiltTests {
    /// A 900 × 1800 page of 40 lines of words, each line's slope (degrees) given by its centre's
    /// height (0 at the top, 1 at the bottom).
    static func page(slope: (Double) -> Double) -> (gray: [UInt8], width: Int, height: Int) {
        let width = 900, height = 1800
        var gray = [UInt8](repeating: 235, count: width * height)
        for line in 0..<40 {
            let centreY = 60 + Double(line) * 42
            let tangent = tan(slope(centreY / Double(height)) * .pi / 180)
            // Words of 40-110 pixels, 14 apart, 16 pixels tall, in a column 60-840.
            var x = 60 + (line * 37) % 50
            var word = line
            while x < 840 {
                let length = 40 + (word * 53) % 70
                for px in x..<min(840, x + length) {
                    let top = Int((centreY + (Double(px) - 450) * tangent).rounded()) - 8
                    for py in top..<(top + 16) where py >= 0 && py < height { gray[py * width + px] = 40 }
                }
                x += length + 14
                word += 1
            }
        }
        return (gray, width, height)
    }

    @Test func levelLinesAreNotTilted() {
        let page = Self.page { _ in 0 }
        let tilt = TextTilt.measure(gray: page.gray, width: page.width, height: page.height)
        #expect(tilt.whole?.degrees == 0)
        #expect(tilt.top?.degrees == 0 && tilt.bottom?.degrees == 0)
        #expect(!tilt.tilted)
    }

    @Test func aTurnedPageIsTiltedAndItsAngleFound() throws {
        let page = Self.page { _ in 0.7 }
        let tilt = TextTilt.measure(gray: page.gray, width: page.width, height: page.height)
        let whole = try #require(tilt.whole)
        #expect(abs(whole.degrees - 0.7) <= 0.04, "\(whole)")
        #expect(whole.gain > TextTilt.minGain)
        #expect(tilt.tilted)
    }

    @Test func aKeystoneTiltsTopAndBottomOppositeWaysWhileTheWholeStaysNearLevel() throws {
        // Top lines fall 0.8° to the right, bottom lines rise 0.8°: the screen seen from one side.
        let page = Self.page { 0.8 - 1.6 * $0 }
        let tilt = TextTilt.measure(gray: page.gray, width: page.width, height: page.height)
        let top = try #require(tilt.top), bottom = try #require(tilt.bottom)
        #expect(top.degrees > 0.4 && bottom.degrees < -0.4, "\(top) \(bottom)")
        #expect(top.tilted && bottom.tilted)
        #expect(tilt.tilted)
        #expect(abs(tilt.whole?.degrees ?? 0) < abs(top.degrees))
    }

    @Test func aPictureLongerThanTheTiltSideIsMeasuredOnASmallerCopy() throws {
        // The 900 x 1800 page turned 0.7 degrees, drawn twice as large (1800 x 3600): measured
        // at 3,000 pixels, its angle is still found.
        let small = Self.page { _ in 0.7 }
        var large = [UInt8](repeating: 235, count: small.width * 2 * small.height * 2)
        for y in 0..<(small.height * 2) {
            for x in 0..<(small.width * 2) { large[y * small.width * 2 + x] = small.gray[(y / 2) * small.width + x / 2] }
        }
        let made = large.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap {
                Image.fromPacked($0, width: small.width * 2, height: small.height * 2, rowBytes: small.width * 2, channels: 1)
            }
        }
        let image = try #require(made)
        #expect(max(image.width, image.height) > Image.tiltSide)
        let whole = try #require(image.textTilt()?.whole)
        #expect(abs(whole.degrees - 0.7) <= 0.06, "\(whole)")
    }

    @Test func aPageWithoutInkSaysNothing() {
        let blank = [UInt8](repeating: 200, count: 300 * 300)
        let tilt = TextTilt.measure(gray: blank, width: 300, height: 300)
        #expect(tilt.whole == nil && tilt.top == nil && tilt.bottom == nil)
        #expect(!tilt.tilted)
        #expect(TextTilt.measure(gray: [], width: 10, height: 10).whole == nil)
    }
}
