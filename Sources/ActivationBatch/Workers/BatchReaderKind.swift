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

    /// Makes the real reader, its stages explained: the review's evidence takes the reader's own
    /// verdict on legibility from them (``ReviewEvidence/legible(_:)``), and the worker drops
    /// them before storing. Runs on the worker's own thread, once per worker.
    static func makeIMEIReader() throws -> any ScreenshotReading {
        var configuration = IMEIReader.Configuration()
        configuration.explain = true
        return try IMEIReader(configuration: configuration)
    }
}
