/// What the reader answers for one screenshot: the IMEIs it found, or the SDK error.
///
/// This is the object `activation imei --json` prints, one per line, and that the batch
/// export and `POST /v1/imei` reuse.
public struct ScreenshotResult: Sendable, Hashable, Codable {
    /// The SDK error as JSON: `{"code": 4001, "name": …, "message": …, "detail": …}`.
    public struct ErrorBody: Sendable, Hashable, Codable {
        public var code: Int
        public var name: String
        public var message: String
        public var detail: String?
        /// The error's stable reason (``OAError/reason``), encoded only when it has one.
        public var reason: String?

        public init(_ error: OAError) {
            code = error.code
            name = error.name
            message = error.message
            detail = error.detail
            reason = error.reason
        }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(code, forKey: .code)
            try c.encode(name, forKey: .name)
            try c.encode(message, forKey: .message)
            try c.encode(detail, forKey: .detail)
            try c.encodeIfPresent(reason, forKey: .reason)
        }
    }

    /// The input's name as the caller gave it.
    public var file: String
    /// The IMEIs found, in screen order (slot 1 first). Empty on error.
    public var imeis: [IMEIReading]
    /// The 14-digit MEID when the screen shows one.
    public var meid: String?
    /// Nil on success.
    public var error: ErrorBody?
    /// The serial number a box label prints (`S/N`, `Serial No.`), when the picture is one.
    /// Encoded only when present: a screenshot's result keeps the keys it always had.
    public var serialNumber: LabelField?
    /// The 32-digit EID a box label prints, when it does; encoded only when present.
    public var eid: LabelField?
    /// The labels found but left without a valid number, for annotated pictures. Neither
    /// encoded nor compared: a result read back from JSON equals the one that was written.
    public var unreadLabels: [UnreadLabel] = []
    /// The reader's stages as they ran (``ReaderStage``), when the caller asked to explain the
    /// reading; encoded only when present, never compared (wall times differ between runs).
    public var stages: [ReaderStage]?
    /// What the review rules need beyond the result (photo or not, labels left unread), set by
    /// the batch worker only, so that the batch keeps it with the stored result; encoded only
    /// when present (never by `activation imei` or the service), never compared.
    public var evidence: ReviewEvidence?

    private enum CodingKeys: String, CodingKey {
        case file, imeis, meid, error, serialNumber, eid, stages, evidence
    }

    public static func == (a: ScreenshotResult, b: ScreenshotResult) -> Bool {
        a.file == b.file && a.imeis == b.imeis && a.meid == b.meid && a.error == b.error
            && a.serialNumber == b.serialNumber && a.eid == b.eid
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(imeis)
        hasher.combine(meid)
        hasher.combine(error)
        hasher.combine(serialNumber)
        hasher.combine(eid)
    }

    public init(file: String, imeis: [IMEIReading], meid: String?, error: OAError?) {
        self.file = file
        self.imeis = imeis
        self.meid = meid
        self.error = error.map(ErrorBody.init)
    }

    /// A failed result for `file`.
    public static func failure(_ file: String, _ error: OAError) -> ScreenshotResult {
        ScreenshotResult(file: file, imeis: [], meid: nil, error: error)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(file, forKey: .file)
        try c.encode(imeis, forKey: .imeis)
        try c.encode(meid, forKey: .meid)
        try c.encode(error, forKey: .error)
        try c.encodeIfPresent(serialNumber, forKey: .serialNumber)
        try c.encodeIfPresent(eid, forKey: .eid)
        try c.encodeIfPresent(stages, forKey: .stages)
        try c.encodeIfPresent(evidence, forKey: .evidence)
    }
}
