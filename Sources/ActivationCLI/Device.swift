import ActivationPipeline
import ArgumentParser
import DeviceInfo
import Foundation

extension Activation {
    /// `activation device`: prints this host's risk signals under Belvo's key names.
    struct Device: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Prints this host's risk signals (device ID, OS, uptime, root, emulator, debugger, container).",
            discussion: """
                A signal whose source is missing or unreadable prints as null.

                Example:
                  activation device --json --salt tenant-42
                """
        )

        @Flag(help: "Prints one JSON object with every key, nulls included.")
        var json = false

        @Option(help: "The salt mixed into the device ID; another salt gives an unrelated ID.")
        var salt = ""

        @Option(help: "The customer's account creation date, written YYYY-MM-DD; not after today.")
        var accountTenure: String?

        @Option(help: .hidden)
        var root = "/"

        func validate() throws {
            guard let accountTenure else { return }
            do {
                _ = try AccountTenure.validate(accountTenure, today: HostEnvironment.current(root: root).today)
            } catch {
                throw ValidationError(error.message)
            }
        }

        func run() async throws {
            let host = HostEnvironment.current(root: root)
            let tenure = try accountTenure.map { text throws(AccountTenureError) in try AccountTenure.validate(text, today: host.today) }
            let signals = SignalCollector(host: host).collect(salt: salt, accountTenure: tenure)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(signals), as: UTF8.self))
            } else {
                for line in Self.lines(signals) {
                    print(line)
                }
            }
        }

        /// `key: value` lines in Belvo's key order, `null` for missing values.
        static func lines(_ signals: DeviceSignals) -> [String] {
            let values: [DeviceSignals.CodingKeys: String?] = [
                .deviceId: signals.deviceId,
                .osVersion: signals.osVersion,
                .elapsedTimeSinceBoot: signals.elapsedTimeSinceBoot.map(String.init),
                .userTimeZoneOffset: signals.userTimeZoneOffset,
                .language: signals.language,
                .isRootedDevice: signals.isRootedDevice.map(String.init),
                .isEmulated: signals.isEmulated.map(String.init),
                .isDevModeEnabled: signals.isDevModeEnabled.map(String.init),
                .isContainer: signals.isContainer.map(String.init),
                .accountTenure: signals.accountTenure,
            ]
            return DeviceSignals.CodingKeys.allCases.map { key in
                "\(key.stringValue): \((values[key] ?? nil) ?? "null")"
            }
        }
    }
}
