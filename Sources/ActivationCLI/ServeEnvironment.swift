import ArgumentParser
import Foundation

/// Where `activation serve` reads an option it was not given on the command line: its
/// environment variable, `ACTIVATION_` and the option's name in capitals with `_` for `-`
/// (`--max-body-mb` is `ACTIVATION_MAX_BODY_MB`), else the default. The command line wins over
/// the environment, which wins over the default. Pure: the environment is a value.
struct ServeEnvironment {
    let variables: [String: String]

    init(_ variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    /// The variable of the option `--name`.
    static func variable(_ option: String) -> String {
        "ACTIVATION_" + option.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// The variable's text, nil when unset or empty.
    func text(_ option: String) -> String? {
        guard let value = variables[Self.variable(option)], !value.isEmpty else { return nil }
        return value
    }

    /// `given`, else the variable of `--option`, else `fallback`.
    func string(_ given: String?, _ option: String, default fallback: String) -> String {
        given ?? text(option) ?? fallback
    }

    /// `given`, else the variable of `--option` read as an integer, else `fallback`.
    func int(_ given: Int?, _ option: String, default fallback: Int?) throws -> Int? {
        if let given { return given }
        guard let text = text(option) else { return fallback }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("\(Self.variable(option)) must be an integer, not '\(text)'.")
        }
        return value
    }

    /// `given`, else the variable of `--option` read as a number, else `fallback`.
    func double(_ given: Double?, _ option: String, default fallback: Double) throws -> Double {
        if let given { return given }
        guard let text = text(option) else { return fallback }
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw ValidationError("\(Self.variable(option)) must be a number, not '\(text)'.")
        }
        return value
    }
}
