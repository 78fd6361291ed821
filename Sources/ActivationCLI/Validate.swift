import ActivationPipeline
import ArgumentParser
import Foundation

extension Activation {
    /// `activation validate KIND VALUE`: checks one identifier and prints its normalised form.
    ///
    /// Exit status 0 when valid (prints the normalised value), 1 when invalid (prints the reason
    /// code and message); usage errors exit through ArgumentParser (64).
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Checks an IMEI, IMEISV, MEID, CPF, Indian PIN code or Indian mobile number.",
            discussion: """
                Prints the normalised value and exits 0 when the value is valid; prints the reason \
                (a stable code and a message) and exits 1 when it is not.

                Kinds:
                \(ValidatorKind.allCases.map { "  \($0.rawValue): \($0.summary)" }.joined(separator: "\n"))

                Example:
                  activation validate imei "35 209900 176148 1"
                """
        )

        /// The kind names as ArgumentParser reads them.
        enum Kind: String, CaseIterable, ExpressibleByArgument {
            case imei, imeisv, meid, cpf, pincode, mobile

            var library: ValidatorKind {
                switch self {
                case .imei: .imei
                case .imeisv: .imeisv
                case .meid: .meid
                case .cpf: .cpf
                case .pincode: .pincode
                case .mobile: .mobile
                }
            }
        }

        @Flag(help: "Prints one JSON object with the kind, the input, the verdict, the value and the reason.")
        var json = false

        @Argument(help: "The kind of identifier to check.")
        var kind: Kind

        @Argument(help: "The value to check; quote it when it holds spaces.")
        var value: String

        func run() async throws {
            let kind = kind.library
            let outcome: Outcome
            do {
                outcome = Outcome(kind: kind, input: value, value: try kind.validator.validate(value), failure: nil)
            } catch {
                outcome = Outcome(kind: kind, input: value, value: nil, failure: error)
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(outcome), as: UTF8.self))
            } else if let normalised = outcome.value {
                print(normalised)
            } else if let failure = outcome.failure {
                print(failure.description)
            }
            if outcome.failure != nil {
                throw ExitCode(1)
            }
        }
    }
}

extension Activation.Validate {
    /// The JSON object `activation validate --json` prints; every key is present, `null` included.
    struct Outcome: Encodable {
        var kind: ValidatorKind
        var input: String
        var value: String?
        var failure: ValidationFailure?

        private enum CodingKeys: String, CodingKey {
            case kind, input, valid, value, code, reason
        }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(kind, forKey: .kind)
            try c.encode(input, forKey: .input)
            try c.encode(failure == nil, forKey: .valid)
            try c.encode(value, forKey: .value)
            try c.encode(failure?.code.rawValue, forKey: .code)
            try c.encode(failure?.message, forKey: .reason)
        }
    }
}
