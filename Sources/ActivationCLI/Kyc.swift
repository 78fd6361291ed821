import ActivationPipeline
import ActivationReader
import ArgumentParser
import Foundation
import KYCCheck

extension Activation {
    /// `activation kyc`: the KYC pre-validation of one application's document front, back and
    /// selfie, with the fixes written to a folder when asked. Reads the files, calls
    /// `KYCValidator`, prints the report; nothing else.
    struct Kyc: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Checks a KYC application's document and selfie images before they are uploaded.",
            discussion: """
                Checks each file against Finaptic's limits (under 4,000,000 bytes; JPEG or PNG by \
                content) and the checks the KYC vendors reject on: size in pixels, sharpness, glare, \
                exposure, exactly one face in the selfie (sharp, lit and near enough), the same picture twice, and the document's \
                country, type and state. With --fix, a file that fails only on its size or format is \
                re-encoded as a JPEG without metadata into the folder (front.jpg, back.jpg, selfie.jpg) \
                and checked again.

                Exits 0 when everything passes, 1 when anything fails, and 2 when the face detector \
                cannot start (install Debian's opencv-data).

                Example:
                  activation kyc --selfie samples/kyc/selfie.jpg --fix fixed --json
                """
        )

        @Option(help: "The image of the document's front.")
        var front: String?

        @Option(help: "The image of the document's back.")
        var back: String?

        @Option(help: "The selfie.")
        var selfie: String?

        @Option(help: "The document type code, such as DOCUMENT_TYPE_CANADIAN_DRIVERS_LICENSE.")
        var documentType: String?

        @Option(help: "The country that issued the document, as an ISO 3166-1 alpha-2 code such as CA.")
        var country: String?

        @Option(help: "The state or province that issued the document; required for driver's licences.")
        var state: String?

        @Option(name: .customLong("fix"), help: ArgumentHelp("Fixes what can be fixed and writes the fixed files into this folder.", valueName: "dir"))
        var fixDirectory: String?

        @Option(help: ArgumentHelp(
            "How strict the checks are: relaxed, normal or strict (the thresholds of each are in the README).",
            valueName: "level"
        ))
        var strictness = KYCStrictness.normal.rawValue

        @Flag(help: "Prints the report as one JSON object.")
        var json = false

        /// The largest file read (as the service's default body cap): larger ones are refused
        /// `FILE_TOO_LARGE` from their size alone, unread.
        static let maxReadBytes = 32 << 20

        func validate() throws {
            guard KYCStrictness(rawValue: strictness) != nil else {
                throw ValidationError("--strictness must be relaxed, normal or strict.")
            }
        }

        func run() throws {
            let validator: KYCValidator
            do {
                validator = try KYCValidator()
            } catch {
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                throw ExitCode(2)
            }
            var unreadable: Set<KYCRole> = [], tooLarge: Set<KYCRole> = []
            // The size is checked before a byte is read: a 1 GiB file is refused at once.
            func load(_ path: String?, _ role: KYCRole) -> KYCUpload? {
                guard let path else { return nil }
                switch Screenshot.load(path: path, maxBytes: Self.maxReadBytes) {
                case .success(let file):
                    return KYCUpload(bytes: file.bytes, filename: path)
                case .failure(let error):
                    if error.code == OAError.screenshotLoad.code { tooLarge.insert(role) } else { unreadable.insert(role) }
                    return nil
                }
            }
            let application = KYCApplication(
                front: load(front, .front), back: load(back, .back), selfie: load(selfie, .selfie),
                documentType: documentType, documentCountry: country, documentState: state
            )
            let level = KYCStrictness(rawValue: strictness) ?? .normal
            let outcome = validator.validate(application, fix: fixDirectory != nil, strictness: level)
            var report = outcome.report
            for role in unreadable {
                report[role].errors = [KYCIssue(.fileMissing, "the \(role.title) file could not be read")]
            }
            for role in tooLarge {
                report[role].errors = [
                    KYCIssue(.fileTooLarge, "the \(role.title) file is over \(Self.maxReadBytes >> 20) MiB: too large to read or fix")
                ]
            }
            if let fixDirectory, !outcome.fixed.isEmpty {
                try write(outcome.fixed, into: fixDirectory, report: &report)
            }
            print(json ? try Self.jsonText(report) : Self.text(report), terminator: json ? "\n" : "")
            if report.verdict == .fail { throw ExitCode(1) }
        }

        /// Writes each fixed file as `DIR/role.jpg` and records the path in the report.
        private func write(_ fixed: [KYCRole: [UInt8]], into directory: String, report: inout KYCReport) throws {
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for role in KYCRole.allCases {
                guard let bytes = fixed[role] else { continue }
                let url = folder.appendingPathComponent("\(role.rawValue).jpg")
                try Data(bytes).write(to: url)
                report[role].fixed = url.path
            }
        }

        static func jsonText(_ report: KYCReport) throws -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(report), as: UTF8.self)
        }

        /// The report as readable lines: one per file, its errors and warnings indented under it,
        /// then the application's errors and the verdict.
        static func text(_ report: KYCReport) -> String {
            var out = ""
            for role in KYCRole.allCases {
                let file = report[role]
                var facts: [String] = []
                if let format = file.format {
                    let size = file.width.flatMap { w in file.height.map { "\(w)×\($0)" } }
                    facts.append([format, size].compactMap(\.self).joined(separator: " "))
                }
                if let bytes = file.bytes { facts.append("\(bytes) bytes") }
                if let s = file.scores { facts.append("sharpness \(s.sharpness), glare \(s.glare), exposure \(s.exposure)") }
                if let faces = file.faces { facts.append("\(faces) face\(faces == 1 ? "" : "s")") }
                if !file.checks.isEmpty {
                    facts.append("checks " + file.checks.map { "\($0.name) \($0.score)/\($0.threshold)" }.joined(separator: ", "))
                }
                out += "\(role.rawValue): \(file.ok ? "pass" : "FAIL")" + (facts.isEmpty ? "" : "  " + facts.joined(separator: "; ")) + "\n"
                if let fixed = file.fixed {
                    out += "  fixed → \(fixed): \(file.actions.joined(separator: ", "))\n"
                }
                for issue in file.original?.errors ?? [] { out += "  was \(issue)\n" }
                for issue in file.errors { out += "  error \(issue)\n" }
                for issue in file.warnings { out += "  warning \(issue)\n" }
            }
            for issue in report.errors { out += "application: error \(issue)\n" }
            out += "verdict: \(report.verdict.rawValue)\n"
            return out
        }
    }
}
