import ActivationFlows
import ActivationPipeline
import ActivationReader
@testable import ActivationService
import ActivationStorage
import Foundation
import KYCCheck
import Synchronization
import TestSupport

/// Engines for tests that check the plumbing, not the reading.
enum TestEngines {
    /// Engines whose IMEI reader sleeps `delay` (blocking its worker) then answers 4001, and
    /// whose KYC engine is `kyc`.
    static func factory(
        delay: Duration = .zero, kyc: @escaping @Sendable () -> any KYCEngine = { FixedKYC(report: #"{"verdict":"pass"}"#) }
    ) -> WorkerEngines.Factory {
        { WorkerEngines(imei: SlowReader(delay: delay), kyc: kyc()) }
    }
}

/// Sleeps, then reports no IMEI.
final class SlowReader: ScreenshotReading {
    let delay: Duration
    init(delay: Duration) { self.delay = delay }

    func read(_ screenshot: Screenshot) -> ScreenshotRead {
        let (seconds, attoseconds) = delay.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        let result = ScreenshotResult.failure(screenshot.name, OAError.unableToDoOCR.with(detail: "slow test reader"))
        return ScreenshotRead(result: result, facts: nil, sha256: screenshot.sha256)
    }
}

/// Answers every application with the same report and fixed files, and keeps what it was asked.
final class FixedKYC: KYCEngine {
    struct Call: Sendable {
        var front: [UInt8]?
        var frontName: String?
        var back: [UInt8]?
        var selfie: [UInt8]?
        var documentType: String?
        var documentCountry: String?
        var documentState: String?
        var fix: Bool
    }

    let report: String
    let fixed: [String: [UInt8]]
    let log: CallLog?

    init(report: String, fixed: [String: [UInt8]] = [:], log: CallLog? = nil) {
        self.report = report
        self.fixed = fixed
        self.log = log
    }

    func prevalidate(_ application: KYCApplication, fix: Bool) -> KYCAnswer {
        let call = Call(
            front: application.front?.bytes, frontName: application.front?.filename, back: application.back?.bytes,
            selfie: application.selfie?.bytes, documentType: application.documentType,
            documentCountry: application.documentCountry, documentState: application.documentState, fix: fix
        )
        log?.calls.withLock { $0.append(call) }
        return KYCAnswer(report: .success(Array(report.utf8)), fixed: fix ? fixed : [:])
    }
}

/// A shared list of calls, for a test to read after the engine (on its worker) has recorded them.
final class CallLog: Sendable {
    let calls = Mutex<[FixedKYC.Call]>([])
    var all: [FixedKYC.Call] { calls.withLock { $0 } }
}
