import ActivationVision
internal import CFaceDetect

/// CenterFace, a face network (an ONNX model, run by OpenCV's dnn module through the
/// `CFaceDetect` shim): the one place that calls it. Owns its C handle and frees it when released.
///
/// It finds faces the cascades miss: under a mask, a hat's brim or a hand, turned away or looking
/// down. The cascades stay the selfie's counting detector: the network finds no drawn face (the
/// samples' and the tests' cartoons), and finds a face that a reviewer cannot see well enough.
/// Not thread-safe: a network belongs to the thread (worker) that uses it, and `faces(in:minScore:)`
/// blocks while it runs (some 30 ms on one core for a 320 px copy).
final class FaceNetwork {
    private let handle: OpaquePointer

    /// Loads the model at `path` (about 0.1 s); nil when it is missing or does not load.
    init?(path: String) {
        guard let made = CFaceDetect_openNetwork(path, nil, 0) else { return nil }
        handle = made
    }

    deinit {
        CFaceDetect_closeNetwork(handle)
    }

    /// The boxes of the faces in `gray` scoring at least `minScore` (at most 16), in `gray`'s
    /// pixels. Throws when OpenCV fails.
    func faces(in gray: GrayPixels, minScore: Double) throws(FaceCascade.Failure) -> [PixelRect] {
        var found = [CFaceDetect_Face](repeating: CFaceDetect_Face(), count: 16)
        var message = [CChar](repeating: 0, count: 256)
        let count = gray.bytes.withUnsafeBufferPointer { pixels in
            found.withUnsafeMutableBufferPointer { faces in
                message.withUnsafeMutableBufferPointer { error in
                    guard let base = pixels.baseAddress else { return Int32(-1) }
                    return CFaceDetect_networkFaces(
                        handle, base, Int32(gray.width), Int32(gray.height), Int32(gray.width), Float(minScore),
                        faces.baseAddress, Int32(faces.count), error.baseAddress, error.count
                    )
                }
            }
        }
        guard count >= 0 else { throw FaceCascade.Failure(message: FaceCascade.text(message)) }
        return found.prefix(min(Int(count), found.count)).map {
            PixelRect(x: Int($0.box.x), y: Int($0.box.y), width: Int($0.box.width), height: Int($0.box.height))
        }
    }
}
