import ActivationPipeline
import Hummingbird

/// Lets a request through only with `Authorization: Bearer <key>`; otherwise 401
/// (`UNAUTHORIZED`, with `WWW-Authenticate: Bearer`). The key is compared in constant time.
///
/// Added to the whole router, so it runs before routing: an unknown path without the key is
/// 401 too, never 404. Only the paths in `open` (exactly) go through without it.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    let key: [UInt8]
    let open: Set<String>

    init(key: String, open: Set<String> = []) {
        self.key = Array(key.utf8)
        self.open = open
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if open.contains(request.uri.path) { return try await next(request, context) }
        guard let header = request.headers[.authorization], Self.matches(header, key: key) else {
            throw ServiceError.unauthorized
        }
        return try await next(request, context)
    }

    /// True when `header` is `Bearer <key>` (scheme in any case).
    static func matches(_ header: String, key: [UInt8]) -> Bool {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        return constantTimeEqual(Array(parts[1].utf8), key)
    }

    /// Compares without an early exit, so the time taken does not tell how much matched.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0 && a.count == b.count
    }
}
