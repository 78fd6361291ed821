import Hummingbird
import Synchronization
import Testing
@testable import ActivationService

/// A body of `count` chunks of `size` bytes that counts how many were pulled.
struct CountingBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let count: Int
    let size: Int
    let pulled: Counter

    final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: Int
        let size: Int
        let pulled: Counter
        mutating func next() async throws -> ByteBuffer? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            pulled.value.add(1, ordering: .relaxed)
            return ByteBuffer(repeating: 0x42, count: size)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: count, size: size, pulled: pulled) }
}

@Suite("BodyReader")
struct BodyReaderTests {
    static func request(_ body: CountingBody, headers: HTTPFields = [:]) -> Request {
        Request(
            head: .init(method: .post, scheme: "http", authority: "localhost", path: "/v1/imei", headerFields: headers),
            body: RequestBody(asyncSequence: body)
        )
    }

    @Test("a streamed body without Content-Length stops at the cap, long before its end")
    func streamingCap() async throws {
        let body = CountingBody(count: 40, size: 1 << 20, pulled: .init())
        let reader = BodyReader(limit: 4 << 20)
        await #expect(throws: ServiceError.bodyTooLarge(limit: 4 << 20)) { try await reader.collect(Self.request(body)) }
        let pulled = body.pulled.value.load(ordering: .relaxed)
        #expect(pulled == 5)
    }

    @Test("a declared Content-Length over the cap is refused before any byte is read")
    func declaredLength() async throws {
        let body = CountingBody(count: 40, size: 1 << 20, pulled: .init())
        let reader = BodyReader(limit: 4 << 20)
        let request = Self.request(body, headers: [.contentLength: String(40 << 20)])
        await #expect(throws: ServiceError.bodyTooLarge(limit: 4 << 20)) {
            try await reader.form(request, boundary: "b")
        }
        let pulled = body.pulled.value.load(ordering: .relaxed)
        #expect(pulled == 0)
    }

    @Test("a body within the cap is collected whole")
    func withinCap() async throws {
        let body = CountingBody(count: 3, size: 1000, pulled: .init())
        #expect(try await BodyReader(limit: 3000).collect(Self.request(body)).count == 3000)
    }
}
