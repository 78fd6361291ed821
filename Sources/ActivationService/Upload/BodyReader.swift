import Hummingbird
import MultipartKit

/// Reads request bodies under the configured size cap, as they arrive.
///
/// The cap is checked against `Content-Length` before any byte is read, then against the bytes
/// actually received, so a body over the cap is answered with 413 as soon as it is known and
/// never held whole. (Hummingbird then reads and drops the rest of it before the connection
/// takes its next request.) Suspends while the client sends; never blocks a thread.
struct BodyReader: Sendable {
    /// The largest body accepted, in bytes.
    var limit: Int
    /// The most parts a multipart body may have.
    var maxParts = 32

    /// Throws 413 when the declared `Content-Length` is over the cap.
    func checkDeclaredLength(of request: Request) throws(ServiceError) {
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw .bodyTooLarge(limit: limit)
        }
    }

    /// Collects the whole body. Throws 413 as soon as it grows past the cap.
    func collect(_ request: Request) async throws -> [UInt8] {
        try checkDeclaredLength(of: request)
        var bytes: [UInt8] = []
        for try await chunk in request.body {
            guard bytes.count + chunk.readableBytes <= limit else { throw ServiceError.bodyTooLarge(limit: limit) }
            bytes.append(contentsOf: chunk.readableBytesView)
        }
        return bytes
    }

    /// Parses a multipart/form-data body as it arrives, with `boundary`. Throws 413 past the
    /// cap and 400 (`MULTIPART_INVALID`) when the body is not well-formed.
    func form(_ request: Request, boundary: String) async throws -> [FormPart] {
        try checkDeclaredLength(of: request)
        guard !boundary.isEmpty, boundary.utf8.count <= 70 else {
            throw ServiceError.multipartInvalid("the boundary must have 1 to 70 characters")
        }
        let collector = PartCollector()
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in collector.header(name, value) }
        parser.onBody = { buffer in collector.body(&buffer) }
        parser.onPartComplete = { collector.complete() }
        var received = 0
        for try await chunk in request.body {
            received += chunk.readableBytes
            guard received <= limit else { throw ServiceError.bodyTooLarge(limit: limit) }
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
        return collector.parts
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
