@testable import ActivationFlows
@testable import ActivationStorage
import TestSupport
import Testing

/// The flow scenarios (``ActivationFlowScenarios``, ``EnrollmentFlowScenarios``) once per
/// backend: a real SQLite file, and a real PostgreSQL (one fresh schema per test) when the
/// test server is up.
@Suite struct FlowStoreTests {
    @Test(arguments: StoreBackend.available)
    func wholeActivation(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await ActivationFlowScenarios.wholeActivation(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func restartMidFlowLosesNothing(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await ActivationFlowScenarios.restartMidFlowLosesNothing(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func illegalStepsAreRefused(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await ActivationFlowScenarios.illegalStepsAreRefused(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func duplicateIMEIIsFlagged(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await ActivationFlowScenarios.duplicateIMEIIsFlagged(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func concurrentAdvancesAreSerialized(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await ActivationFlowScenarios.concurrentAdvancesAreSerialized(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func finapticRetriesToKYCRejected(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await EnrollmentFlowScenarios.finapticRetriesToKYCRejected(.at(location)) }
    }

    @Test(arguments: StoreBackend.available)
    func belvoEnrollment(_ backend: StoreBackend) async throws {
        try await backend.withLocation(file: "flows.sqlite") { location in try await EnrollmentFlowScenarios.belvoEnrollment(.at(location)) }
    }
}
