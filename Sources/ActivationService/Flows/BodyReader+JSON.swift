import Foundation
import Hummingbird

extension BodyReader {
    /// Reads the whole body under the cap and decodes it as JSON. Suspends while the client sends.
    ///
    /// Throws 413 past the JSON cap, 400 `BODY_EMPTY` for no body, and the 400s of
    /// ``decode(_:from:)`` when it does not fit `T`.
    func json<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try Self.decode(T.self, from: try await jsonBytes(request))
    }

    /// Reads the whole body under the JSON cap (413 past it); 400 `BODY_EMPTY` for no body,
    /// 400 `FIELD_INVALID` for a member name given twice or a string longer than its field's
    /// maximum (``FieldLimits``).
    func jsonBytes(_ request: Request) async throws -> [UInt8] {
        let bytes = try await collect(request, cap: jsonLimit)
        guard !bytes.isEmpty else { throw ServiceError.bodyEmpty }
        try FieldLimits.standard.check(bytes)
        return bytes
    }

    /// Decodes `bytes` as JSON of type `T`. Throws 400 `FIELD_MISSING` or `FIELD_INVALID`
    /// naming the JSON field (`deviceId.screenshot`, or `body` when the bytes are not JSON at
    /// all). Pure.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(ServiceError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw serviceError(error)
        } catch {
            throw .fieldInvalid("body", "is not valid JSON")
        }
    }

    /// The JSON name of the value a Swift type decodes from (`a string`, `an integer` …).
    static func jsonType(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is Substring.Type: "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "an integer"
        case is Double.Type, is Float.Type: "a number"
        case is Bool.Type: "a boolean"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : String(describing: type).hasPrefix("Dictionary") ? "an object" : "of the expected type"
        }
    }

    /// The 400 for a body that does not decode. Pure.
    static func serviceError(_ error: DecodingError) -> ServiceError {
        func path(_ keys: [any CodingKey]) -> String {
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "body" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .fieldMissing(path(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            return .fieldInvalid(path(context.codingPath), "is null")
        case .typeMismatch(_, let context) where context.codingPath.isEmpty:
            return .fieldInvalid("body", "must be a JSON object")
        case .typeMismatch(let type, let context):
            return .fieldInvalid(path(context.codingPath), "is not \(jsonType(type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return .fieldInvalid("body", "is not valid JSON")
        case .dataCorrupted(let context):
            // The decoder's description names Swift types: not for the client.
            return .fieldInvalid(path(context.codingPath), "has a value the endpoint does not accept")
        @unknown default:
            return .fieldInvalid("body", "does not fit the request")
        }
    }
}
