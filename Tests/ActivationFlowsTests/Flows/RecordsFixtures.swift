@testable import ActivationFlows
@testable import ActivationPipeline
@testable import ActivationReader
@testable import ActivationStorage
import Foundation
import TestSupport
import Testing

/// Values the flow tests share, and one real screenshot read by the real ``IMEIReader``.
enum RecordsFixtures {
    static let membershipMobile = "9876543210"
    static let uploadMobile = "+91 91234 56789"
    static let uploadMobileNormalised = "9123456789"
    static let pincode = "110001"
    static let address = "1 MG Road, New Delhi"
    /// An IMEI no sample shows.
    static let otherIMEI = "490154203237518"
    /// 2025-06-01T10:00:00Z: a fixed clock, so account tenures and timestamps are stable.
    static let now = Date(timeIntervalSince1970: 1_748_772_000)

    static let configuration = FlowConfiguration(now: { now })

    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A screenshot, what the reader answered for it, and the IMEIs `samples/truth.jsonl` gives.
    struct Sample: Sendable {
        /// What the reader gave: the result, and the file's hash and facts from its one decode.
        var read: ScreenshotRead
        var truth: [String]

        var result: ScreenshotResult { read.result }

        /// The `fetchDeviceId` input for this screenshot, optionally with other file facts.
        func input(
            pincode: String? = nil, address: String? = nil, sha256: String? = nil, facts: ImageFacts?? = .none
        ) -> ActivationStep.DeviceIdInput {
            ActivationStep.DeviceIdInput(
                screenshot: result, screenshotSHA256: sha256 ?? read.sha256,
                imageFacts: facts ?? read.facts, pincode: pincode, address: address)
        }
    }

    static let sampleName = "0003_xiaomi_status_dark_photo.jpg"

    /// Read once per test process: the reader is slow to create and not thread-safe.
    private static let sample: Result<Sample, any Error> = Result { try read(sampleName) }

    /// The sample screenshot, read by the real reader.
    static func screenshot() throws -> Sample {
        try sample.get()
    }

    private static func read(_ name: String) throws -> Sample {
        let url = repository.appendingPathComponent("samples").appendingPathComponent(name)
        let bytes = [UInt8](try Data(contentsOf: url))
        let reader = try IMEIReader()
        return Sample(read: reader.read(Screenshot(name: name, bytes: bytes)), truth: try truth(for: name))
    }

    /// The IMEIs `samples/truth.jsonl` lists for the sample `name`.
    static func truth(for name: String) throws -> [String] {
        let text = try String(contentsOf: repository.appendingPathComponent("samples/truth.jsonl"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object?["file"] as? String == name {
                return try #require(object?["imeis"] as? [String])
            }
        }
        Issue.record("no truth for \(name)")
        return []
    }

    /// A screenshot result showing `imeis`, as if another file had been read.
    static func synthetic(_ imeis: String...) -> ScreenshotResult {
        ScreenshotResult(
            file: "synthetic.png",
            imeis: imeis.enumerated().map {
                IMEIReading(value: $1, label: "IMEI\($0 + 1)", slot: $0 + 1, softwareVersion: nil, confidence: 0.95, box: [0, 0, 10, 10], corrected: false)
            },
            meid: nil, error: nil)
    }

    /// A policy that sends reused IMEIs and screenshots to review instead of denying them:
    /// what a service passes when it wants duplicates only flagged.
    static let reviewingPolicy: RiskPolicy = {
        var policy = RiskPolicy.standard
        policy.denyingCodes = []
        policy.points[.imeiAlreadyActivated] = 40
        policy.points[.duplicateScreenshot] = 25
        return policy
    }()

    /// The `FlowError` that `body` throws; nil (and an issue) when it throws nothing or another error.
    static func failure<T>(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
    ) async -> FlowError? {
        do {
            _ = try await body()
            Issue.record("expected a FlowError", sourceLocation: sourceLocation)
        } catch let error as FlowError {
            return error
        } catch {
            Issue.record("expected a FlowError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// A valid Belvo creation.
    static func belvo(cpf: String = "390.533.447-05", signals: String = #"{"device_id": "dev-1", "accountTenure": "2023-05-01"}"#) -> EnrollmentCreation {
        .belvo(
            cpf: cpf, institution: "ofmockbank_br_retail", accountTenure: "2023-05-01",
            riskSignals: RiskSignalsPayload(data: Data(signals.utf8)), callbackURL: "https://myapp.com/callback")
    }
}
