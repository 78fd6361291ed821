import ActivationVision

/// Finds frontal faces with two of OpenCV's cascade classifiers (`FaceCascade`): one cascade
/// proposes faces, a second one must find a face in each proposal's neighbourhood too. Two
/// cascades agreeing cut the false faces a single Haar cascade finds in collars, badges and
/// patterned backgrounds (which would fail a good selfie as `MULTIPLE_FACES`).
///
/// Loading the cascades is the expensive part, so make one detector per worker and reuse it.
/// Not thread-safe: a detector belongs to the thread (worker) that uses it. `faces(in:)`
/// blocks while it runs (tens of milliseconds for a selfie).
final class FaceDetector {
    /// Why a detection failed (OpenCV's reason, or an allocation failure).
    typealias Failure = FaceCascade.Failure

    private let proposer: FaceCascade
    private let confirmer: FaceCascade?

    /// Loads the cascade at `cascadePath`, and the one at `confirmationPath` when given.
    init(cascadePath: String, confirmationPath: String?) throws(KYCSetupError) {
        proposer = try FaceCascade(path: cascadePath)
        confirmer = try confirmationPath.map { (path: String) throws(KYCSetupError) in try FaceCascade(path: path) }
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
        let proposed = try proposer.faces(in: gray, minSize: minSize, minNeighbors: minNeighbors)
        var confirmed: [PixelRect] = []
        for box in proposed {
            if let confirmer {
                let margin = box.width / 4
                guard let around = gray.cropped(to: box.insetBy(dx: -margin, dy: -margin)),
                      try !confirmer.faces(in: around, minSize: box.width / 2, minNeighbors: 3).isEmpty
                else { continue }
            }
            confirmed.append(box.scaled(by: 1 / factor))
        }
        return confirmed
    }
}
