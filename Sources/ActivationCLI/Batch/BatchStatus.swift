import ActivationBatch
import ArgumentParser
import Foundation

extension Activation.Batch {
    /// `activation batch status`: counts by state and by error code.
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints how many inputs are in each state and each error code, and repeated IMEIs (masked).",
            discussion: """
                A --db that does not exist is a usage error (64): status never creates a database.

                Example:
                  activation batch status --db batch.sqlite --json
                """
        )

        @OptionGroup var store: BatchStoreOptions

        @Flag(help: "Prints the counts as one JSON object instead of a table.")
        var json = false

        func run() async throws {
            let logger = BatchSession.logger(verbose: false)
            let location = try store.existingLocation()
            let json = json
            do {
                let text = try await location.withStore(JobStores.self, logger: logger) { store in
                    let counts = try await store.counts()
                    if json { return try Self.json(counts) }
                    var summary = BatchSummary(location: location.description, counts: counts)
                    summary.repeated = try await BatchExporter(store: store).repeatedIMEIs()
                    return summary.render()
                }
                print(text)
            } catch {
                throw BatchSession.fail(error)
            }
        }

        /// `{"total":…,"states":{"done":…},"errors":{"4001":…},"duplicates":…}`.
        static func json(_ counts: BatchCounts) throws -> String {
            struct Body: Encodable {
                var total: Int
                var states: [String: Int]
                var errors: [String: Int]
                var duplicates: Int
            }
            let body = Body(
                total: counts.total,
                states: Dictionary(uniqueKeysWithValues: JobState.allCases.map { ($0.rawValue, counts[$0]) }),
                errors: Dictionary(uniqueKeysWithValues: counts.byErrorCode.map { (String($0.key), $0.value) }),
                duplicates: counts.duplicates)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return String(decoding: try encoder.encode(body), as: UTF8.self)
        }
    }
}
