@testable import ActivationBatch
@testable import ActivationStorage
import TestSupport
import Testing

/// What every `JobStore` must do (``JobStoreScenarios``), once per backend: a real SQLite
/// file, and a real PostgreSQL (one fresh schema per test) when the test server is up.
@Suite struct JobStoreTests {
    /// Opens a new store of `backend`, runs `body` with it, and closes it.
    static func withStore(_ backend: StoreBackend, _ body: @escaping @Sendable (any JobStore) async throws -> Void) async throws {
        try await backend.withLocation(file: "batch.sqlite") { location in
            try await location.withStore(JobStores.self, logger: BatchTestSupport.quiet, body)
        }
    }

    @Test(arguments: StoreBackend.available)
    func fullRunRecordsEachInputOnce(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.fullRunRecordsEachInputOnce)
    }

    @Test(arguments: StoreBackend.available)
    func stopThenResumeReadsEachContentOnce(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.stopThenResumeReadsEachContentOnce)
    }

    @Test(arguments: StoreBackend.available)
    func abandonedLeasesAreTakenBack(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.abandonedLeasesAreTakenBack)
    }

    @Test(arguments: StoreBackend.available)
    func expiredLeaseIsWrittenOnceByTheNewOwner(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.expiredLeaseIsWrittenOnceByTheNewOwner)
    }

    @Test(arguments: StoreBackend.available)
    func leasesAreRenewedWhileReading(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.leasesAreRenewedWhileReading)
    }

    @Test(arguments: StoreBackend.available)
    func poisonInputsAreGivenUpAfterMaxAttempts(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.poisonInputsAreGivenUpAfterMaxAttempts)
    }

    @Test(arguments: StoreBackend.available)
    func duplicatesWaitForTheFirstCopy(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.duplicatesWaitForTheFirstCopy)
    }

    @Test(arguments: StoreBackend.available)
    func changedFilesAreReadAgain(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.changedFilesAreReadAgain)
    }

    @Test(arguments: StoreBackend.available)
    func oversizedAndMissingFilesGetTheirCodes(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.oversizedAndMissingFilesGetTheirCodes)
    }

    @Test(arguments: StoreBackend.available)
    func exportWritesEveryResultOnce(_ backend: StoreBackend) async throws {
        try await Self.withStore(backend, JobStoreScenarios.exportWritesEveryResultOnce)
    }
}
