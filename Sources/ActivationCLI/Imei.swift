import ArgumentParser

extension Activation {
    /// `activation imei`: reads the IMEIs off screenshots.
    struct Imei: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Reads the IMEIs shown in screenshots.")

        @Flag(help: "Prints one JSON object per file, one per line, in input order.")
        var json = false

        @Argument(help: "The screenshot files to read.")
        var files: [String]

        func run() async throws {}
    }
}
