import Foundation

/// The JSON report (`json`): one JSON document, written as results arrive. The opening line holds the plan's
/// counts and opens `"results"`; each result is one line (a comma before every one but the first); the last line
/// closes the array and adds `"end"` with the totals:
///
///     {"report":"curlew run","version":1,"startedAt":"…","total":4,…,"results":[
///     {"index":0,…}
///     ,{"index":1,…}
///     ],"end":{"passed":2,…}}
///
/// Each line is written whole before the next begins, so a run killed midway leaves a file that `]}` completes.
struct JSONDocumentReport: RunReport {
    private let file: ReportFile
    private var count = 0

    /// The version of the document's shape.
    static let version = 1

    /// Creates the report on an open file.
    init(file: ReportFile) {
        self.file = file
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let fields = [("report", ResultJSON.q("curlew run")), ("version", String(Self.version)),
                      ("startedAt", ResultJSON.q(formatter.string(from: Date())))] + ResultJSON.planFields(plan)
        let opening = ResultJSON.object(fields)
        try file.write(String(opening.dropLast()) + ",\"results\":[")
        try file.flush()
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        try file.write((count == 0 ? "\n" : "\n,") + ResultJSON.object(ResultJSON.resultFields(result)))
        count += 1
        try file.flush()
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        try file.write("\n],\"end\":" + ResultJSON.object(ResultJSON.totalsFields(totals)) + "}\n")
        try file.close()
    }
}
