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

    /// The DOM Chromium builds from `file` (its inline script run), opened at `fragment`
    /// (`#sort=ms`); with `screenshot`, a PNG of the page is written there instead.
    static func dom(of file: String, fragment: String = "", scratch: String, screenshot: String? = nil) throws -> String {
        let binary = try #require(chromium, "install Debian's chromium (scripts/install-deps.sh does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        let output = screenshot.map { ["--screenshot=\($0)", "--window-size=1280,1400", "--hide-scrollbars"] } ?? ["--dump-dom"]
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--user-data-dir=\(scratch)/chromium-profile",
        ] + output + [URL(fileURLWithPath: file).absoluteString + fragment]
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
        #expect(!source.contains("http:") && !source.contains("https:") && !source.contains("<script src"), "self-contained")
        #expect(source.components(separatedBy: "<script").count == 2, "one inline script")
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

        // The results table sorts and searches offline: its inline script, asked by the address.
        let sorted = try Self.dom(of: html, fragment: "#sort=-file", scratch: work.directory)
        #expect(Self.files(in: sorted) == ["dial.png", "dial-copy.png", "cut.png", "chat.png"], "file names, descending")
        #expect(sorted.contains("aria-sort=\"descending\">file<"))
        let ascending = try Self.dom(of: html, fragment: "#sort=file", scratch: work.directory)
        #expect(Self.files(in: ascending) == ["chat.png", "cut.png", "dial-copy.png", "dial.png"])
        let searched = try Self.dom(of: html, fragment: "#q=dial&sort=file", scratch: work.directory)
        #expect(Self.files(in: searched, shown: true) == ["dial-copy.png", "dial.png"], "rows without 'dial' hidden")
        #expect(searched.contains("value=\"dial\"") || searched.contains("id=\"search\""))
        if let shot = ProcessInfo.processInfo.environment["ACTIVATION_REPORT_SCREENSHOT"] {
            _ = try Self.dom(of: html, fragment: "#sort=-file", scratch: work.directory, screenshot: shot)
            #expect(FileManager.default.fileExists(atPath: shot))
        }
    }

    /// The file names of the results table's rows in the order `dom` has them; with `shown`,
    /// only the rows the search left visible.
    static func files(in dom: String, shown: Bool = false) -> [String] {
        guard let table = dom.range(of: "<table id=\"results\"") else { return [] }
        let rest = dom[table.upperBound...]
        let end = rest.range(of: "</table>").map(\.lowerBound) ?? rest.endIndex
        return rest[..<end].components(separatedBy: "<tr class=\"res").dropFirst().compactMap { row -> String? in
            let head = row.prefix { $0 != ">" }
            if shown && head.contains("hidden") { return nil }
            guard let start = row.range(of: "<td class=\"file\">"), let stop = row[start.upperBound...].range(of: "</td>") else { return nil }
            return String(row[start.upperBound..<stop.lowerBound])
        }
    }
}
