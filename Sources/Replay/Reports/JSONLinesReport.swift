/// The JSON Lines report (`jsonl`): one object per line — `{"type": "start", …}`, then `{"type": "result", …}` per
/// request in plan order, then `{"type": "end", …}`. The fields are documented in docs/curlew-run.md.
struct JSONLinesReport: RunReport {
    private let file: ReportFile

    /// Creates the report on an open file.
    init(file: ReportFile) {
        self.file = file
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        try file.write(ResultJSON.object([("type", ResultJSON.q("start"))] + ResultJSON.planFields(plan)) + "\n")
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        try file.write(ResultJSON.object([("type", ResultJSON.q("result"))] + ResultJSON.resultFields(result)) + "\n")
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        try file.write(ResultJSON.object([("type", ResultJSON.q("end"))] + ResultJSON.totalsFields(totals)) + "\n")
        try file.close()
    }
}
