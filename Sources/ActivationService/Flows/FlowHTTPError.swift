import ActivationFlows
import ActivationPipeline
import Foundation
import Hummingbird
import KYCCheck
import Logging

/// A ``FlowError`` of the stored flows as an HTTP answer, with the status its code calls for.
///
/// The body has the shape of ``ServiceError``'s, `{"error": {"code": "FLOW_NOT_FOUND",
/// "message": "…"}}`; a refused creation adds the machine's error under `refused`: the SDK's
/// `{"code": 1001, "name": "ERROR_EMPTY_TOKEN", …}` for an activation, `{"code": "INVALID_CPF",
/// "detail": "…"}` for an enrollment (the shapes of the views' `error`). Only the message goes
/// out, never the cause, and for a 5xx not even that (``clientMessage``).
struct FlowHTTPError: HTTPResponseError, CustomStringConvertible {
    let error: FlowError
    /// The `Retry-After` seconds of a 503 (the store cannot be reached now), or nil.
    var retryAfter: Int?

    init(_ error: FlowError, retryAfter: Int? = nil) {
        self.error = error
        self.retryAfter = retryAfter
    }

    var status: HTTPResponse.Status { Self.status(for: error.code) }

    var description: String { error.description }

    /// 404 not found; 409 conflict and duplicate ID; 422 refused creation and an
    /// `Idempotency-Key` used with another body; 503 when the store
    /// cannot be opened or queried (retry later); 500 for a row this version cannot read and
    /// for an unusable store URL (a configuration fault, normally caught at start-up).
    static func status(for code: FlowError.Code) -> HTTPResponse.Status {
        switch code {
        case .notFound: .notFound
        case .conflict, .duplicateID: .conflict
        case .createRefused, .idempotencyKeyReused: .unprocessableContent
        case .storeOpen, .storeQuery: .serviceUnavailable
        default: .internalServerError
        }
    }

    /// The response; a 5xx is also logged with its code and causes (store errors never carry
    /// bound values, so no IMEI, mobile number or CPF reaches the log).
    func response(from request: Request, context: some RequestContext) throws -> Response {
        if status.code >= 500 {
            context.logger.error("flow store failure", metadata: ["code": .string(error.code.name), "error": .string(error.description)])
        }
        let body = Body(error: .init(code: error.code.name, message: clientMessage, refused: error.refused.map(Refused.init)))
        let data = (try? JSONEncoder.service.encode(body)) ?? Data(#"{"error":{"code":"INTERNAL"}}"#.utf8)
        var response = Response.json(Array(data), status: status)
        if let retryAfter, status == .serviceUnavailable { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    /// The message the client reads: the error's own for a 4xx; for a 5xx a fixed sentence per
    /// status, since a store's message names its file or (redacted) URL and the driver's error,
    /// which stay in the log.
    var clientMessage: String {
        switch status {
        case .serviceUnavailable: "the flow store cannot be reached now; retry later"
        case let status where status.code >= 500: "the flow store failed; see the service's log"
        default: error.message
        }
    }

    /// Runs `operation`, turning a ``FlowError`` it throws into this error.
    static func mapping<T>(_ operation: () async throws -> T) async throws -> T {
        do {
            return try await operation()
        } catch let error as FlowError {
            throw FlowHTTPError(error)
        }
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
            let refused: Refused?

            func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(code, forKey: .code)
                try c.encode(message, forKey: .message)
                try c.encodeIfPresent(refused, forKey: .refused)
            }

            private enum CodingKeys: String, CodingKey { case code, message, refused }
        }
        let error: Detail
    }

    /// The machine's error behind a refused creation.
    private enum Refused: Encodable {
        case activation(ScreenshotResult.ErrorBody)
        case enrollment(EnrollmentView.ErrorBody)

        init(_ refusal: FlowError.Refusal) {
            switch refusal {
            case .activation(let error): self = .activation(.init(error))
            case .enrollment(let error): self = .enrollment(.init(error))
            }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .activation(let body): try body.encode(to: encoder)
            case .enrollment(let body): try body.encode(to: encoder)
            }
        }
    }
}
