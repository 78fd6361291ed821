public import ActivationReader

/// Which reader the batch workers run.
public enum BatchReaderKind: String, Sendable, CaseIterable {
    /// The real OCR reader, `IMEIReader`.
    case imei
    /// ``DigestScreenshotReader``: decodes nothing. It exercises the batch machinery
    /// (queue, resume, duplicates, export) in tests and overhead benchmarks.
    case digest

    /// The factory that makes one reader of this kind per worker.
    public var factory: ScreenshotReaderFactory {
        switch self {
        case .imei: return { try BatchReaderKind.makeIMEIReader() }
        case .digest: return { DigestScreenshotReader() }
        }
    }

    /// Makes the real reader. Runs on the worker's own thread, once per worker.
    static func makeIMEIReader() throws -> any ScreenshotReading {
        try IMEIReader()
    }
}
