public import Logging

/// Loggers for tests.
public enum TestLoggers {
    /// A logger that drops everything.
    public static let quiet = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }
}
