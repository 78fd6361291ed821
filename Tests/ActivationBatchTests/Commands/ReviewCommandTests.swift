@testable import ActivationBatch
import ActivationPipeline
import Foundation
import Testing

/// The operator's review loop as users run it, with the real reader on real samples: the list of
/// doubtful reads with their reasons, a correction and a confirmation with who and when, both
/// surviving a `kill -9` and the resume after it, and both exports carrying them.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ReviewCommandTests {
    @Test func doubtfulReadsAreListedAndDecisionsSurviveKillNineAndAreExported() async throws {
        let work = try CommandWorkspace(copying: [
            ("0038_android_about_light_red_circle.jpg", "low.jpg"),  // IMEI (slot 2) read at 0.885
            ("0003_xiaomi_status_dark_photo.jpg", "photo.jpg"),  // a photo read by the deep reader alone
            ("0051_meid_only_dark_png.png", "meid.png"),
            ("0001_ios_dial_dark_jpeg85.jpg", "clean.jpg"), ("0001_ios_dial_dark_jpeg85.jpg", "clean-copy.jpg"),
        ])
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite"
        let run = ["batch", "run", "inputs", "--db", db, "--workers", "2", "--quiet"] + ActivationProcess.readerArguments
        let first = try await ActivationProcess.run(run, in: work.directory, name: "run")
        #expect(first.status == 0, "\(first.stderr)")

        let list = try await ActivationProcess.run(["batch", "review", "--db", db, "--json"], in: work.directory, name: "list")
        #expect(list.status == 0, "\(list.stderr)")
        var reasons: [String: Set<String>] = [:]
        for line in list.stdout.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let file = try #require(object["file"] as? String)
            let review = try #require(object["review"] as? [String: Any])
            #expect(review["needed"] as? Bool == true)
            let codes = (review["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
            reasons[(file as NSString).lastPathComponent] = Set(codes)
        }
        #expect(reasons["low.jpg"]?.contains("LOW_CONFIDENCE") == true, "\(reasons)")
        #expect(reasons["photo.jpg"]?.contains("SINGLE_CHANNEL_PHOTO") == true, "\(reasons)")
        #expect(reasons["meid.png"] == ["MEID_ONLY"], "\(reasons)")
        // Whichever of the two identical uploads was read first is the original; the other is its copy.
        let copies = [reasons["clean.jpg"], reasons["clean-copy.jpg"]]
        #expect(copies.filter { $0 == ["DUPLICATE_SCREENSHOT"] }.count == 1 && copies.contains { $0 == nil }, "\(reasons)")

        let badLuhn = try await ActivationProcess.run(
            ["batch", "review", "--db", db, "--correct", "inputs/low.jpg", "--imei", "356361123743772", "--slot", "2", "--by", "ana"],
            in: work.directory, name: "bad")
        #expect(badLuhn.status == 64 && badLuhn.stderr.contains("REVIEW_INVALID_IMEI"), "\(badLuhn.stderr)")
        let noSlot = try await ActivationProcess.run(
            ["batch", "review", "--db", db, "--correct", "inputs/low.jpg", "--imei", "356361123743771", "--by", "ana"],
            in: work.directory, name: "noslot")
        #expect(noSlot.status == 64 && noSlot.stderr.contains("REVIEW_SLOT_REQUIRED"), "\(noSlot.stderr)")
        let unknown = try await ActivationProcess.run(
            ["batch", "review", "--db", db, "--confirm", "inputs/nowhere.jpg", "--by", "ana"], in: work.directory, name: "unknown")
        #expect(unknown.status == 64 && unknown.stderr.contains("REVIEW_UNKNOWN_FILE"), "\(unknown.stderr)")
        let correct = try await ActivationProcess.run(
            ["batch", "review", "--db", db, "--correct", "inputs/low.jpg", "--imei", "35636112 3743771", "--slot", "2", "--by", "ana"],
            in: work.directory, name: "correct")
        #expect(correct.status == 0 && correct.stdout.contains("corrected to 35636112*******") && correct.stdout.contains("by ana"), "\(correct.stdout)\(correct.stderr)")
        #expect(!correct.stdout.contains("356361123743771"), "no full IMEI on the terminal")
        let confirm = try await ActivationProcess.run(
            ["batch", "review", "--db", db, "--confirm", "inputs/photo.jpg", "--by", "bo"], in: work.directory, name: "confirm")
        #expect(confirm.status == 0, "\(confirm.stderr)")

        // New uploads, a run killed mid-way, and the resume after it.
        for (n, name) in ["0006_android_about_light_jpeg85.jpg", "0013_ios_dial_dark_png.png", "0026_ios_dial_dark_png16.png"].enumerated() {
            try FileManager.default.copyItem(atPath: CommandWorkspace.samples + "/" + name, toPath: work.inputs + "/later-\(n)-" + name)
        }
        let doomed = try ActivationProcess.launch(
            ["batch", "run", "inputs", "--db", db, "--workers", "1", "--quiet", "--hold-ms", "4000"] + ActivationProcess.readerArguments,
            in: work.directory, name: "doomed")
        try await BatchCommandTests.eventually {
            try await SQLiteJobStore(path: db).counts()[.running] >= 1
        }
        doomed.signal(SIGKILL)
        _ = try await doomed.wait()
        #expect(doomed.process.terminationReason == .uncaughtSignal)
        let resumed = try await ActivationProcess.run(run, in: work.directory, name: "resumed")
        #expect(resumed.status == 0, "\(resumed.stderr)")

        let jsonl = try await ActivationProcess.run(["batch", "export", "--db", db, "--out", "all.jsonl"], in: work.directory, name: "jsonl")
        #expect(jsonl.status == 0, "\(jsonl.stderr)")
        var decided: [String: [String: Any]] = [:]
        for line in try String(contentsOfFile: work.directory + "/all.jsonl", encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let review = try #require(object["review"] as? [String: Any], "every line has its review")
            if let decision = (review["decisions"] as? [[String: Any]])?.last, let file = object["file"] as? String {
                decided[(file as NSString).lastPathComponent] = decision
            }
        }
        #expect(decided.count == 2, "\(decided.keys)")
        #expect(decided["low.jpg"]?["action"] as? String == "correct" && decided["low.jpg"]?["imei"] as? String == "356361123743771")
        #expect(decided["low.jpg"]?["by"] as? String == "ana" && (decided["low.jpg"]?["at"] as? String)?.hasSuffix("Z") == true)
        #expect(decided["photo.jpg"]?["action"] as? String == "confirm" && decided["photo.jpg"]?["by"] as? String == "bo")

        let csv = try await ActivationProcess.run(["batch", "export", "--db", db, "--out", "all.csv"], in: work.directory, name: "csv")
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = try String(contentsOfFile: work.directory + "/all.csv", encoding: .utf8).components(separatedBy: "\r\n").dropLast()
        let header = rows.first?.split(separator: ",").map(String.init) ?? []
        let low = try #require(rows.first { $0.contains("/low.jpg,") }).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let field = { (name: String) in header.firstIndex(of: name).map { low[$0] } }
        #expect(field("review_decision") == "correct" && field("review_by") == "ana" && field("review_needed") == "false")
        #expect(field("review_imeis")?.hasSuffix("356361123743771") == true && field("review_reasons")?.contains("LOW_CONFIDENCE") == true)
        #expect(field("imei2_confidence") == "0.885" || (field("imei2_confidence").flatMap(Double.init) ?? 1) < 0.9)

        let remaining = try await ActivationProcess.run(["batch", "review", "--db", db], in: work.directory, name: "remaining")
        #expect(!remaining.stdout.contains("low.jpg") && !remaining.stdout.contains("photo.jpg"), "decided results leave the list")
        #expect(remaining.stdout.contains("meid.png") && remaining.stdout.contains("confirm: activation batch review --db "))
        #expect(!remaining.stdout.contains("356361123743771"), "IMEIs masked in the text list")
    }
}
