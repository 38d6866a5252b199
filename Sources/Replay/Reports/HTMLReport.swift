import Foundation

/// The HTML report (`html`): one self-contained page (inline style, no script, no external asset), written as
/// results arrive: the page's head and the run's header, one `<details>` section per request in plan order,
/// and at the end the summary (which the style sheet shows first) and the requests left unrun.
struct HTMLReport: RunReport {
    private let file: ReportFile
    private var count = 0
    private var repeats = false
    /// The requests that were never run.
    private var unrun = UnrunEntries()

    /// Creates the report on an open file.
    init(file: ReportFile) {
        self.file = file
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        repeats = plan.repeatCount > 1
        unrun.begin(plan)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        var planned = "\(plan.count) request\(plan.count == 1 ? "" : "s") planned"
        if plan.passCount > 1 {
            var parts = ["\(plan.steps.count) request\(plan.steps.count == 1 ? "" : "s")"]
            if !plan.dataRows.isEmpty { parts.append("\(plan.dataRows.count) data row\(plan.dataRows.count == 1 ? "" : "s")") }
            if plan.repeatCount > 1 { parts.append("\(plan.repeatCount) runs") }
            planned += " (" + parts.joined(separator: " × ") + ")"
        }
        let collections = Array(Set(plan.steps.map { $0.collectionFile ?? $0.collectionName })).sorted()
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<title>curlew run report</title>\n<style>\n\(HTMLStyle.css)\n</style>\n</head>\n<body>\n<main>\n"
        html += "<header class=\"run\"><h1>curlew run</h1>\n<p>Started \(HTMLText.escape(formatter.string(from: Date()))) · \(planned)</p>\n"
        html += "<p class=\"muted\">\(collections.prefix(20).map(HTMLText.escape).joined(separator: " · "))\(collections.count > 20 ? " · …" : "")</p></header>\n"
        html += "<section class=\"results\" aria-label=\"Requests\">\n<h2>Requests</h2>\n"
        try file.write(html)
        try file.flush()
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        unrun.reported(result.entry)
        count += 1
        try file.write(HTMLResultSection.render(result, number: count, repeats: repeats))
        try file.flush()
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        let outcome = totals.cancelled ? "cancelled" : (totals.failed == 0 && totals.skipped == 0 ? "passed" : "failed")
        var html = "</section>\n<section class=\"summary\" id=\"summary\">\n<h2>Summary: <span class=\"\(outcome == "passed" ? "passed" : "failed")\">\(outcome)</span></h2>\n"
        html += "<table class=\"totals\"><tbody>\n"
        html += "<tr><th>Passed</th><td class=\"number passed\">\(totals.passed)</td></tr>\n"
        html += "<tr><th>Failed</th><td class=\"number failed\">\(totals.failed)</td></tr>\n"
        html += "<tr><th>Skipped</th><td class=\"number\">\(totals.skipped)</td></tr>\n"
        html += "<tr><th>Duration</th><td class=\"number\">\(HTMLResultSection.milliseconds(totals.duration))</td></tr>\n"
        html += "</tbody></table>\n"
        let skipped = unrun.entries
        if !skipped.isEmpty {
            html += "<h3>Not run</h3>\n<p class=\"note\">\(UnrunEntries.reason).</p>\n<ul class=\"unrun\">\n"
            for entry in skipped {
                let (path, _, row) = unrun.describe(entry)
                html += "<li>\(HTMLText.escape(path))\(row.map { " [row \($0)]" } ?? "")</li>\n"
            }
            html += "</ul>\n"
        }
        html += "</section>\n</main>\n</body>\n</html>\n"
        try file.write(html)
        try file.close()
    }
}
