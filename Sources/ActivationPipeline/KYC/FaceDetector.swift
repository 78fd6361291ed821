internal import CFaceDetect

/// Finds frontal faces with OpenCV's cascade classifier, through the `CFaceDetect` shim.
///
/// Loading the cascade is the expensive part, so make one detector per worker and reuse it.
/// Not thread-safe: a detector belongs to the thread (worker) that uses it. `faces(in:)`
/// blocks while it runs (tens of milliseconds for a selfie).
final class FaceDetector {
    /// Why a detection failed (OpenCV's reason, or an allocation failure).
    struct Failure: Error {
        var message: String
    }

    private let handle: OpaquePointer

    /// Loads the cascade at `cascadePath`.
    init(cascadePath: String) throws(KYCSetupError) {
        var message = [CChar](repeating: 0, count: 256)
        let made = message.withUnsafeMutableBufferPointer { buf in
            CFaceDetect_create(cascadePath, buf.baseAddress, buf.count)
        }
        guard let made else {
            throw KYCSetupError(.faceCascadeUnavailable, Self.text(message))
        }
        handle = made
    }

    deinit {
        CFaceDetect_destroy(handle)
    }

    /// The faces in `image` at least `minSizeFraction` of its short side wide, found on a gray
    /// copy at most `workingSide` pixels on its long side: how many, and the boxes of the first
    /// sixteen in `image`'s pixels. Throws when OpenCV fails.
    func faces(
        in image: Image, minSizeFraction: Double, minNeighbors: Int, workingSide: Int = 800
    ) throws(FaceDetector.Failure) -> (count: Int, boxes: [PixelRect]) {
        let factor = min(1, Double(workingSide) / Double(max(image.width, image.height)))
        guard let gray = image.grayCopy(width: max(1, Int((Double(image.width) * factor).rounded()))),
              let bytes = gray.packedBytes()
        else { throw Failure(message: "the image could not be prepared") }
        let minSize = max(24, Int(Double(min(gray.width, gray.height)) * minSizeFraction))
        var found = [CFaceDetect_Rect](repeating: CFaceDetect_Rect(), count: 16)
        var message = [CChar](repeating: 0, count: 256)
        let count = bytes.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                message.withUnsafeMutableBufferPointer { error in
                    guard let base = pixels.baseAddress else { return Int32(-1) }
                    return CFaceDetect_detect(
                        handle, base, Int32(gray.width), Int32(gray.height), Int32(gray.width),
                        1.1, Int32(minNeighbors), Int32(minSize),
                        faces.baseAddress, Int32(faces.count), error.baseAddress, error.count
                    )
                }
            }
        }
        guard count >= 0 else { throw Failure(message: Self.text(message)) }
        let boxes = found.prefix(Int(count)).map { r in
            PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height)).scaled(by: 1 / factor)
        }
        return (Int(count), boxes)
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
