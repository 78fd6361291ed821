import ActivationPipeline
import ArgumentParser

extension Activation {
    /// `activation batch`: reads many screenshots through a resumable queue.
    struct Batch: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reads many screenshots through a resumable queue: a local SQLite file or a shared PostgreSQL.",
            discussion: """
                INPUT is a directory (walked recursively for images), @list.txt (one path per line), \
                - (paths on standard input) or a file. Each input gets one row; a rerun skips files \
                already read and reads changed ones again. Files with the same content are read once. \
                A folder's files are taken by image extension, or by content when they have none. \
                An INPUT or a --db that does not exist is a usage error (exit 64); only run and \
                enqueue create a database.

                \(CommandExitStatus.helpText)

                Example:
                  activation batch run uploads/ --db batch.sqlite --out results.csv
                """,
            subcommands: [Run.self, Enqueue.self, Work.self, Export.self, Status.self, Report.self, Review.self]
        )
    }
}
