import ActivationPipeline
import Foundation

/// Renders a ``BatchReport`` as one self-contained HTML page: inline CSS, thumbnails as
/// `data:` URIs, one small inline script (``BatchReportScript``) and no external URL, readable
/// offline in any browser. Pure.
///
/// It is a review page: first the results that need a person (annotated thumbnail, what was
/// read, why, and the commands that confirm or correct it), then every result in one table
/// (files below the batch's folder, IMEIs masked) that radio buttons filter with CSS alone and
/// the script sorts (a click on a column's head) and searches (the box above it), then the
/// totals, speed, repeated IMEIs, duplicates and failures.
public enum BatchReportHTML {
    public static func render(_ report: BatchReport) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Batch report: \(escape(report.location))</title>
            <style>\(css)</style></head><body>
            <h1>Batch report</h1><p class="where">\(escape(report.location))</p>
            <p class="meta" id="meta">made <span id="generated">\(escape(report.generated))</span> by activation \
            <span id="version">\(escape(report.version))</span> with <code id="command">\(escape(report.command))</code>; \
            files below <code id="root">\(escape(report.root))</code></p>

            """
        html += reviews(report) + results(report)
        html += totals(report) + speed(report) + repeated(report) + duplicates(report) + gallery(report)
        return html + "<script>\(BatchReportScript.source)</script></body></html>\n"
    }

    static func reviews(_ report: BatchReport) -> String {
        var html = "<h2>Needs review <span class=\"count\" id=\"review-count\">\(report.reviewCount)</span></h2>\n"
        guard !report.reviews.isEmpty else { return html + "<p>None: every result is confident, or a person decided on it.</p>\n" }
        if report.reviewCount > report.reviews.count {
            html += "<p class=\"cap\">Showing the first \(report.reviews.count) of \(report.reviewCount); "
                + "<code>activation batch review</code> lists them all.</p>\n"
        }
        html += "<div class=\"reviews\" id=\"reviews\">"
        for item in report.reviews {
            let file = report.relative(item.path)
            let picture = item.thumbnailJPEG.map {
                "<img class=\"shot\" alt=\"\(escape(file))\" src=\"data:image/jpeg;base64,\(Data($0).base64EncodedString())\">"
            } ?? "<div class=\"nothumb\">no picture</div>"
            let reasons = item.reasons.map { "<li><b class=\"reason\">\(escape($0.code.rawValue))</b> \(escape($0.detail))</li>" }.joined()
            let read = item.read.map { "<li>\(escape($0))</li>" }.joined()
            var commands = "<code class=\"cmd\">\(escape(item.confirmCommand))</code>"
            if let correct = item.correctCommand { commands += "<code class=\"cmd\">\(escape(correct))</code>" }
            html += "<figure class=\"review\">\(picture)<figcaption><span class=\"file\">\(escape(file))</span>"
                + "<ul class=\"read\">\(read)</ul><ul class=\"reasons\">\(reasons)</ul>\(commands)</figcaption></figure>"
        }
        return html + "</div>\n"
    }

    static func results(_ report: BatchReport) -> String {
        let filters = [("all", "all"), ("review", "needs review"), ("decided", "decided"), ("failed", "failed"), ("done", "done")]
        var html = "<h2>Results <span class=\"count\" id=\"result-count\">\(report.rows.count)</span></h2>\n<div class=\"filter\">"
        for (key, label) in filters {
            html += "<input type=\"radio\" name=\"filter\" id=\"f-\(key)\"\(key == "all" ? " checked" : "")><label for=\"f-\(key)\">\(label)</label>"
        }
        html += "<input type=\"search\" id=\"search\" placeholder=\"search files, IMEIs, reasons\" aria-label=\"search the results\">"
        html += "<table id=\"results\"><tr><th>file</th><th>state</th><th>IMEIs</th><th>channels</th><th class=\"n\">confidence</th>"
            + "<th class=\"n\">ms</th><th class=\"n\">error</th><th>review</th></tr>"
        for row in report.rows {
            var classes = ["res", row.state.rawValue]
            if row.needsReview { classes.append("review") }
            if row.decided { classes.append("decided") }
            html += "<tr class=\"\(classes.joined(separator: " "))\"><td class=\"file\">\(escape(report.relative(row.path)))</td>"
                + "<td>\(row.state.rawValue)</td><td class=\"imei\">\(escape(row.imeis.joined(separator: ", ")))</td>"
                + "<td>\(escape(row.channels.joined(separator: "+")))</td>"
                + "<td class=\"n\">\(row.confidence.map(BatchCSV.confidence) ?? "")</td>"
                + "<td class=\"n\">\(row.durationMs.map(String.init) ?? "")</td><td>\(row.errorCode.map(String.init) ?? "")</td>"
                + "<td>\(escape(row.review))</td></tr>"
        }
        return html + "</table></div>\n"
    }

    static func totals(_ report: BatchReport) -> String {
        var rows = JobState.allCases.filter { report.counts[$0] > 0 || $0.isFinished }.map { state in
            "<tr><td>\(state.rawValue)</td><td class=\"n\" id=\"state-\(state.rawValue)\">\(report.counts[state])</td></tr>"
        }
        rows.append("<tr class=\"sum\"><td>total</td><td class=\"n\" id=\"state-total\">\(report.counts.total)</td></tr>")
        var html = "<h2>Totals</h2><table id=\"states\"><tr><th>state</th><th>count</th></tr>\(rows.joined())</table>\n"
        if !report.counts.byErrorCode.isEmpty {
            let codes = report.counts.byErrorCode.sorted { $0.key < $1.key }.map { code, count in
                "<tr><td>\(code)</td><td>\(escape(OAError(code: code)?.name ?? "?"))</td><td class=\"n\" id=\"code-\(code)\">\(count)</td></tr>"
            }
            html += "<table id=\"codes\"><tr><th>error</th><th>name</th><th>count</th></tr>\(codes.joined())</table>\n"
        }
        return html
    }

    static func speed(_ report: BatchReport) -> String {
        let rate = report.imagesPerSecond.map { String(format: "%.2f images/s", $0) } ?? "unknown"
        let p50 = report.p50Ms.map { "\($0) ms" } ?? "unknown", p95 = report.p95Ms.map { "\($0) ms" } ?? "unknown"
        let most = max(1, report.histogram.map(\.count).max() ?? 1)
        let bars = report.histogram.map { bucket in
            let range = bucket.toMs.map { "\(bucket.fromMs)–\($0) ms" } ?? "≥ \(bucket.fromMs) ms"
            let width = Int((Double(bucket.count) / Double(most) * 100).rounded())
            return "<tr><td>\(range)</td><td class=\"bar\"><span style=\"width:\(width)%\"></span></td><td class=\"n\">\(bucket.count)</td></tr>"
        }
        return """
            <h2>Speed</h2><p id="speed">throughput: <b id="throughput">\(rate)</b> (first claim to last result) · \
            latency per image read: p50 <b id="p50">\(p50)</b>, p95 <b id="p95">\(p95)</b></p>
            <table id="histogram"><tr><th>latency</th><th></th><th>images</th></tr>\(bars.joined())</table>

