import ActivationPipeline
import ActivationReader
import ActivationStorage
import ArgumentParser
import Foundation
import Synchronization

extension Activation {
    /// `activation imei`: reads the IMEIs off screenshots, in parallel, printing results in
    /// input order as soon as each one and all before it are done.
    struct Imei: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Reads the IMEIs shown in screenshots.",
            discussion: """
                Prints one line per file, in input order. - reads one image from standard input \
                (named "-" in the output). Exits 0 when every file gave an IMEI, 4 when every file \
                was read and at least one showed no IMEI (4001), 1 when a file could not be read or \
                decoded (4004 unreadable path, 4005 not an image), 64 on a usage error.

                Example:
                  activation imei --json --annotate annotated shots/a/shot.jpg shots/b/shot.png
                  cat shot.png | activation imei -
                """
        )

        @Flag(help: "Prints one JSON object per file, one per line, in input order.")
        var json = false

        @Option(help: "The number of worker threads, each with its own reader (default: the number of cores).")
        var workers: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(help: ArgumentHelp(
            "Writes each image's reading time to this file: one JSON line per image, {\"file\", \"cpuMs\", \"wallMs\"}.",
            valueName: "path"))
        var timings: String?

        @Option(help: ArgumentHelp(
            "Writes an annotated copy of each image to this folder: DIR/<name>.annotated.png, the upright image with a box around each IMEI read; inputs with the same base name get names of their own (shot.jpg.annotated.png, a_shot.png.annotated.png).",
            valueName: "DIR"))
        var annotate: String?

        @Option(help: ArgumentHelp(
            "The most one image's reading may take, in seconds; past it the image answers 4001 with reason DEADLINE_EXCEEDED.",
            valueName: "seconds"))
        var budget: Double = 30

        @Flag(help: "Shows IMEIs in full on annotated images (by default they are masked as in logs: TAC + *******).")
        var unmasked = false

        @Flag(help: ArgumentHelp(
            "Lists the reader's stages for each file, in the order they ran, with each one's time and what it concluded (with --json, a \"stages\" array).",
            discussion: "The stage names are listed in the README."))
        var explain = false

        @Argument(help: "The screenshot files to read; - reads one from standard input.")
        var files: [String]

        func validate() throws {
            guard workers >= 1 else { throw ValidationError("--workers must be at least 1.") }
            guard budget > 0, budget <= 86_400 else { throw ValidationError("--budget must be between 0 and 86400 seconds.") }
            guard !files.isEmpty else { throw ValidationError("Give at least one file.") }
            if unmasked, annotate == nil { throw ValidationError("--unmasked only applies with --annotate.") }
            if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("Give - (standard input) at most once.") }
        }

        func run() async throws {
            let files = self.files
            let maxBytes = IMEIReader.Configuration().maxFileBytes
            // Standard input is read whole before any worker starts: it can be read only once.
            let standardInput = files.contains("-") ? StandardInputImage.read(maxBytes: maxBytes) : nil
            let printer = OrderedPrinter(count: files.count, render: json ? Self.jsonLine : Self.textLine)
            var configuration = IMEIReader.Configuration()
            configuration.explain = explain
            let pool = try await IMEIReader.pool(workers: min(workers, files.count), configuration: configuration)
            defer { pool.shutdown() }
            let log = try timings.map(ImeiTimings.init(path:))
            if annotate != nil { TemporaryFiles.shared.removeOnSignals() }
            let pictures = try annotate.map { [unmasked] in
                try ImeiAnnotations(directory: $0, unmasked: unmasked, names: AnnotationNames.names(for: files))
            }
            try await pool.forEach(files.count, budget: .seconds(budget), { i, reader, stop in
                let loaded: Result<Screenshot, OAError>
                if files[i] == "-", let standardInput {
                    loaded = standardInput
                } else if pictures == nil {
                    return ImeiTimings.measure { reader.read(path: files[i], stop: stop) }
                } else {
                    // Annotating: the file is loaded once, for the reading and for the picture.
                    loaded = Screenshot.load(path: files[i], maxBytes: maxBytes)
                }
                switch loaded {
                case .failure(let error):
                    return ImeiTimings.measure { ScreenshotResult.failure(files[i], error) }
                case .success(let screenshot):
                    let timed = ImeiTimings.measure { reader.read(screenshot, stop: stop).result }
                    pictures?.write(timed.0, for: screenshot, index: i)
                    return timed
                }
            }) { i, timed in
                log?.record(file: files[i], timed.1)
                printer.deliver(i, timed.0)
            }
            if log?.incomplete == true { FileHandle.standardError.write(Data("activation imei: some timings could not be written\n".utf8)) }
            for path in pictures?.failed ?? [] {
                FileHandle.standardError.write(Data("activation imei: could not write \(PrintableName.terminal(path))\n".utf8))
            }
            var status = CommandExitStatus.imei(errorCodes: printer.errorCodes)
            if pictures?.failed.isEmpty == false { status = .inputError }
            if status != .success { throw ExitCode(status.rawValue) }
        }

        static func jsonLine(_ result: ScreenshotResult) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
            guard let data = try? encoder.encode(result) else {
                return #"{"file":null,"imeis":[],"meid":null,"error":{"code":5000}}"#
            }
            return String(decoding: data, as: UTF8.self)
        }

        static func textLine(_ result: ScreenshotResult) -> String {
            let file = PrintableName.terminal(result.file)
            let stages = stageLines(result.stages ?? [], indent: "  ")
            if let error = result.error {
                return "\(file): error \(error.code) \(error.name): \(error.detail ?? error.message)" + stages
            }
            let values = result.imeis.map { r in
                "\(r.label) \(r.value)" + (r.softwareVersion.map { "/\($0)" } ?? "") + (r.corrected ? " (corrected)" : "")
            }
            return "\(file): " + values.joined(separator: ", ") + (result.meid.map { ", MEID \($0)" } ?? "") + stages
        }

        /// The stages, one line each under the file's, a sub-plan's indented under its stage.
        static func stageLines(_ stages: [ReaderStage], indent: String) -> String {
            stages.map { stage in
                "\n\(indent)\(stage.name) \(stage.ms) ms: \(stage.concluded)" + (stage.verdict.map { " → \($0)" } ?? "")
                    + stageLines(stage.stages ?? [], indent: indent + "  ")
            }.joined()
        }
    }
}

/// Prints results in input order as they arrive from worker threads. Thread-safe.
final class OrderedPrinter: Sendable {
    private struct State {
        var pending: [Int: ScreenshotResult] = [:]
        var next = 0
        var errorCodes: [Int?] = []
    }

    private let state = Mutex(State())
    private let render: @Sendable (ScreenshotResult) -> String

    init(count: Int, render: @escaping @Sendable (ScreenshotResult) -> String) {
        self.render = render
    }

    /// Each delivered result's error code (nil for a result with IMEIs), in delivery order.
    var errorCodes: [Int?] { state.withLock { $0.errorCodes } }

    func deliver(_ index: Int, _ result: ScreenshotResult) {
        state.withLock { s in
            s.pending[index] = result
            s.errorCodes.append(result.error?.code)
            var out = ""
            while let r = s.pending.removeValue(forKey: s.next) {
                out += render(r) + "\n"
                s.next += 1
            }
            if !out.isEmpty { FileHandle.standardOutput.write(Data(out.utf8)) }
        }
    }
}
