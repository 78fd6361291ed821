internal import CScreenQuad
import Foundation

extension Image {
    /// The outline of the largest screen-like quadrilateral in this 8-bit picture (``CScreenQuad``:
    /// edges, convex hulls, four corners): its area between `areaShares` of the picture's, each
    /// side at least `minSide` of the picture's short side. Nil when none is found. Blocks for a
    /// few milliseconds (it works at a long side of 640 pixels).
    package func screenQuad(areaShares: ClosedRange<Double>, minSide: Double) -> ScreenQuad? {
        guard depth == 8, let bytes = packedBytes() else { return nil }
        var corners = [Float](repeating: 0, count: 8)
        let found = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return CScreenQuad_find(
                base, Int32(width), Int32(height), Int32(width), areaShares.lowerBound, areaShares.upperBound, minSide, &corners)
        }
        guard found == 1 else { return nil }
        return ScreenQuad(corners: (0..<4).map { (Double(corners[2 * $0]), Double(corners[2 * $0 + 1])) })
    }

    /// The part of this 8-bit picture inside `quad`, warped onto its upright rectangle; nil when
    /// that rectangle would hold more pixels than the picture (a quad that is no screen), or on
    /// failure.
    package func rectified(_ quad: ScreenQuad) -> Image? {
        guard depth == 8, quad.width * quad.height <= width * height, let bytes = packedBytes() else { return nil }
        var out = [UInt8](repeating: 0, count: quad.width * quad.height)
        let warped = bytes.withUnsafeBufferPointer { source -> Int32 in
            guard let base = source.baseAddress else { return 0 }
            let corners = quad.corners.flatMap { [Float($0.x), Float($0.y)] }
            return out.withUnsafeMutableBufferPointer { target in
                guard let into = target.baseAddress else { return 0 }
                return CScreenQuad_warp(base, Int32(width), Int32(height), Int32(width), corners, into, Int32(quad.width), Int32(quad.height))
            }
        }
        guard warped == 1 else { return nil }
        return out.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { Image.fromPacked($0, width: quad.width, height: quad.height, rowBytes: quad.width, channels: 1) }
        }
    }
}
