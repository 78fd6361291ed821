import ActivationPipeline
import Foundation

/// The stored enrollments, Finaptic applications and Belvo enrollments alike: creates them,
/// advances them one step at a time, and reads them back, for `/v1/enrollments`. Pure logic
/// around the machines plus store I/O.
///
/// Same rules as ``ActivationFlows``: a refused step is answered with the unchanged record's
/// view (`refused`, `error` with the machine's stable code) and nothing is stored; a step that
/// lost a race is tried once more on the new state, and a second loss is `FLOW_CONFLICT`. A
/// step that leaves the machine as it was (a repeated `PENDING` webhook) stores nothing.
/// A Belvo creation is checked by the machine (CPF, institution, account tenure against today,
/// callback URL, risk signals with a `device_id`) and keeps the risk signals with the record.
///
/// Thread-safe; calls suspend while the store works. Never logs: records hold CPFs.
public struct EnrollmentFlows: Sendable {
    /// Where the enrollments are kept.
    public let store: any FlowStore
    /// Clock and time zone.
    public let configuration: FlowConfiguration

    public init(store: any FlowStore, configuration: FlowConfiguration = FlowConfiguration()) {
        self.store = store
        self.configuration = configuration
    }

    /// Creates an enrollment by applying its first step (`initiate` or `create`).
    /// A refused creation (a negative retry count, an invalid CPF …) is `FLOW_CREATE_REFUSED`
    /// with the machine's error, and nothing is stored. With an `idempotencyKey`, a retry gets
    /// the first enrollment as it was created, as for activations.
    public func create(_ creation: EnrollmentCreation, idempotencyKey: IdempotencyKey? = nil) async throws -> EnrollmentView {
        let machine: EnrollmentRecord.Machine
        do {
            switch creation {
            case .finaptic(let retries):
                var application = ApplicationMachine()
                _ = try application.handle(.initiate(allowedRetries: retries))
                machine = .finaptic(application)
            case .belvo(let cpf, let institution, let tenure, let signals, let callbackURL):
                var enrollment = EnrollmentMachine()
                let today = CalendarDate.day(of: configuration.now(), in: configuration.timeZone)
                _ = try enrollment.handle(
                    .create(.init(cpf: cpf, institution: institution, accountTenure: tenure, riskSignals: signals, callbackURL: callbackURL, today: today)))
                machine = .belvo(enrollment)
            }
        } catch {
            throw FlowError(.createRefused, "the \(creation.kind.rawValue) enrollment was not created: \(error.code)", cause: error)
        }
        return EnrollmentView(try await EnrollmentRecord.create(machine, in: store, now: configuration.now(), key: idempotencyKey))
    }

    /// The enrollment's current view. `FLOW_NOT_FOUND` for an unknown or malformed ID.
    public func get(id: String) async throws -> EnrollmentView {
        EnrollmentView(try await EnrollmentRecord.load(id: id, from: store))
    }

    /// Applies `step` to the enrollment and stores the result.
    ///
    /// - Returns: the view after the step; when the machine refused it (or it is a step of the
    ///   other kind), the unchanged view with `refused` and the machine's `error`.
    /// - Parameter expectedVersion: the version the caller last saw; when given, any other
    ///   stored version is `FLOW_CONFLICT` and nothing is retried.
    /// - Throws: `FLOW_NOT_FOUND`, `FLOW_CONFLICT`, or a store error.
    public func advance(id: String, step: EnrollmentStep, expectedVersion: Int? = nil) async throws -> EnrollmentView {
        try await CompareAndSet.step(
            EnrollmentRecord.self, id: try FlowJSON.id(id, of: EnrollmentRecord.noun), expectedVersion: expectedVersion,
            in: store, now: configuration.now
        ) { record in
            var next = record
            do throws(EnrollmentError) {
                next.machine = try Self.apply(step, to: record.machine)
            } catch {
                return .answer(EnrollmentView(record, error: error))
            }
            // A webhook repeating the status changes nothing; webhooks come more than once.
            if next.machine == record.machine { return .answer(EnrollmentView(record)) }
            return .store(next) { EnrollmentView($0) }
        }
    }

    /// `machine` after `step`, or the machine's refusal; a step of the other kind is
    /// `ILLEGAL_TRANSITION`. Pure.
    static func apply(_ step: EnrollmentStep, to machine: EnrollmentRecord.Machine) throws(EnrollmentError) -> EnrollmentRecord.Machine {
        switch (machine, step.applicationEvent, step.enrollmentEvent) {
        case (.finaptic(var application), let event?, _):
            _ = try application.handle(event)
            return .finaptic(application)
        case (.belvo(var enrollment), _, let event?):
            _ = try enrollment.handle(event)
            return .belvo(enrollment)
        default:
            throw EnrollmentError(
                .illegalTransition, "\(step.name.rawValue) is a \(step.kind.rawValue) step; this enrollment is \(machine.kind.rawValue)")
        }
    }
}