            """
    }

    static func repeated(_ report: BatchReport) -> String {
        let rows = report.repeated.map { item in
            let names = item.paths.map { escape(report.relative($0)) }.joined(separator: ", ")
            return "<tr><td class=\"imei\">\(escape(item.masked))</td><td class=\"n\">\(item.paths.count)</td><td>\(names)</td></tr>"
        }
        return "<h2>Repeated IMEIs <span class=\"count\" id=\"repeated-count\">\(report.repeated.count)</span></h2>\n"
            + "<p class=\"note\">The same IMEI in different uploads, shown as TAC + last two digits.</p>\n"
            + (rows.isEmpty ? "<p>None.</p>\n"
                : "<table id=\"repeated\"><tr><th>IMEI</th><th>uploads</th><th>files</th></tr>\(rows.joined())</table>\n")
    }

    static func duplicates(_ report: BatchReport) -> String {
        let rows = report.duplicates.map { "<tr><td>\(escape(report.relative($0.copy)))</td><td>\(escape(report.relative($0.original)))</td></tr>" }
        return "<h2>Duplicate uploads <span class=\"count\" id=\"duplicate-count\">\(report.counts.duplicates)</span></h2>\n"
            + (rows.isEmpty ? "<p>None.</p>\n"
                : "<table id=\"duplicates\"><tr><th>file</th><th>same content as</th></tr>\(rows.joined())</table>\n")
    }

    static func gallery(_ report: BatchReport) -> String {
        var html = "<h2>Failures <span class=\"count\" id=\"failure-count\">\(report.failureCount)</span></h2>\n"
        if report.failureCount > report.failures.count {
            html += "<p class=\"cap\" id=\"failure-cap\">Showing the first \(report.failures.count) of \(report.failureCount) failures.</p>\n"
        }
        html += "<div class=\"gallery\">"
        for failure in report.failures {
            let picture = failure.thumbnailJPEG.map {
                "<img class=\"thumb\" alt=\"\(escape(name(failure.path)))\" src=\"data:image/jpeg;base64,\(Data($0).base64EncodedString())\">"
            } ?? "<div class=\"nothumb\">no picture</div>"
            html += "<figure class=\"failure\">\(picture)<figcaption><b class=\"code\">\(failure.code)</b> \(escape(failure.name))"
                + "<br><span class=\"file\">\(escape(report.relative(failure.path)))</span><br><span class=\"detail\">\(escape(failure.detail))</span></figcaption></figure>"
        }
        return html + "</div>\n"
    }

    /// The last component of a path.
    static func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// `text` safe inside HTML text and double-quoted attributes.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    static let css = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{margin-bottom:0}.where{color:#666;margin-top:.2em}\
        table{border-collapse:collapse;margin:.5em 2em 1em 0;display:inline-table;vertical-align:top}\
        th,td{border-bottom:1px solid #ddd;padding:.2em .6em;text-align:left}.n{text-align:right}.sum td{font-weight:bold}\
        .bar{width:20em}.bar span{display:block;height:.9em;background:#4a7}.count{color:#666;font-weight:normal}\
        .imei{font-family:monospace}.cap{color:#a50}.gallery{display:flex;flex-wrap:wrap;gap:1em}\
        .failure{margin:0;width:240px;border:1px solid #ddd;padding:.4em}.thumb{max-width:100%;max-height:320px;display:block}\
        .nothumb{height:120px;background:#eee;color:#888;display:flex;align-items:center;justify-content:center}\
        .code{color:#b00}.file{font-family:monospace;font-size:12px;word-break:break-all}.detail{color:#555}\
        .meta{color:#555}.reviews{display:flex;flex-wrap:wrap;gap:1em}.review{margin:0;width:320px;border:2px solid #d90;padding:.4em}\
        .shot{max-width:100%;max-height:420px;display:block}.review ul{margin:.3em 0;padding-left:1.2em}.reason{color:#a50}\
        .cmd{display:block;font-size:11px;background:#f4f4f4;padding:.2em;margin-top:.3em;word-break:break-all;user-select:all}\
        .filter>input{margin-left:1em}.filter table{display:table;margin-top:.5em}#results th{cursor:pointer}\
        #results th[aria-sort=ascending]::after{content:" \\25B2"}#results th[aria-sort=descending]::after{content:" \\25BC"}\
        #f-review:checked~table tr.res:not(.review),#f-decided:checked~table tr.res:not(.decided),\
        #f-failed:checked~table tr.res:not(.failed),#f-done:checked~table tr.res:not(.done){display:none}
        """
}
