import ActivationVision
internal import CFaceDetect

/// Finds frontal faces with OpenCV's cascade classifiers, through the `CFaceDetect` shim: one
/// cascade proposes faces, a second one must find a face in each proposal's neighbourhood too.
/// Two cascades agreeing cut the false faces a single Haar cascade finds in collars, badges and
/// patterned backgrounds (which would fail a good selfie as `MULTIPLE_FACES`).
///
/// Loading the cascades is the expensive part, so make one detector per worker and reuse it.
/// Not thread-safe: a detector belongs to the thread (worker) that uses it. `faces(in:)`
/// blocks while it runs (tens of milliseconds for a selfie).
final class FaceDetector {
    /// Why a detection failed (OpenCV's reason, or an allocation failure).
    struct Failure: Error {
        var message: String
    }

    private let proposer: OpaquePointer
    private let confirmer: OpaquePointer?

    /// Loads the cascade at `cascadePath`, and the one at `confirmationPath` when given.
    init(cascadePath: String, confirmationPath: String?) throws(KYCSetupError) {
        proposer = try Self.load(cascadePath)
        do throws(KYCSetupError) {
            confirmer = try confirmationPath.map(Self.load)
        } catch {
            CFaceDetect_destroy(proposer)
            throw error
        }
    }

    deinit {
        CFaceDetect_destroy(proposer)
        CFaceDetect_destroy(confirmer)
    }

    private static func load(_ path: String) throws(KYCSetupError) -> OpaquePointer {
        var message = [CChar](repeating: 0, count: 256)
        let made = message.withUnsafeMutableBufferPointer { buf in
            CFaceDetect_create(path, buf.baseAddress, buf.count)
        }
        guard let made else { throw KYCSetupError(.faceCascadeUnavailable, "\(text(message)): \(path)") }
        return made
    }

    /// The faces in `image` at least `minSizeFraction` of its short side wide, found on a gray
    /// copy at most `workingSide` pixels on its long side, in `image`'s pixels. Throws when
    /// OpenCV fails.
    func faces(
        in image: Image, minSizeFraction: Double, minNeighbors: Int, workingSide: Int = 800
    ) throws(Failure) -> [PixelRect] {
        let factor = min(1, Double(workingSide) / Double(max(image.width, image.height)))
        guard let gray = image.grayCopy(width: max(1, Int((Double(image.width) * factor).rounded()))) else {
            throw Failure(message: "the image could not be prepared")
        }
        let minSize = max(24, Int(Double(min(gray.width, gray.height)) * minSizeFraction))
        let proposed = try Self.detect(proposer, in: gray, minSize: minSize, minNeighbors: minNeighbors)
        var confirmed: [PixelRect] = []
        for box in proposed {
            if let confirmer {
                let margin = box.width / 4
                guard let around = gray.cropped(to: box.insetBy(dx: -margin, dy: -margin)),
                      try !Self.detect(confirmer, in: around, minSize: box.width / 2, minNeighbors: 3).isEmpty
                else { continue }
            }
            confirmed.append(box.scaled(by: 1 / factor))
        }
        return confirmed
    }

    /// The faces one cascade finds in an 8-bit gray image (at most 64).
    private static func detect(
        _ cascade: OpaquePointer, in gray: Image, minSize: Int, minNeighbors: Int
    ) throws(Failure) -> [PixelRect] {
        guard let bytes = gray.packedBytes() else { throw Failure(message: "the image could not be prepared") }
        var found = [CFaceDetect_Rect](repeating: CFaceDetect_Rect(), count: 64)
        var message = [CChar](repeating: 0, count: 256)
        let count = bytes.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                message.withUnsafeMutableBufferPointer { error in
                    guard let base = pixels.baseAddress else { return Int32(-1) }
                    return CFaceDetect_detect(
                        cascade, base, Int32(gray.width), Int32(gray.height), Int32(gray.width),
                        1.1, Int32(minNeighbors), Int32(minSize),
                        faces.baseAddress, Int32(faces.count), error.baseAddress, error.count
                    )
                }
            }
        }
        guard count >= 0 else { throw Failure(message: text(message)) }
        return found.prefix(Int(count)).map { PixelRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
