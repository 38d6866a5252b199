import RequestKit

/// TAP version 13: `ok N - …` or `not ok N - …` per request in plan order, a YAML block under each failure
/// with its checks, expected and actual values, `ok N - … # SKIP` for each request left unrun when the run stopped,
/// and the plan line `1..N` last.
struct TAPReport: RunReport {
    private let file: ReportFile
    private var count = 0
    /// The requests that were never run.
    private var unrun = UnrunEntries()

    /// Creates the report on an open file.
    init(file: ReportFile) {
        self.file = file
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        unrun.begin(plan)
        try file.write("TAP version 13\n")
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        unrun.reported(result.entry)
        count += 1
        var description = result.path
        if let row = result.dataRow { description += " [row \(row)]" }
        description = Self.oneLine(description)
        let failures = result.failures
        var text = "\(failures.isEmpty ? "ok" : "not ok") \(count) - \(description)\n"
        if !failures.isEmpty {
            text += "  ---\n"
            text += "  origin: \(JSONStringLiteral.quote(result.origin))\n"
            text += "  method: \(JSONStringLiteral.quote(result.method))\n"
            text += "  url: \(JSONStringLiteral.quote(result.url))\n"
            text += "  status: \(result.status.map(String.init) ?? "null")\n"
            text += "  failures:\n"
            for failure in failures {
                text += "    - kind: \(failure.kind.rawValue)\n"
                text += "      text: \(JSONStringLiteral.quote(failure.text))\n"
                if let expected = failure.expected { text += "      expected: \(JSONStringLiteral.quote(expected))\n" }
                if let actual = failure.actual { text += "      actual: \(JSONStringLiteral.quote(actual))\n" }
                if let problem = failure.problem { text += "      problem: \(JSONStringLiteral.quote(problem))\n" }
            }
            text += "  ...\n"
        }
        try file.write(text)
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        var text = ""
        for entry in unrun.entries {
            let (path, _, row) = unrun.describe(entry)
            count += 1
            text += "ok \(count) - \(Self.oneLine(path + (row.map { " [row \($0)]" } ?? ""))) # SKIP \(UnrunEntries.reason)\n"
        }
        text += "1..\(count)\n"
        if totals.skipped > 0 { text += "# \(totals.skipped) skipped\n" }
        try file.write(text)
        try file.close()
    }

    /// A description on one line, `#` escaped so it is not read as a directive.
    private static func oneLine(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "#": result += "\\#"
            case "\\": result += "\\\\"
            default: result.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
            }
        }
        return result
    }
}
