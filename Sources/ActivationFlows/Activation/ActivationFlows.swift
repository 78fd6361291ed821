import ActivationPipeline
import Foundation

/// The stored activation flow: creates activations, advances them one step at a time, and
/// reads them back, for `/v1/activations`. Pure logic around the machine plus store I/O.
///
/// Each call reads the record, applies the step to its ``ActivationMachine``, and writes it back
/// only over the version it read. A step the machine refuses is answered with the unchanged
/// record's view (`refused`, `error` with the SDK code) and nothing is stored. When another
/// request advanced the activation in between, the step is tried once more on the new state;
/// a second loss is `FLOW_CONFLICT`. On `fetchDeviceId` the screenshot's risk is assessed
/// against the other activations in the store (an IMEI they used, the same screenshot file)
/// and stored with the record; the risk never changes the machine's path, it travels with it.
///
/// Thread-safe; no OCR happens here (the caller reads the screenshot with ``IMEIReader`` on its
/// own threads). Calls suspend while the store works. Never logs: records hold full IMEIs.
public struct ActivationFlows: Sendable {
    /// Where the activations are kept.
    public let store: any FlowStore
    /// Risk policy and clock.
    public let configuration: FlowConfiguration

    public init(store: any FlowStore, configuration: FlowConfiguration = FlowConfiguration()) {
        self.store = store
        self.configuration = configuration
    }

    /// Creates an activation and applies `initialize(token)`: the view at `INITIALIZEDSDK`.
    /// The token is checked, never stored. An empty token is `FLOW_CREATE_REFUSED` with
    /// 1001 `ERROR_EMPTY_TOKEN`, and nothing is stored. With an `idempotencyKey` the key is
    /// stored with the activation: a retry with it gets the first activation as it was created
    /// (see ``FlowStore``'s `create(_:key:)`).
    public func create(token: String, idempotencyKey: IdempotencyKey? = nil) async throws -> ActivationView {
        var machine = ActivationMachine()
        do {
            _ = try machine.handle(.initialize(token: token))
        } catch {
            throw FlowError(.createRefused, "the activation was not created: \(error.name)", cause: error)
        }
        return ActivationView(try await ActivationRecord.create(machine, in: store, now: configuration.now(), key: idempotencyKey))
    }

    /// The activation's current view. `FLOW_NOT_FOUND` for an unknown or malformed ID.
    public func get(id: String) async throws -> ActivationView {
        ActivationView(try await ActivationRecord.load(id: id, from: store))
    }

    /// Applies `step` to the activation and stores the result.
    ///
    /// - Returns: the view after the step; when the machine refused it, the unchanged view with
    ///   `refused` and the SDK `error`. A failed side effect (`smsFailed`) is applied and comes
    ///   back with `success` false and its error (3004).
    /// - Parameter expectedVersion: the version the caller last saw (an `If-Match`); when given,
    ///   any other stored version is `FLOW_CONFLICT` and nothing is retried.
    /// - Throws: `FLOW_NOT_FOUND`, `FLOW_CONFLICT`, or a store error.
    public func advance(id: String, step: ActivationStep, expectedVersion: Int? = nil) async throws -> ActivationView {
        let uuid = try FlowJSON.id(id, of: ActivationRecord.noun)
        return try await CompareAndSet.step(
            ActivationRecord.self, id: uuid, expectedVersion: expectedVersion, in: store, now: configuration.now
        ) { record in
            var next = record
            let action: ActivationMachine.Action
            do throws(OAError) {
                action = try next.machine.handle(step.event)
            } catch {
                return .answer(ActivationView(record, error: error, refused: true))
            }
            if case .fetchDeviceId(let input) = step {
                next.screenshotSHA256 = input.screenshotSHA256
                next.risk = try await assess(input, for: uuid)
            }
            return .store(next) { stored in
                guard case .failed(let error, _) = action else { return ActivationView(stored) }
                return ActivationView(stored, error: error)
            }
        }
    }
}
