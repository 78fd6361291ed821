import ActivationFlows
@testable import ActivationService
import ActivationStorage
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The flow store inside the request's deadline, through the API: a SQLite file whose write
/// lock another process holds makes a create answer 503 `FLOW_STORE_QUERY` with `Retry-After`
/// within the request timeout (before: after SQLite's fixed 30 s busy wait), and nothing is
/// written, even once the lock is gone.
@Suite("Flow store inside the request deadline")
struct StoreDeadlineRouteTests {
    typealias F = FlowsAPIFixtures

    @Test("a SQLite file locked by another process: a create is 503 within the 1 s timeout, and nothing is stored",
          .enabled(if: SQLiteLock.available))
    func lockedSQLite() async throws {
        try await F.withDatabase { location in
            guard case .sqlite(let path) = location else { return }
            let configuration = {
                var configuration = TestApp.configuration(workers: 1, queue: 4)
                configuration.requestTimeout = .seconds(1)
                configuration.retryAfterSeconds = 2
                return configuration
            }()
            try await location.withStore(FlowStores.self, logger: TestApp.logger) { store in
                let app = try await buildApplication(configuration, store: store, logger: TestApp.logger)
                try await app.test(.router) { client in
                    let before = try await Self.createUnlocked(client)
                    #expect(before.status == .created, "the store works before the lock")
                    let lock = try SQLiteLock(path: path)
                    let clock = ContinuousClock()
                    let start = clock.now
                    let locked = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#)
                    let elapsed = clock.now - start
                    lock.release()
                    #expect(locked.status == .serviceUnavailable, "\(locked.text)")
                    #expect(F.serviceCode(locked) == "FLOW_STORE_QUERY")
                    #expect(locked.headers[.retryAfter] == "2")
                    // Before, the 30 s busy timeout: the bound is the request's 1 s, with room for a loaded machine.
                    #expect(elapsed >= .milliseconds(800) && elapsed < .seconds(10), "answered after \(elapsed)")
                    try await Task.sleep(for: .milliseconds(300))
                    let after = try await Self.createUnlocked(client)
                    #expect(after.status == .created, "the store works again once the lock is gone")
                }
            }
            #expect(try Self.count(path) == 2, "the create that timed out wrote nothing")
        }
    }

    /// A create while nothing holds the lock. On a loaded machine (the whole suite on 2 cores) it
    /// may outlast this test's 1 s request timeout, which answers 503 and writes nothing (what the
    /// locked create checks): then it is asked again, at most 10 times.
    static func createUnlocked(_ client: some TestClientProtocol) async throws -> TestResponse {
        var response = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#)
        for _ in 0..<10 where response.status == .serviceUnavailable {
            try await Task.sleep(for: .milliseconds(200))
            response = try await client.postJSON("/v1/activations", #"{"token": "sdk-token"}"#)
        }
        return response
    }

    /// The number of activations in the file at `path`, read by the `sqlite3` shell.
    static func count(_ path: String) throws -> Int? {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, "SELECT COUNT(*) FROM activations"]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
