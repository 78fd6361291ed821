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

/// Sleeps in 10 ms slices until `delay` has passed or its stop comes, then reports no IMEI;
/// counts the readings that a stop ended (as the real reader's engines end).
final class SlowReader: ScreenshotReading {
    let delay: Duration
    static let stopped = Atomic(0)
    init(delay: Duration) { self.delay = delay }

    func read(_ screenshot: Screenshot, stop: WorkStop) -> ScreenshotRead {
        let clock = ContinuousClock(), end = clock.now + delay
        while clock.now < end {
            if stop.isStopped {
                Self.stopped.add(1, ordering: .relaxed)
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
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
