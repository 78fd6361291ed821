import ArgumentParser

/// The `activation` command: IMEI reading, batch jobs, KYC checks, validators, device signals
/// and the HTTP service, each a subcommand in its own file.
@main
struct Activation: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activation",
        abstract: "Reads and checks device identity and onboarding proof for activation and enrollment.",
        subcommands: [Imei.self, Batch.self]
    )
}
