public import Hummingbird
import Foundation

/// An error the service answers with, carrying its own HTTP status and a stable code.
///
/// The body is `{"error": {"code": "SERVICE_BUSY", "message": "…"}}`. Codes never change
/// meaning; messages are for people and may change. SDK errors (4001 …) are not these: they
/// travel inside the reader's own JSON.
public struct ServiceError: HTTPResponseError, Sendable, Hashable, CustomStringConvertible {
    /// A stable, machine-readable code.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable {
            case unauthorized = "UNAUTHORIZED"
            case bodyTooLarge = "BODY_TOO_LARGE"
            case bodyEmpty = "BODY_EMPTY"
            case unsupportedMediaType = "UNSUPPORTED_MEDIA_TYPE"
            case multipartInvalid = "MULTIPART_INVALID"
            case fieldMissing = "FIELD_MISSING"
            case fieldInvalid = "FIELD_INVALID"
            case serviceBusy = "SERVICE_BUSY"
            case shuttingDown = "SHUTTING_DOWN"
            case timeout = "TIMEOUT"
            case internalError = "INTERNAL"
        }

        private let value: Value
        private init(_ value: Value) { self.value = value }

        /// The code as sent on the wire.
        public var description: String { value.rawValue }

        /// 401: the bearer key is missing or wrong.
        public static let unauthorized = Code(.unauthorized)
        /// 413: the body is larger than the configured cap.
        public static let bodyTooLarge = Code(.bodyTooLarge)
        /// 400: the request has no body where one is needed.
        public static let bodyEmpty = Code(.bodyEmpty)
        /// 415: the Content-Type is not one the endpoint reads.
        public static let unsupportedMediaType = Code(.unsupportedMediaType)
        /// 400: the multipart/form-data body cannot be parsed.
        public static let multipartInvalid = Code(.multipartInvalid)
        /// 400: a required form field is absent.
        public static let fieldMissing = Code(.fieldMissing)
        /// 400: a form field has a value the endpoint does not accept.
        public static let fieldInvalid = Code(.fieldInvalid)
        /// 503: every worker is busy and the wait queue is full; retry after `Retry-After`.
        public static let serviceBusy = Code(.serviceBusy)
        /// 503: the service is stopping.
        public static let shuttingDown = Code(.shuttingDown)
        /// 504: the request did not finish within the per-request timeout.
        public static let timeout = Code(.timeout)
        /// 500: a fault of the service itself.
        public static let internalError = Code(.internalError)
    }

    public let code: Code
    public let status: HTTPResponse.Status
    public let message: String
    /// Seconds to send in `Retry-After` (503 only).
    public let retryAfter: Int?

    init(_ code: Code, _ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if code == .unauthorized { headers[.wwwAuthenticate] = #"Bearer realm="activation""# }
        let body = ErrorBody(error: .init(code: code.description, message: message))
        let data = (try? JSONEncoder.service.encode(body)) ?? Data(#"{"error":{"code":"INTERNAL"}}"#.utf8)
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    private struct ErrorBody: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }
}

extension ServiceError {
    static let unauthorized = ServiceError(.unauthorized, .unauthorized, "a valid bearer API key is required")
    static func bodyTooLarge(limit: Int) -> ServiceError {
        ServiceError(.bodyTooLarge, .contentTooLarge, "the request body is larger than \(limit) bytes")
    }
    static let bodyEmpty = ServiceError(.bodyEmpty, .badRequest, "the request body is empty")
    static func unsupportedMediaType(_ type: String?) -> ServiceError {
        ServiceError(.unsupportedMediaType, .unsupportedMediaType, "cannot read a body of type \(type ?? "(none)")")
    }
    static func multipartInvalid(_ detail: String) -> ServiceError {
        ServiceError(.multipartInvalid, .badRequest, "malformed multipart/form-data: \(detail)")
    }
    static func fieldMissing(_ name: String) -> ServiceError {
        ServiceError(.fieldMissing, .badRequest, "the form field '\(name)' is required")
    }
    static func fieldInvalid(_ name: String, _ detail: String) -> ServiceError {
        ServiceError(.fieldInvalid, .badRequest, "the form field '\(name)' \(detail)")
    }
    static func serviceBusy(retryAfter: Int) -> ServiceError {
        ServiceError(.serviceBusy, .serviceUnavailable, "all workers are busy; retry later", retryAfter: retryAfter)
    }
    static func shuttingDown(retryAfter: Int) -> ServiceError {
        ServiceError(.shuttingDown, .serviceUnavailable, "the service is shutting down", retryAfter: retryAfter)
    }
    static func timeout(_ limit: Duration) -> ServiceError {
        ServiceError(.timeout, .gatewayTimeout, "the request took longer than \(limit)")
    }
    static func internalError(_ detail: String) -> ServiceError {
        ServiceError(.internalError, .internalServerError, detail)
    }
}
