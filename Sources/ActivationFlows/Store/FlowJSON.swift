import Foundation

/// How the stores write JSON columns and timestamps. Pure; makes a new coder per call.
enum FlowJSON {
    /// `value` as compact JSON text with sorted keys, or `storeQuery` (an encoder failure is
    /// a fault of this program, not of the data, but it must not crash the service).
    static func encode(_ value: some Encodable, what: String) throws(FlowError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            throw FlowError(.storeQuery, "cannot encode \(what) as JSON", cause: error)
        }
    }

    /// The stored JSON `text` as a `T`, or `storeCorrupt` naming the row.
    static func decode<T: Decodable>(_ type: T.Type, _ text: String, what: String) throws(FlowError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw FlowError(.storeCorrupt, "the stored \(what) is not readable JSON", cause: error)
        }
    }

    /// Milliseconds since 1970 UTC, as the timestamp columns hold them.
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The date of a timestamp column.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// `date` cut to whole milliseconds, so that it survives a round trip through a store.
    static func truncated(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
    }

    /// The ID as the `id` columns hold it: lowercase, hyphenated.
    static func key(_ id: UUID) -> String {
        id.uuidString.lowercased()
    }

    /// The UUID of an ID a caller gave (a path parameter), or `FLOW_NOT_FOUND`: a malformed ID
    /// names nothing.
    static func id(_ text: String, of kind: String) throws(FlowError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw FlowError(.notFound, "not an \(kind) ID") }
        return id
    }

    /// The UUID of an `id` column, or `storeCorrupt`.
    static func uuid(_ text: String, table: String) throws(FlowError) -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw FlowError(.storeCorrupt, "\(table) has a row whose id is not a UUID")
        }
        return id
    }
}
