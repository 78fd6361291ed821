@testable import ActivationVision
import Testing

/// `Image.differenceHash(gray:width:height:)`: each cell of the 9×8 thumbnail the mean of its
/// block, one bit per horizontal neighbour pair, left brighter than right.
@Suite struct DifferenceHashTests {
    /// A `width`×`height` gray picture whose value at each pixel is `value(x, y)`.
    func picture(_ width: Int, _ height: Int, _ value: (Int, Int) -> Int) -> [UInt8] {
        (0..<height).flatMap { y in (0..<width).map { x in UInt8(clamping: value(x, y)) } }
    }

    @Test func aPictureDarkeningToTheRightSetsEveryBitAndItsMirrorNone() {
        let darkening = picture(900, 600) { x, _ in 250 - x / 4 }
        #expect(Image.differenceHash(gray: darkening, width: 900, height: 600) == UInt64.max)
        let brightening = picture(900, 600) { x, _ in x / 4 }
        #expect(Image.differenceHash(gray: brightening, width: 900, height: 600) == 0)
    }

    @Test func eachRowOfTheThumbnailIsAByteFromTheTop() {
        // The top half darkens to the right, the bottom half brightens: the first four rows' bits.
        let split = picture(1000, 800) { x, y in y < 400 ? 250 - x / 5 : x / 5 }
        #expect(Image.differenceHash(gray: split, width: 1000, height: 800) == 0xFFFF_FFFF_0000_0000)
    }

    @Test func aPictureTooSmallOrBytesOfAnotherSizeHaveNone() {
        #expect(Image.differenceHash(gray: [UInt8](repeating: 0, count: 8 * 8), width: 8, height: 8) == nil)
        #expect(Image.differenceHash(gray: [UInt8](repeating: 0, count: 10), width: 9, height: 8) == nil)
    }
}
