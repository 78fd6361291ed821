import ActivationVision

/// Re-encodes an image that fails only on size, format or side length into a JPEG that passes:
/// upright, without metadata, downscaled only as far as needed and never below the role's
/// minimum sides, at the highest JPEG quality that keeps it under the size limit.
///
/// Blocks while encoding (a few encodes of the image). Uses only its arguments, so it belongs
/// to the caller's thread.
struct KYCFixer {
    /// A fixed file: the JPEG bytes and what was done to get them.
    struct Fix {
        var bytes: [UInt8]
        var actions: [String]
    }

    let rules: KYCRules

    /// The fixed JPEG, or nil when even the lowest allowed quality at the smallest allowed size
    /// is too large (or leptonica fails).
    func fix(_ decoded: DecodedImage, role: KYCRole) -> Fix? {
        let image = decoded.image
        let long = max(image.width, image.height), short = min(image.width, image.height)
        guard long > 0, short > 0 else { return nil }
        let need = rules.minimumSides(for: role)
        let floor = min(1, max(Double(need.long) / Double(long), Double(need.short) / Double(short)))
        var scale = min(1, Double(rules.maxSide) / Double(long))
        let qualities = rules.fixQualities
        let limit = rules.maxFileBytes
        for _ in 0..<8 {
            let portrait = image.height > image.width
            let w = side(image.width, scale, floor: portrait ? need.short : need.long)
            let h = side(image.height, scale, floor: portrait ? need.long : need.short)
            guard let candidate = (w, h) == (image.width, image.height) ? image : image.scaled(toWidth: w, height: h) else { return nil }
            guard let best = Self.bestQuality(candidate, in: qualities, under: limit) else {
                guard scale > floor * 1.0001, let smallest = candidate.jpegData(quality: qualities.lowerBound) else { return nil }
                // JPEG size grows about with the pixel count: shrink the area by the overshoot, and a little more.
                scale = max(floor, scale * (Double(limit) / Double(smallest.count)).squareRoot() * 0.97)
                continue
            }
            var actions: [String] = []
            if decoded.exif.orientation != 1 { actions.append("oriented") }
            if decoded.format != .jpeg { actions.append("converted \(decoded.format.rawValue)→jpeg") }
            actions.append("stripped_metadata")
            if candidate.width != image.width {
                actions.append("downscaled \(image.width)x\(image.height)→\(candidate.width)x\(candidate.height)")
            }
            actions.append("jpeg q=\(best.quality)")
            return Fix(bytes: best.bytes, actions: actions)
        }
        return nil
    }

    /// `length` scaled, rounded, and kept between `floor` and the side limit.
    private func side(_ length: Int, _ scale: Double, floor: Int) -> Int {
        min(rules.maxSide, max(floor, Int((Double(length) * scale).rounded())))
    }

    /// The highest quality in `qualities` whose JPEG is under `limit` bytes, found by binary
    /// search (size grows with quality); nil when even the lowest is too large.
    static func bestQuality(_ image: Image, in qualities: ClosedRange<Int>, under limit: Int) -> (quality: Int, bytes: [UInt8])? {
        if let top = image.jpegData(quality: qualities.upperBound), top.count < limit {
            return (qualities.upperBound, top)
        }
        guard let bottom = image.jpegData(quality: qualities.lowerBound), bottom.count < limit else { return nil }
        var best = (quality: qualities.lowerBound, bytes: bottom)
        var lo = qualities.lowerBound + 1, hi = qualities.upperBound - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            guard let data = image.jpegData(quality: mid) else { return nil }
            if data.count < limit {
                best = (mid, data)
                lo = mid + 1
            } else {
                hi = mid - 1
            }
        }
        return best
    }
}
