import ActivationPipeline
@testable import ActivationService
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// `/metrics` as operators expect it: the process' own series, the build's version, every
/// counter with known label values there at zero from the start, the flow steps counted, and
/// the whole exposition clean under `promtool check metrics` (Debian's `prometheus`).
@Suite("/metrics exposition")
struct MetricsExpositionTests {
    static let promtool = "/usr/bin/promtool"

    @Test("process series, build info, counters at zero, steps counted; promtool check metrics is clean")
    func exposition() async throws {
        try await ReadinessTests.withSQLite { store in
            let app = try await buildApplication(TestApp.configuration(), engines: TestEngines.factory(), store: store, logger: TestApp.logger)
            try await app.test(.router) { client in
                let first = try await client.execute(uri: "/metrics", method: .get).text
                for series in [
                    #"activation_pool_rejections_total{reason="flow_store"} 0"#, #"activation_imei_results_total{code="4001"} 0"#,
                    #"activation_kyc_verdicts_total{verdict="fail"} 0"#, #"activation_risk_decisions_total{decision="deny"} 0"#,
                    #"activation_imei_channels_total{channel="barcode"} 0"#,
                    #"activation_flow_steps_total{flow="enrollment",step="webhook",outcome="refused"} 0"#,
                    #"activation_build_info{version="\#(ProductVersion.current)"} 1"#,
                ] {
                    #expect(first.contains(series), "at zero from the start: \(series)")
                }
                for name in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_start_time_seconds", "process_open_fds"] {
                    let line = first.split(separator: "\n").first { $0.hasPrefix(name + " ") }
                    let value = try #require(line.flatMap { Double($0.split(separator: " ").last ?? "") }, "\(name)")
                    #expect(value > 0, "\(name) \(value)")
                }
                let created = try await client.execute(
                    uri: "/v1/activations", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: #"{"token":"t"}"#))
                let id = try #require(created.json?["id"] as? String)
                _ = try await client.execute(
                    uri: "/v1/activations/\(id)/steps", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"step":"complete"}"#))
                let after = try await client.execute(uri: "/metrics", method: .get).text
                #expect(after.contains(#"activation_flow_steps_total{flow="activation",step="complete",outcome="refused"} 1"#))
                if FileManager.default.isExecutableFile(atPath: Self.promtool) {
                    let (status, output) = try Self.check(after)
                    #expect(status == 0, "promtool check metrics: \(output)")
                }
            }
        }
    }

    /// `promtool check metrics` over `text`: its exit status and what it printed.
    static func check(_ text: String) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: promtool)
        process.arguments = ["check", "metrics"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self))
    }
}
