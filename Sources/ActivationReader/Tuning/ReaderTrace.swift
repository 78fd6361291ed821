import Foundation
public import Logging

/// Where the reader says what it does: one swift-log logger, at debug level every pass, band,
/// crop and its timing; and, optionally, a folder where each value crop is written as PNG.
///
/// Configured once per process: ``environment`` reads `ACTIVATION_DEBUG` (set: trace on
/// standard error) and `ACTIVATION_DUMP` (a folder for the crops) the first time it is used,
/// and ``IMEIReader/Configuration`` takes it by default. Nothing is logged or written when
/// off. Sendable; each reader uses its copy from its own thread.
public struct ReaderTrace: Sendable {
    /// Where the trace goes; debug messages only.
    public var logger: Logger
    /// The folder each value crop is written to, as `crop-LABEL-FACTOR.png`; nil for none.
    public var dumpDirectory: String?

    public init(logger: Logger, dumpDirectory: String? = nil) {
        self.logger = logger
        self.dumpDirectory = dumpDirectory
    }

    /// No trace.
    public static let off = ReaderTrace(logger: Logger(label: "activation.reader") { _ in SwiftLogNoOpLogHandler() })

    /// The trace the environment asks for: `ACTIVATION_DEBUG` and `ACTIVATION_DUMP`, read once.
    public static let environment: ReaderTrace = {
        let variables = ProcessInfo.processInfo.environment
        guard variables["ACTIVATION_DEBUG"] != nil || variables["ACTIVATION_DUMP"] != nil else { return .off }
        var logger = Logger(label: "activation.reader", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = variables["ACTIVATION_DEBUG"] != nil ? .debug : .info
        return ReaderTrace(logger: logger, dumpDirectory: variables["ACTIVATION_DUMP"])
    }()

    /// Logs `message` when tracing; the message is not even made otherwise.
    func callAsFunction(_ message: @autoclosure () -> String) {
        logger.debug("\(message())")
    }

    /// Milliseconds since `start`, for timings in messages.
    static func milliseconds(since start: Date) -> Int {
        Int(Date().timeIntervalSince(start) * 1000)
    }
}
