public import ActivationPipeline
public import Hummingbird
import Foundation

/// An error the service answers with, carrying its own HTTP status and a stable code.
///
/// The body is `{"error": {"code": "SERVICE_BUSY", "message": "…"}}`. Codes never change
/// meaning; messages are for people and may change. SDK errors (4001 …) are not these: they
/// travel inside the reader's own JSON.
public struct ServiceError: HTTPResponseError, CodedError, Sendable, Hashable {
    /// A stable, machine-readable code; each is made by one of the factories below.
    public typealias Code = StableCode<ServiceError>

    public let code: Code
    public let status: HTTPResponse.Status
    public let message: String
    /// Seconds to send in `Retry-After` (503 only).
    public let retryAfter: Int?
    /// The methods to send in `Allow` (405 only).
    public let allow: [String]?

    init(_ code: Code, _ status: HTTPResponse.Status, _ message: String, retryAfter: Int? = nil, allow: [String]? = nil) {
        self.code = code
        self.status = status
        self.message = message
        self.retryAfter = retryAfter
        self.allow = allow
    }

    public var description: String { "\(status.code) \(code): \(message)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        if status == .unauthorized { headers[.wwwAuthenticate] = #"Bearer realm="activation""# }
        if let allow { headers[.allow] = allow.joined(separator: ", ") }
        let body = ErrorBody(error: .init(code: code.name, message: message))
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
    /// 401 `UNAUTHORIZED`: the bearer key is missing or wrong.
    static let unauthorized = ServiceError("UNAUTHORIZED", .unauthorized, "a valid bearer API key is required")

    /// 413 `BODY_TOO_LARGE`: the body is larger than the configured cap.
    static func bodyTooLarge(limit: Int) -> ServiceError {
        ServiceError("BODY_TOO_LARGE", .contentTooLarge, "the request body is larger than \(limit) bytes")
    }

    /// 400 `BODY_EMPTY`: the request has no body where one is needed.
    static let bodyEmpty = ServiceError("BODY_EMPTY", .badRequest, "the request body is empty")

    /// 415 `UNSUPPORTED_MEDIA_TYPE`: the Content-Type is not one the endpoint reads; `hint`
    /// says what it reads.
    static func unsupportedMediaType(_ type: String?, hint: String = "") -> ServiceError {
        ServiceError(unsupportedMediaTypeCode, .unsupportedMediaType, "cannot read a body of type \(type ?? "(none)")" + hint)
    }

    /// 415 `UNSUPPORTED_MEDIA_TYPE` for a step that must come as multipart/form-data with
    /// files, sent as JSON: the service reads those files itself, so a client cannot choose
    /// the result (its own IMEI, its own KYC verdict).
    static func filesRequired(_ step: String, _ files: String) -> ServiceError {
        ServiceError(
            unsupportedMediaTypeCode, .unsupportedMediaType,
            "\(step) must come as multipart/form-data with \(files): the service reads the files itself, so their result cannot be sent as JSON"
        )
    }

    /// The code of both 415s.
    private static let unsupportedMediaTypeCode: Code = "UNSUPPORTED_MEDIA_TYPE"

    /// 400 `MULTIPART_INVALID`: the multipart/form-data body cannot be parsed.
    static func multipartInvalid(_ detail: String) -> ServiceError {
        ServiceError("MULTIPART_INVALID", .badRequest, "malformed multipart/form-data: \(detail)")
    }

    /// 400 `FIELD_MISSING`: a required field (form or JSON) is absent.
    static func fieldMissing(_ name: String) -> ServiceError {
        ServiceError("FIELD_MISSING", .badRequest, "the field '\(name)' is required")
    }

    /// 400 `FIELD_INVALID`: a field (form or JSON) has a value the endpoint does not accept.
    static func fieldInvalid(_ name: String, _ detail: String) -> ServiceError {
        ServiceError("FIELD_INVALID", .badRequest, "the field '\(name)' \(detail)")
    }

    /// 503 `SERVICE_BUSY`: every worker is busy and the wait queue is full; retry after
    /// `Retry-After`.
    static func serviceBusy(retryAfter: Int) -> ServiceError {
        ServiceError("SERVICE_BUSY", .serviceUnavailable, "all workers are busy; retry later", retryAfter: retryAfter)
    }

    /// 429 `CLIENT_SHARE`: this client already holds its share of the workers and the wait
    /// queue; retry after `Retry-After`. Other clients are still served.
    static func clientShare(retryAfter: Int) -> ServiceError {
        ServiceError(
            "CLIENT_SHARE", .tooManyRequests, "this client already has its share of the workers busy; retry later",
            retryAfter: retryAfter)
    }

    /// 503 `UPLOAD_BUDGET`: taking this body would put the uploads in flight over their bound
    /// (`uploads`: how many; `bytes`: how much they hold); retry after `Retry-After`.
    static func uploadBudget(_ bound: String, retryAfter: Int) -> ServiceError {
        ServiceError(
            "UPLOAD_BUDGET", .serviceUnavailable, "too many uploads in flight (\(bound)); retry later", retryAfter: retryAfter
        )
    }

    /// 408 `BODY_TIMEOUT`: the client sent nothing of the body for `seconds`; the connection
    /// is closed.
    static func bodyTimeout(seconds: Int) -> ServiceError {
        ServiceError("BODY_TIMEOUT", .requestTimeout, "no byte of the request body came for \(seconds) s")
    }

    /// 503 `SHUTTING_DOWN`: the service is stopping.
    static func shuttingDown(retryAfter: Int) -> ServiceError {
        ServiceError("SHUTTING_DOWN", .serviceUnavailable, "the service is shutting down", retryAfter: retryAfter)
    }

    /// 504 `TIMEOUT`: the request did not finish within the per-request timeout.
    static func timeout(_ limit: Duration) -> ServiceError {
        ServiceError("TIMEOUT", .gatewayTimeout, "the request took longer than \(limit)")
    }

    /// 500 `INTERNAL`: a fault of the service itself. `detail` goes to the client: it names no
    /// internal type, path or URL.
    static func internalError(_ detail: String) -> ServiceError {
        ServiceError("INTERNAL", .internalServerError, detail)
    }

    /// 404 `NOT_FOUND`: no route has this path.
    static let notFound = ServiceError("NOT_FOUND", .notFound, "no route has this path")

    /// 405 `METHOD_NOT_ALLOWED`: the path is a route, but not for this method; `allow` lists
    /// the methods it takes (sent in `Allow`).
    static func methodNotAllowed(allow: [String]) -> ServiceError {
        ServiceError(
            "METHOD_NOT_ALLOWED", .methodNotAllowed, "this route takes \(allow.joined(separator: ", ")) only", allow: allow
        )
    }

    /// A status Hummingbird itself answered with (a malformed request, for example), in the
    /// service's body: the code is the status's name (`BAD_REQUEST`), the message its phrase.
    static func http(_ status: HTTPResponse.Status) -> ServiceError {
        let code = status.reasonPhrase.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        return ServiceError(Code(rawValue: String(code)), status, status.reasonPhrase.lowercased())
    }
}
