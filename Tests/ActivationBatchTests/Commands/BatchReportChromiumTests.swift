import Foundation
import Testing

/// `activation batch report` over a real batch of samples, opened in headless Chromium
/// (Debian's `chromium`, installed by scripts/install-deps.sh): the DOM it builds shows the
/// counts and the thumbnails, and the file names no external URL.
@Suite struct BatchReportChromiumTests {
    /// Debian's Chromium, or `$CHROMIUM`.
    static let chromium: String? = ((ProcessInfo.processInfo.environment["CHROMIUM"].map { [$0] } ?? [])
        + ["/usr/bin/chromium", "/usr/bin/chromium-browser"])
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The DOM Chromium builds from `file` (the page has no script: the test checks its source).
    static func dom(of file: String, scratch: String) throws -> String {
        let binary = try #require(chromium, "install Debian's chromium (scripts/install-deps.sh does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--user-data-dir=\(scratch)/chromium-profile", "--dump-dom", URL(fileURLWithPath: file).absoluteString,
        ]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    @Test func theReportOpensInHeadlessChromiumWithCountsAndThumbnails() async throws {
        let work = try CommandWorkspace(copying: [
            ("0013_ios_dial_dark_png.png", "dial.png"), ("0013_ios_dial_dark_png.png", "dial-copy.png"),
            ("0015_chat_negative_light_png.png", "chat.png"), ("bad/truncated.png", "cut.png"),
        ])
        defer { work.remove() }
        let db = work.directory + "/batch.sqlite", html = work.directory + "/report.html"
        let run = try await ActivationProcess.run(
            ["batch", "run", work.inputs, "--db", db, "--quiet"] + ActivationProcess.readerArguments, in: work.directory, name: "run")
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(!run.stderr.contains("libpng") && !run.stdout.contains("libpng"), "no C-library chatter")
        let report = try await ActivationProcess.run(["batch", "report", "--db", db, "--out", html], in: work.directory, name: "report")
        #expect(report.status == 0, "\(report.stderr)")

        let source = try String(contentsOfFile: html, encoding: .utf8)
        #expect(!source.contains("http:") && !source.contains("https:") && !source.contains("<script"), "self-contained")
        #expect(!source.contains("352427849757371"), "no full IMEI")
        let dom = try Self.dom(of: html, scratch: work.directory)
        #expect(dom.contains("id=\"state-total\">4<"))
        #expect(dom.contains("id=\"state-done\">2<") && dom.contains("id=\"state-failed\">2<"))
        #expect(dom.contains("id=\"code-4001\">1<") && dom.contains("id=\"code-4005\">1<"))
        #expect(dom.contains("id=\"failure-count\">2<") && dom.contains("id=\"duplicate-count\">1<"))
        let thumbnails = dom.components(separatedBy: "<img class=\"thumb\"").count - 1
        #expect(thumbnails == 1, "the chat screenshot decodes; the cut file gets no picture")
        #expect(dom.contains("src=\"data:image/jpeg;base64,/9j/"))
        #expect(dom.contains("no picture"))

        // A review page: the copy needs a person (DUPLICATE_SCREENSHOT), shown first with its
        // annotated picture and the commands; then every result, named below the batch's folder.
        #expect(dom.contains("id=\"review-count\">1<") && dom.contains("DUPLICATE_SCREENSHOT"))
        #expect(dom.components(separatedBy: "<img class=\"shot\"").count - 1 == 1)
        let needs = try #require(dom.range(of: "Needs review")), totals = try #require(dom.range(of: ">Totals<"))
        #expect(needs.lowerBound < totals.lowerBound)
        #expect(dom.contains("id=\"result-count\">4<") && dom.contains("<td class=\"file\">dial-copy.png</td>"))
        #expect(dom.contains("--confirm ") && dom.contains("id=\"version\">"))
        let sources = dom.components(separatedBy: "src=\"").dropFirst().map { String($0.prefix(5)) }
        #expect(!sources.isEmpty && sources.allSatisfy { $0 == "data:" }, "no request leaves the page")
    }
}
