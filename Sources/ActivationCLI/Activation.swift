import ActivationPipeline
import ArgumentParser
import Foundation

/// The `activation` command: IMEI reading, batch jobs, KYC checks, validators, device signals
/// and the HTTP service, each a subcommand in its own file.
@main
struct Activation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract: "Reads and checks device identity and onboarding proof for activation and enrollment.",
        discussion: """
            \(CommandExitStatus.helpText)

            Shell completions: activation --generate-completion-script bash|zsh|fish (see the README).

            Example:
              activation imei --json samples/0001_ios_dial_dark_jpeg85.jpg
            """,
        version: ProductVersion.current,
        subcommands: [Imei.self, Batch.self, Kyc.self, Validate.self, Device.self, Serve.self]
    )

    /// Re-executes the process with `OMP_THREAD_LIMIT=1` when it is not set: OpenMP reads it
    /// only at load time, and each worker already has its own engine, so Tesseract's own
    /// threads would only fight the workers for the cores.
    static func main() async {
        OpenMPLimit.ensure()
        do {
            // The arguments as bytes: a file name that is not UTF-8 stays whole (FileSystemName).
            let arguments = (1..<Int(CommandLine.argc)).map { i in
                CommandLine.unsafeArgv[i].map { FileSystemName.string(UnsafeBufferPointer(start: $0, count: strlen($0)).map { UInt8(bitPattern: $0) }) } ?? ""
            }
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
