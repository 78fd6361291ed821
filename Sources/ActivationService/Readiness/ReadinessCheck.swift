import ActivationFlows
import ActivationStorage
import Foundation
import Logging
import Synchronization

/// The checks behind `GET /ready`: the flow store answers a real query within ``deadline``,
/// the workers' engines are loaded and not shutting down, and the deep reader, when installed,
/// is loaded.
///
/// The engines are loaded before the server accepts connections (``EnginePool/start``), so
/// they fail only once shutdown begins. The database query is a primary-key lookup of an ID
/// that does not exist, made under a ``StoreDeadline``: a server that is down or does not
/// answer fails it by the deadline, never later. Thread-safe; `check()` suspends, never blocks.
final class ReadinessCheck: Sendable {
    /// The store of the flows, nil when the service keeps none.
    let store: (any FlowStore)?
    /// The deep reader's status, decided at start.
    let deep: DeepReaderStatus
    /// Whether shutdown has begun.
    let run: RunState
    /// The most time the database query may take.
    let deadline: Duration
    /// The last answer, to log a change once rather than every probe.
    private let last = Mutex<Bool?>(nil)

    init(store: (any FlowStore)?, deep: DeepReaderStatus, run: RunState, deadline: Duration = .milliseconds(1500)) {
        self.store = store
        self.deep = deep
        self.run = run
        self.deadline = deadline
    }

    /// Runs the checks; suspends for at most ``deadline`` (the database's).
    func check(logger: Logger) async -> ReadinessReport {
        var reasons: [String] = []
        let database = await databaseAnswers(logger: logger)
        if database == "unavailable" {
            reasons.append("the database did not answer within \(Self.seconds(deadline)) s")
        }
        let engines = run.isStopping ? "stopping" : "ok"
        if run.isStopping { reasons.append("the service is shutting down") }
        if !deep.isReady { reasons.append("the deep reader is installed but would not load") }
        let report = ReadinessReport(
            checks: .init(database: database, engines: engines, deepReader: deep.rawValue),
            reason: reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        )
        logChange(report, logger: logger)
        return report
    }

    /// `ok`, `unavailable` or `none`. The store's own error is logged, never returned.
    private func databaseAnswers(logger: Logger) async -> String {
        guard let store else { return "none" }
        let probe = UUID()
        do {
            try await StoreDeadline.run(StoreDeadline(after: deadline)) {
                _ = try await StoreDeadline.bound({ Unanswered() }) { try await store.activation(id: probe) }
            }
            return "ok"
        } catch {
            let code = (error as? FlowError)?.code.name ?? (error is Unanswered ? "DEADLINE" : String(describing: type(of: error)))
            logger.debug("readiness: the flow store did not answer", metadata: ["code": .string(code)])
            return "unavailable"
        }
    }

    /// Logs when readiness changes (and its first answer when it is not ready).
    private func logChange(_ report: ReadinessReport, logger: Logger) {
        let changed = last.withLock { last -> Bool in
            defer { last = report.isReady }
            return last != report.isReady && !(last == nil && report.isReady)
        }
        guard changed else { return }
        if let reason = report.reason {
            logger.warning("not ready", metadata: ["reason": .string(reason)])
        } else {
            logger.notice("ready again")
        }
    }

    /// `duration` in seconds, as people write them (`1.5`, `2`).
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(duration.components.seconds) * 1000 + Int(duration.components.attoseconds / 1_000_000_000_000_000)
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }

    /// The readiness deadline passed before the store answered.
    private struct Unanswered: Error {}
}
