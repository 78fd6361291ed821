import ActivationVision
internal import CFaceDetect

/// One OpenCV cascade classifier (Haar or LBP) loaded through the `CFaceDetect` shim: the one
/// place that calls it. Owns its C handle and frees it when released; no C type leaves it.
///
/// Loading is the expensive part (tens of milliseconds). Not thread-safe: a cascade belongs to
/// the thread (worker) that uses it, and `faces(in:minSize:minNeighbors:)` blocks while it runs.
final class FaceCascade {
    /// Why a detection failed (OpenCV's reason, or an allocation failure).
    struct Failure: Error {
        var message: String
    }

    private let handle: OpaquePointer

    /// Loads the cascade file at `path`; throws `FACE_CASCADE_UNAVAILABLE` when it does not load.
    init(path: String) throws(KYCSetupError) {
        var message = [CChar](repeating: 0, count: 256)
        let made = message.withUnsafeMutableBufferPointer { buf in
            CFaceDetect_create(path, buf.baseAddress, buf.count)
        }
        guard let made else { throw KYCSetupError(.faceCascadeUnavailable, "\(Self.text(message)): \(path)") }
        handle = made
    }

    deinit {
        CFaceDetect_destroy(handle)
    }

    /// The faces this cascade finds in an 8-bit gray image (at most 64), each at least
    /// `minSize` pixels on a side, in `gray`'s pixels. Throws when OpenCV fails.
    func faces(in gray: Image, minSize: Int, minNeighbors: Int) throws(Failure) -> [PixelRect] {
        guard let pixels = GrayPixels(gray) else { throw Failure(message: "the image could not be prepared") }
        return try faces(in: pixels, minSize: minSize, minNeighbors: minNeighbors)
    }

    /// The faces this cascade finds in `gray` (at most 64), each at least `minSize` and, when
    /// `maxSize` is over 0, at most `maxSize` pixels on a side, in `gray`'s pixels; the
    /// cascade scans from scale 1 in steps of `scaleFactor`. Throws when OpenCV fails.
    func faces(
        in gray: GrayPixels, minSize: Int, maxSize: Int = 0, minNeighbors: Int, scaleFactor: Double = 1.1
    ) throws(Failure) -> [PixelRect] {
        var found = [CFaceDetect_Rect](repeating: CFaceDetect_Rect(), count: 64)
        var message = [CChar](repeating: 0, count: 256)
        let count = gray.bytes.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                message.withUnsafeMutableBufferPointer { error in
                    guard let base = pixels.baseAddress else { return Int32(-1) }
                    return CFaceDetect_detect(
                        handle, base, Int32(gray.width), Int32(gray.height), Int32(gray.width),
                        scaleFactor, Int32(minNeighbors), Int32(minSize), Int32(maxSize),
                        faces.baseAddress, Int32(faces.count), error.baseAddress, error.count
                    )
                }
            }
        }
        guard count >= 0 else { throw Failure(message: Self.text(message)) }
        return found.prefix(min(Int(count), found.count)).map {
            PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height))
        }
    }

    /// The NUL-terminated message the shim wrote into `buffer`.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
