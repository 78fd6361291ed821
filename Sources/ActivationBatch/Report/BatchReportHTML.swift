import ActivationPipeline
import Foundation

/// Renders a ``BatchReport`` as one self-contained HTML page: inline CSS, thumbnails as
/// `data:` URIs, no script and no external URL, readable offline in any browser. Pure.
public enum BatchReportHTML {
    public static func render(_ report: BatchReport) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <title>Batch report: \(escape(report.location))</title>
            <style>\(css)</style></head><body>
            <h1>Batch report</h1><p class="where">\(escape(report.location))</p>

            """
        html += totals(report) + speed(report) + repeated(report) + duplicates(report) + gallery(report)
        return html + "</body></html>\n"
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
            let names = item.paths.map { escape(name($0)) }.joined(separator: ", ")
            return "<tr><td class=\"imei\">\(escape(item.masked))</td><td class=\"n\">\(item.paths.count)</td><td>\(names)</td></tr>"
        }
        return "<h2>Repeated IMEIs <span class=\"count\" id=\"repeated-count\">\(report.repeated.count)</span></h2>\n"
            + "<p class=\"note\">The same IMEI in different uploads, shown as TAC + last two digits.</p>\n"
            + (rows.isEmpty ? "<p>None.</p>\n"
                : "<table id=\"repeated\"><tr><th>IMEI</th><th>uploads</th><th>files</th></tr>\(rows.joined())</table>\n")
    }

    static func duplicates(_ report: BatchReport) -> String {
        let rows = report.duplicates.map { "<tr><td>\(escape($0.copy))</td><td>\(escape($0.original))</td></tr>" }
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
                + "<br><span class=\"file\">\(escape(failure.path))</span><br><span class=\"detail\">\(escape(failure.detail))</span></figcaption></figure>"
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
        .code{color:#b00}.file{font-family:monospace;font-size:12px;word-break:break-all}.detail{color:#555}
        """
}
