import ActivationVision

/// Finds frontal faces with two of OpenCV's cascade classifiers (`FaceCascade`): one cascade
/// proposes faces, a second one must find a face in each proposal's neighbourhood too. Two
/// cascades agreeing cut the false faces a single Haar cascade finds in collars, badges and
/// patterned backgrounds (which would fail a good selfie as `MULTIPLE_FACES`).
///
/// Besides the faces of a counted size (`faces(in:…)`), it looks for the three ways a face can be
/// there and still not be found: too small (`smallFaces(in:…)`), cut by a side of the frame
/// (`sideCutFaces(in:…)`), or hidden from the cascades (`networkFaces(in:…)`, a face network);
/// the validator asks only when no face was counted.
///
/// Loading the cascades is the expensive part, so make one detector per worker and reuse it.
/// Not thread-safe: a detector belongs to the thread (worker) that uses it. Each search blocks
/// while it runs (tens of milliseconds for a selfie; the two extra searches, run only on a
/// selfie without a counted face, add 0.3–1.1 s on 2 shared cores: the small one scans a copy
/// twice the size at the cascade's finest scales, and a coarser step, 1.15, missed real faces).
final class FaceDetector {
    /// Why a detection failed (OpenCV's reason, or an allocation failure).
    typealias Failure = FaceCascade.Failure

    /// The smallest face, in pixels of the cascade's input, that any search looks for.
    static let smallestFace = 24

    /// A gray copy to search: as an image (to enlarge) and as pixels, with its scale from the
    /// picture.
    private struct WorkingCopy {
        var image: Image
        var pixels: GrayPixels
        var factor: Double
    }

    private let proposer: FaceCascade
    private let confirmer: FaceCascade?
    private let eyeFinder: FaceCascade?
    private let networkPath: String?
    /// The face network, loaded on first use (a selfie without a face the cascades find); nil
    /// when there is no model or it does not load.
    private lazy var network: FaceNetwork? = networkPath.flatMap { FaceNetwork(path: $0) }

    /// Loads the cascade at `cascadePath`, and those at `confirmationPath` and `eyePath` when
    /// given; the face network at `networkPath` is loaded when first asked for.
    init(
        cascadePath: String, confirmationPath: String?, eyePath: String? = nil, networkPath: String? = nil
    ) throws(KYCSetupError) {
        proposer = try FaceCascade(path: cascadePath)
        confirmer = try confirmationPath.map { (path: String) throws(KYCSetupError) in try FaceCascade(path: path) }
        eyeFinder = try eyePath.map { (path: String) throws(KYCSetupError) in try FaceCascade(path: path) }
        self.networkPath = networkPath
    }

    /// The faces in `image` at least `minSizeFraction` of its short side wide, found on a gray
    /// copy at most `workingSide` pixels on its long side, in `image`'s pixels. Throws when
    /// OpenCV fails.
    ///
    /// With `countedShare`, a face narrower than that share of the largest one is not counted
    /// (`KYCRules.countedFaces`), so the search need not start at the smallest size: a glance
    /// (scale step 1.3, two neighbours, from twice the smallest size) estimates the largest
    /// face, and the search starts at 0.7 × `countedShare` of it. The faces counted are those
    /// of the search from the smallest size, as long as the largest one found is at least
    /// 0.875 of the estimate: a cascade's detections of one face, which it averages into one
    /// box, lie within a fifth of its size, so those of every counted face are above the start.
    /// Otherwise (no face in the glance, or a false one larger than any real face) the search
    /// runs from the smallest size. A selfie's usual large face is searched about twice as fast.
    func faces(
        in image: Image, minSizeFraction: Double, minNeighbors: Int, countedShare: Double? = nil, workingSide: Int = 800
    ) throws(Failure) -> [PixelRect] {
        let gray = try workingCopy(of: image, side: workingSide), factor = gray.factor
        let minSize = Self.minSize(gray, minSizeFraction)
        if let countedShare, let estimate = try proposer.faces(
            in: gray.pixels, minSize: 2 * minSize, maxSize: 0, minNeighbors: 2, scaleFactor: 1.3
        ).map(\.width).max() {
            let start = max(minSize, Int(0.7 * countedShare * Double(estimate)))
            let found = try confirmedFaces(in: gray.pixels, minSize: start, minNeighbors: minNeighbors)
            if let largest = found.map(\.width).max(), start == minSize || 0.8 * countedShare * Double(largest) >= Double(start) {
                return found.map { $0.scaled(by: 1 / factor) }
            }
        }
        return try confirmedFaces(in: gray.pixels, minSize: minSize, minNeighbors: minNeighbors)
            .map { $0.scaled(by: 1 / factor) }
    }

    /// The faces in `image` too small for `faces(in:…)`: on the working copy enlarged twice,
    /// from `smallestFace` up to twice that search's smallest size (so from 12 px of the working
    /// copy). A person far from the camera, whose face the counted search cannot see.
    func smallFaces(
        in image: Image, minSizeFraction: Double, minNeighbors: Int, workingSide: Int = 800
    ) throws(Failure) -> [PixelRect] {
        let gray = try workingCopy(of: image, side: workingSide), factor = gray.factor
        guard let enlarged = gray.image.scaled(by: 2), let pixels = GrayPixels(enlarged) else {
            throw Failure(message: "the image could not be enlarged")
        }
        let counted = Self.minSize(gray, minSizeFraction)
        return try confirmedFaces(
            in: pixels, minSize: Self.smallestFace, maxSize: 2 * counted, minNeighbors: minNeighbors
        ).map { $0.scaled(by: 1 / (2 * factor)) }
    }

