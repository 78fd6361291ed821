import Hummingbird
import MultipartKit

/// Reads request bodies under the configured caps and the shared upload budget, as they arrive.
///
/// The cap is checked against `Content-Length` before any byte is read, then against the bytes
/// actually received, so a body over the cap is answered with 413 as soon as it is known and
/// never held whole. Files (multipart, raw images) have `limit`; JSON bodies have the much
/// smaller `jsonLimit`. Every body takes a place in the ``UploadBudget`` while it is read and
/// counts its bytes there until the request ends: past either bound the answer is 503
/// `UPLOAD_BUDGET` at once. No worker place is held while a body is read. Suspends while the
/// client sends; never blocks a thread.
struct BodyReader: Sendable {
    /// The largest file body (multipart or raw) accepted, in bytes.
    var limit: Int
    /// The largest JSON body accepted, in bytes.
    var jsonLimit = 64 << 10
    /// The most parts a multipart body may have.
    var maxParts = 32
    /// What bodies in flight may hold between them; nil for no bound (unit tests).
    var budget: UploadBudget?
    /// Where refusals by the budget are counted.
    var metrics: ServiceMetrics?
    /// The seconds to send in `Retry-After` with a 503.
    var retryAfter = 1

    /// Throws 413 when the declared `Content-Length` is over `cap` (the file cap by default).
    func checkDeclaredLength(of request: Request, cap: Int? = nil) throws(ServiceError) {
        let cap = cap ?? limit
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > cap {
            throw .bodyTooLarge(limit: cap)
        }
    }

    /// Collects the whole body under `cap` (the file cap by default). Throws 413 as soon as it
    /// grows past the cap, 503 `UPLOAD_BUDGET` past the budget.
    func collect(_ request: Request, cap: Int? = nil) async throws -> [UInt8] {
        let cap = cap ?? limit
        try checkDeclaredLength(of: request, cap: cap)
        return try await withUpload { upload in
            var bytes: [UInt8] = []
            for try await chunk in request.body {
                guard bytes.count + chunk.readableBytes <= cap else { throw ServiceError.bodyTooLarge(limit: cap) }
                try upload.hold(chunk.readableBytes)
                bytes.append(contentsOf: chunk.readableBytesView)
            }
            return bytes
        }
    }

    /// Parses a multipart/form-data body as it arrives, with `boundary`. Throws 413 past the
    /// cap, 503 `UPLOAD_BUDGET` past the budget and 400 (`MULTIPART_INVALID`) when the body
    /// is not well-formed.
    func form(_ request: Request, boundary: String) async throws -> [FormPart] {
        try checkDeclaredLength(of: request)
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw ServiceError.multipartInvalid("the boundary must have 1 to 70 characters")
        }
        return try await withUpload { upload in
            let collector = PartCollector()
            let parser = MultipartParser(boundary: boundary)
            var headerGuard = MultipartHeaderGuard(boundary: boundary)
            parser.onHeader = { name, value in collector.header(name, value) }
            parser.onBody = { buffer in collector.body(&buffer) }
            parser.onPartComplete = { collector.complete() }
            var received = 0
            for try await chunk in request.body {
                received += chunk.readableBytes
                guard received <= limit else { throw ServiceError.bodyTooLarge(limit: limit) }
                try upload.hold(chunk.readableBytes)
                guard headerGuard.accepts(chunk) else {
                    throw ServiceError.multipartInvalid("a part's header name is not ASCII")
                }
                do {
                    try parser.execute(chunk)
                } catch {
                    throw ServiceError.multipartInvalid("cannot parse the parts")
                }
                if let problem = collector.problem { throw ServiceError.multipartInvalid(problem) }
                guard collector.parts.count <= maxParts else {
                    throw ServiceError.multipartInvalid("more than \(maxParts) parts")
                }
            }
            // One table of field limits for every way in.
            try FieldLimits.standard.check(collector.parts)
            return collector.parts
        }
    }

    /// Runs `read` with a place in the upload budget, given back with every byte it counted
    /// when `read` ends. 503 `UPLOAD_BUDGET` at once when no place is free.
    func withUpload<T>(_ read: (UploadTicket) async throws -> T) async throws -> T {
        let refuse: @Sendable (String) -> ServiceError = { [self] bound in refusal(bound) }
        guard let budget else { return try await read(UploadTicket(budget: nil, refusal: refuse)) }
        guard budget.open() else { throw refusal("uploads") }
        let ticket = UploadTicket(budget: budget, refusal: refuse)
        defer { budget.close(releasing: ticket.held) }
        return try await read(ticket)
    }

    /// The 503 for a body over the budget, counted by the bound it hit.
    private func refusal(_ bound: String) -> ServiceError {
        metrics?.rejection("upload_budget")
        return .uploadBudget(bound, retryAfter: retryAfter)
    }
}

/// Gathers a multipart parser's callbacks into ``FormPart``s. Used by one task only.
private final class PartCollector {
    var parts: [FormPart] = []
    var problem: String?
    private var headers: [(String, String)] = []
    private var bytes: [UInt8] = []

    func header(_ name: String, _ value: String) {
        headers.append((name, value))
    }

    func body(_ buffer: inout ByteBuffer) {
        bytes.append(contentsOf: buffer.readableBytesView)
        buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
    }

    func complete() {
        defer {
            headers = []
            bytes = []
        }
        let disposition = headers.first { $0.0.lowercased() == "content-disposition" }.flatMap { ContentDisposition($0.1) }
        guard let disposition, let name = disposition.name else {
            problem = problem ?? "a part has no Content-Disposition name"
            return
        }
        let type = headers.first { $0.0.lowercased() == "content-type" }?.1
        parts.append(FormPart(name: name, filename: disposition.filename, contentType: type, bytes: bytes))
    }
}
