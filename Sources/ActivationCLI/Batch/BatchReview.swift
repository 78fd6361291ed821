import ActivationBatch
import ActivationPipeline
import ActivationStorage
import ArgumentParser
import Foundation

extension Activation.Batch {
    /// `activation batch review`: lists the results that need a person, and records a person's
    /// confirmation or correction beside the machine's result.
    struct Review: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Lists the results that need a person, and records a confirmation or a correction with who made it.",
            discussion: """
                Without --confirm or --correct, lists every result that needs review, with its reasons \
                (CORRECTED, LOW_CONFIDENCE under \(ReviewRules.lowConfidence), SINGLE_CHANNEL_PHOTO, \
                LABEL_UNREAD, MEID_ONLY, BARCODE_DISAGREED, REUSED_IMEI, DUPLICATE_SCREENSHOT) and the \
                commands that settle it; --json prints the export's JSON line of each instead. A \
                decision is stored beside the machine's result, never over it, with --by and the time; \
                it holds while the file's content stays the same. A correction must pass the Luhn check.

                Examples:
                  activation batch review --db batch.sqlite
                  activation batch review --db batch.sqlite --confirm uploads/a.jpg --by ana
                  activation batch review --db batch.sqlite --correct uploads/b.png --imei 352099001761481 --slot 2 --by ana
                """
        )

        @OptionGroup var store: BatchStoreOptions

        @Flag(help: "Prints one JSON object per result (the export's line, with its review) instead of text.")
        var json = false

        @Flag(help: "Lists the results already decided too (every result with a reason).")
        var all = false

        @Option(help: ArgumentHelp("Records that FILE's reading is right.", valueName: "FILE"))
        var confirm: String?

        @Option(help: ArgumentHelp("Records a correction of FILE's IMEI (give --imei, and --slot when it shows two).", valueName: "FILE"))
        var correct: String?

        @Option(help: "The right IMEI, for --correct: 15 digits that pass the Luhn check.")
        var imei: String?

        @Option(help: "The SIM slot (1 or 2) of the IMEI --correct replaces.")
        var slot: Int?

        @Option(help: "Who decides, for --confirm and --correct; kept with the decision.")
        var by: String?

        func validate() throws {
            if confirm != nil, correct != nil { throw ValidationError("Give --confirm or --correct, not both.") }
            if correct != nil, imei == nil { throw ValidationError("--correct needs --imei VALUE.") }
            if correct == nil, imei != nil || slot != nil { throw ValidationError("--imei and --slot only apply with --correct.") }
            if confirm != nil || correct != nil {
                guard let by, !by.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ValidationError("Say who decides: --by NAME.")
                }
                if json || all { throw ValidationError("--json and --all only apply to the list.") }
            }
        }

        func run() async throws {
            let location = try store.existingLocation()
            let logger = BatchSession.logger(verbose: false)
            let commands = ReviewCommands(location: location)
            if let file = confirm ?? correct {
                let path = InputExpander(currentDirectory: FileManager.default.currentDirectoryPath) { nil }.absolute(file)
                let (imei, slot, by, isCorrection) = (imei, slot, by ?? "", correct != nil)
                let decision: ReviewDecision
                do {
                    decision = try await location.withStore(JobStores.self, logger: logger) { store in
                        guard let record = try await store.record(at: path) else {
                            throw ReviewError(.unknownFile, "the batch has no finished result for \(PrintableName.terminal(path))")
                        }
                        let now = BatchClock.nowMs()
                        let decision =
                            isCorrection
                            ? try ReviewDecision.correct(imei ?? "", slot: slot, of: record.result, by: by, atMs: now, sha256: record.sha256)
                            : try ReviewDecision.confirm(by: by, atMs: now, sha256: record.sha256)
                        try await store.addDecision(decision, for: path)
                        return decision
                    }
                } catch let error as ReviewError {
                    BatchSession.printError("error: \(error.code): \(error.message)")
                    throw ExitCode(CommandExitStatus.usage.rawValue)
                } catch {
                    throw BatchSession.fail(error)
                }
                let what = decision.action == .confirm ? "confirmed" : "corrected to \(IMEIMask.mask(decision.imei ?? ""))"
                    + (decision.slot.map { " (slot \($0))" } ?? "")
                print("\(PrintableName.terminal(path)): \(what) by \(PrintableName.terminal(decision.by)) at \(decision.at)")
                return
            }
            let (json, all) = (json, all)
            do {
                let (listed, total) = try await location.withStore(JobStores.self, logger: logger) { store in
                    let book = try await BatchReviewBook.load(from: store)
                    var listed = 0, total = 0
                    var after: String?
                    while true {
                        let page = try await store.records(after: after, limit: 500)
                        guard let last = page.last else { break }
                        var text = ""
                        for record in page {
                            let review = book.status(of: record)
                            guard review.needed || (all && !review.reasons.isEmpty) else { continue }
                            listed += 1
                            text += json ? try record.jsonLine(review: review) + "\n" : Self.entry(record, review, commands)
                        }
                        total += page.count
                        if !text.isEmpty { FileHandle.standardOutput.write(Data(text.utf8)) }
                        after = last.path
                    }
                    return (listed, total)
                }
                BatchSession.printError("\(listed) of \(total) result(s) \(all ? "have review reasons" : "need review")")
            } catch {
                throw BatchSession.fail(error)
            }
        }

        /// One result in the text list: its file, its IMEIs masked, its reasons, any decision, and
        /// the commands that settle it.
        static func entry(_ record: BatchRecord, _ review: ReviewStatus, _ commands: ReviewCommands) -> String {
            var lines = [PrintableName.terminal(record.path)]
            for reading in record.result.imeis {
                lines.append(
                    "  \(reading.label) \(IMEIMask.mask(reading.value)) (\(reading.channels.joined(separator: "+")), "
                        + "confidence \(BatchCSV.confidence(reading.confidence))\(reading.corrected ? ", corrected" : ""))")
            }
            if let error = record.result.error { lines.append("  error \(error.code) \(error.name)") }
            for reason in review.reasons { lines.append("  \(reason.code.rawValue): \(reason.detail)") }
            if let decision = review.decision {
                lines.append("  decided: \(decision.action.rawValue) by \(PrintableName.terminal(decision.by)) at \(decision.at)")
            }
            lines.append("  confirm: " + commands.confirm(record.path))
            if !record.result.imeis.isEmpty || record.result.meid != nil {
                lines.append("  correct: " + commands.correct(record.path, result: record.result))
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }
}
