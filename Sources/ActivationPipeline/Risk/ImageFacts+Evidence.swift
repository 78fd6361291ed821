extension ImageFacts {
    /// Image editors whose name in EXIF `Software` means the picture was re-worked after capture.
    /// Matched case-insensitively as substrings.
    static let editors = [
        "photoshop", "lightroom", "gimp", "snapseed", "picsart", "pixelmator", "affinity photo",
        "canva", "fotor", "photoscape", "paint.net", "facetune", "meitu", "polarr", "vsco",
        "photodirector", "krita", "inkscape", "photopea", "remini", "airbrush",
        "befunky", "pixlr", "photoroom",
    ]

    /// The editor named in EXIF `Software`, nil when none is.
    public var editor: String? {
        guard let software = software?.lowercased(), !software.isEmpty else { return nil }
        return Self.editors.first { software.contains($0) }
    }

    /// Why the image looks like a camera photo of a screen rather than a screenshot, nil when
    /// nothing says so. Screenshots carry no camera EXIF, and no phone screen has a camera
    /// sensor's 4:3 or 3:2 shape at 8 megapixels or more.
    public var photoEvidence: String? {
        if hasCameraSettings {
            return "EXIF holds camera exposure settings"
        }
        if let make, !make.isEmpty, let model, !model.isEmpty {
            return "EXIF names a camera (\(make) \(model))"
        }
        let long = max(pixelWidth, pixelHeight)
        let short = min(pixelWidth, pixelHeight)
        guard short > 0 else { return nil }
        let isCameraShape = long * 3 == short * 4 || long * 2 == short * 3
        if isCameraShape, long * short >= 8_000_000 {
            return "\(pixelWidth)×\(pixelHeight) is a camera sensor's size, not a screen's"
        }
        return nil
    }
}
