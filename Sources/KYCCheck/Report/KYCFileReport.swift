/// What the pre-validation found in one file: the facts, the scores, the errors that would get
/// it rejected, warnings, and what fixing did. Pure value.
///
/// When the file was fixed, the facts and errors are those of the fixed JPEG (the file to
/// upload), `original` holds those of the file as given, and `actions` says what was done.
/// Encodes every key, nil as `null`: the CLI and the service share this JSON shape.
public struct KYCFileReport: Sendable, Hashable, Codable {
    /// The file's size in bytes; nil when no file was given.
    public var bytes: Int?
    /// The format judged by content (`jpeg`, `png`, `heic`, `webp`, `pdf`, `unknown`, …).
    public var format: String?
    /// The upright size in pixels (EXIF orientation applied), or the declared size of an image
    /// refused before decoding; nil when unknown.
    public var width: Int?
    public var height: Int?
    /// The quality scores; nil when the image was not decoded.
    public var scores: KYCScores?
    /// How many faces the selfie shows; nil for documents and undecoded images.
    public var faces: Int?
    /// Every score the rules judged, with the threshold it was held against at the strictness
    /// in force (documents: sharpness, glare, exposure; selfies: the face's sharpness, exposure
    /// and size, or the frame's exposure when no face is found). Empty when not decoded.
    public var checks: [KYCMeasure] = []
    /// What would get the file rejected. Empty means the file passes.
    public var errors: [KYCIssue] = []
    /// What is worth knowing but does not fail the file (`EXTENSION_MISMATCH`, …).
    public var warnings: [KYCIssue] = []
    /// What fixing did, in order (`oriented`, `stripped_metadata`, `downscaled 4032x3024→2800x2100`, `jpeg q=87`).
    public var actions: [String] = []
    /// The file as given, when it was fixed; nil otherwise.
    public var original: Original?
    /// Where the fixed file went: the CLI's path, the service's name; nil when not fixed.
    public var fixed: String?
    /// The fixed file's bytes in base64, when the service ships them inline; nil otherwise.
    public var fixedContent: String?

    /// The facts and errors of a file as given, before fixing.
    public struct Original: Sendable, Hashable, Codable {
        public var bytes: Int
        public var format: String
        public var width: Int?
        public var height: Int?
        public var errors: [KYCIssue]
        public var warnings: [KYCIssue]

        public init(bytes: Int, format: String, width: Int?, height: Int?, errors: [KYCIssue], warnings: [KYCIssue]) {
            self.bytes = bytes
            self.format = format
            self.width = width
            self.height = height
            self.errors = errors
            self.warnings = warnings
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(bytes, forKey: .bytes)
            try c.encode(format, forKey: .format)
            try c.encode(width, forKey: .width)
            try c.encode(height, forKey: .height)
            try c.encode(errors, forKey: .errors)
            try c.encode(warnings, forKey: .warnings)
        }
    }

    public init() {}

    /// Whether the file passes: no errors.
    public var ok: Bool { errors.isEmpty }

    /// Records a check: its measure, and its issue unless one of the same code is already there
    /// (a fault two checks see, a document cut off or covered, is told once per file).
    mutating func record(_ judged: (measure: KYCMeasure, issue: KYCIssue?)) {
        checks.append(judged.measure)
        if let issue = judged.issue, !errors.contains(where: { $0.code == issue.code }) { errors.append(issue) }
    }

    /// The report of a role for which no file was given.
    static func missing(_ role: KYCRole) -> KYCFileReport {
        var report = KYCFileReport()
        report.errors = [KYCIssue(.fileMissing, "no \(role.title) was given")]
        return report
    }

    enum CodingKeys: String, CodingKey {
        case ok, bytes, format, width, height, scores, faces, checks, errors, warnings, actions, original, fixed, fixedContent
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bytes = try c.decodeIfPresent(Int.self, forKey: .bytes)
        format = try c.decodeIfPresent(String.self, forKey: .format)
        width = try c.decodeIfPresent(Int.self, forKey: .width)
        height = try c.decodeIfPresent(Int.self, forKey: .height)
        scores = try c.decodeIfPresent(KYCScores.self, forKey: .scores)
        faces = try c.decodeIfPresent(Int.self, forKey: .faces)
        checks = try c.decodeIfPresent([KYCMeasure].self, forKey: .checks) ?? []
        errors = try c.decodeIfPresent([KYCIssue].self, forKey: .errors) ?? []
        warnings = try c.decodeIfPresent([KYCIssue].self, forKey: .warnings) ?? []
        actions = try c.decodeIfPresent([String].self, forKey: .actions) ?? []
        original = try c.decodeIfPresent(Original.self, forKey: .original)
        fixed = try c.decodeIfPresent(String.self, forKey: .fixed)
        fixedContent = try c.decodeIfPresent(String.self, forKey: .fixedContent)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ok, forKey: .ok)
        try c.encode(bytes, forKey: .bytes)
        try c.encode(format, forKey: .format)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(scores, forKey: .scores)
        try c.encode(faces, forKey: .faces)
        try c.encode(checks, forKey: .checks)
        try c.encode(errors, forKey: .errors)
        try c.encode(warnings, forKey: .warnings)
        try c.encode(actions, forKey: .actions)
        try c.encode(original, forKey: .original)
        try c.encode(fixed, forKey: .fixed)
        try c.encode(fixedContent, forKey: .fixedContent)
    }
}