    /// The faces that the picture's left or right edge cuts through, in `image`'s pixels and
    /// clipped to it: found on the working copy widened by mirroring each side edge
    /// (`GrayPixels.mirroredSides(pad:)`; a face is close to symmetric, so the half that is
    /// in the picture and its mirror image make a whole one), and kept when the edge runs
    /// through the box with at least `minVisible` of its width on each side. A face wholly
    /// inside the picture, or wholly in the mirrored margin, is not one.
    func sideCutFaces(
        in image: Image, minSizeFraction: Double, minNeighbors: Int, workingSide: Int = 800, minVisible: Double = 0.1
    ) throws(Failure) -> [PixelRect] {
        let gray = try workingCopy(of: image, side: workingSide), factor = gray.factor
        let pad = gray.pixels.width / 2
        let widened = gray.pixels.mirroredSides(pad: pad)
        let boxes = try confirmedFaces(in: widened, minSize: Self.minSize(gray, minSizeFraction), minNeighbors: minNeighbors)
        let width = gray.pixels.width
        return boxes.compactMap { found -> PixelRect? in
            let box = PixelRect(x: found.x - pad, y: found.y, width: found.width, height: found.height)
            let margin = Int((minVisible * Double(box.width)).rounded())
            let cutLeft = box.x <= -margin && box.maxX >= margin
            let cutRight = box.x <= width - margin && box.maxX >= width + margin
            guard cutLeft || cutRight else { return nil }
            return box.clamped(width: width, height: gray.pixels.height).scaled(by: 1 / factor)
        }
    }

    /// The faces the face network (`FaceNetwork`) finds in `image` scoring at least `minScore`,
    /// on a gray copy at most `workingSide` pixels on its long side, in `image`'s pixels; empty
    /// without a network. Faces the cascades cannot see: under a mask, a hat, turned away.
    func networkFaces(in image: Image, minScore: Double, workingSide: Int = 320) throws(Failure) -> [PixelRect] {
        guard let network else { return [] }
        let gray = try workingCopy(of: image, side: workingSide)
        return try network.faces(in: gray.pixels, minScore: minScore).map { $0.scaled(by: 1 / gray.factor) }
    }

    /// How many eyes the eye cascade finds in `face`, a found face's gray copy 128 px wide
    /// (`FaceQuality.grayFace(of:in:)`), from 0.08 to 0.59 of its height (the brows to below the
    /// eyes), each 14–50 px; nil without an eye cascade. It finds an eye in four of five bare
    /// faces (164 of 206) and in a third of those in sunglasses (33 of 89), `FaceCover`'s sets.
    func eyes(inFace face: Image) throws(Failure) -> Int? {
        guard let eyeFinder, let pixels = GrayPixels(face),
              let band = pixels.cropped(to: PixelRect(
                  x: 0, y: pixels.height * 8 / 100, width: pixels.width, height: pixels.height * 51 / 100
              ))
        else { return nil }
        return try eyeFinder.faces(in: band, minSize: 14, maxSize: 50, minNeighbors: 3).count
    }

    /// A gray copy of `image` at most `side` pixels on its long side, as an image and as
    /// pixels, with its scale from `image`.
    private func workingCopy(of image: Image, side: Int) throws(Failure) -> WorkingCopy {
        let factor = min(1, Double(side) / Double(max(image.width, image.height)))
        guard let gray = image.grayCopy(width: max(1, Int((Double(image.width) * factor).rounded()))),
              let pixels = GrayPixels(gray)
        else { throw Failure(message: "the image could not be prepared") }
        return WorkingCopy(image: gray, pixels: pixels, factor: factor)
    }

    /// The smallest face counted on the working copy `gray`.
    private static func minSize(_ gray: WorkingCopy, _ fraction: Double) -> Int {
        max(smallestFace, Int(Double(min(gray.pixels.width, gray.pixels.height)) * fraction))
    }

    /// The proposer's faces in `gray`, from `minSize` to `maxSize` (0: no limit) pixels, that the
    /// confirmer (when there is one) also finds around, in `gray`'s pixels.
    private func confirmedFaces(
        in gray: GrayPixels, minSize: Int, maxSize: Int = 0, minNeighbors: Int, scaleFactor: Double = 1.1
    ) throws(Failure) -> [PixelRect] {
        let proposed = try proposer.faces(
            in: gray, minSize: minSize, maxSize: maxSize, minNeighbors: minNeighbors, scaleFactor: scaleFactor
        )
        guard let confirmer else { return proposed }
        var confirmed: [PixelRect] = []
        for box in proposed {
            let margin = box.width / 4
            guard let around = gray.cropped(to: box.insetBy(dx: -margin, dy: -margin)),
                  try !confirmer.faces(in: around, minSize: box.width / 2, minNeighbors: 3).isEmpty
            else { continue }
            confirmed.append(box)
        }
        return confirmed
    }
}
