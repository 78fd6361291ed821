public import Logging
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A swift-log handler that writes each entry as one JSON object on one line of standard error
/// (`serve --log-format json`): `{"level":"info","label":"activation.serve","message":"request",
/// "time":"2026-11-25T19:02:40.123Z", …metadata}`, the metadata's keys beside the fixed ones
/// (a key that collides with one is prefixed `meta.`), nested metadata as JSON objects and arrays.
///
/// Each line goes out in one `write(2)`, so lines of concurrent requests never interleave. Carries
/// what it is given: the service logs IMEIs masked and never names, images or keys.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    public var logLevel: Logger.Level = .info
    let label: String

    public init(label: String, metadataProvider: Logger.MetadataProvider? = nil) {
        self.label = label
        self.metadataProvider = metadataProvider
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var line = Self.line(
            level: event.level, label: label, message: event.message.description, time: Date(),
            metadata: merged(event.metadata)
        )
        line.append(UInt8(ascii: "\n"))
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// The handler's metadata, the provider's and the entry's, later ones winning.
    private func merged(_ entry: Logger.Metadata?) -> Logger.Metadata {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { $1 } }
        if let entry { all.merge(entry) { $1 } }
        return all
    }

    /// One entry as JSON bytes, keys sorted, without the newline. Pure.
    static func line(level: Logger.Level, label: String, message: String, time: Date, metadata: Logger.Metadata) -> [UInt8] {
        var object: [String: Any] = [
            "level": level.rawValue, "label": label, "message": message, "time": timestamp(time),
        ]
        for (key, value) in metadata {
            object[object[key] == nil ? key : "meta." + key] = json(value)
        }
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
            ?? Data(#"{"level":"error","message":"log entry not encodable"}"#.utf8)
        return Array(data)
    }

    /// A metadata value as a JSON value.
    static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let string): string
        case .stringConvertible(let convertible): convertible.description
        case .array(let array): array.map(json)
        case .dictionary(let dictionary): dictionary.mapValues(json)
        }
    }

    /// RFC 3339 UTC with milliseconds.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
