import Foundation

/// JUnit XML as CI tools read it: `<testsuites>` holding one `<testsuite>` per collection and pass (data row,
/// repetition), one `<testcase>` per request, a `<failure>` per failed request listing each failed check with
/// what was expected and what came, an `<error>` for a request that could not be sent. Requests left unsent when
/// the run stopped (`--bail`, cancelled) close the report as a last suite of `<skipped/>` testcases.
///
/// A suite's testcases wait in an unnamed temporary file until the suite closes, so that its totals can go in
/// its attributes while the report stays flat in memory.
struct JUnitReport: RunReport {
    private let file: ReportFile
    private let spool: SpoolFile
    private var repeatCount = 1
    private var open: OpenSuite?
    /// The requests that were never run.
    private var unrun = UnrunEntries()

    /// The suite being filled.
    private struct OpenSuite {
        var key: SuiteKey
        var name: String
        var timestamp: String
        var tests = 0
        var failures = 0
        var errors = 0
        var time = 0.0
    }

    /// What identifies a suite: the collection and the pass.
    private struct SuiteKey: Equatable {
        var collection: String
        var pass: Int
    }

    /// Creates the report on an open file.
    init(file: ReportFile) throws(RunReportError) {
        self.file = file
        spool = try SpoolFile(for: file.path)
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        repeatCount = plan.repeatCount
        unrun.begin(plan)
        try file.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"curlew run\">\n")
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        let key = SuiteKey(collection: result.collectionName, pass: result.entry.pass)
        if open?.key != key {
            try closeSuite()
            open = OpenSuite(key: key, name: suiteName(for: result), timestamp: Self.timestamp())
        }
        unrun.reported(result.entry)
        let failures = result.failures
        var testcase = "    <testcase name=\"\(XMLText.escape(result.path))\" classname=\"\(XMLText.escape(open?.name ?? result.collectionName))\""
        testcase += " time=\"\(String(format: "%.3f", result.duration))\""
        if failures.isEmpty {
            testcase += "/>\n"
        } else {
            testcase += ">\n"
            let sendError = failures.first { $0.kind == .send }
            let element = sendError == nil ? "failure" : "error"
            let message = sendError?.text ?? "\(failures.count) check\(failures.count == 1 ? "" : "s") failed: \(failures[0].line)"
            let body = failures.map(\.line).joined(separator: "\n") + "\nat \(result.origin)" + (result.dataRow.map { ", data row \($0)" } ?? "")
            testcase += "      <\(element) message=\"\(XMLText.escape(message))\" type=\"\(sendError == nil ? "check" : "send")\">"
            testcase += XMLText.escape(body) + "</\(element)>\n    </testcase>\n"
        }
        try spool.write(testcase)
        open?.tests += 1
        open?.time += result.duration
        if !failures.isEmpty {
            if failures.contains(where: { $0.kind == .send }) { open?.errors += 1 } else { open?.failures += 1 }
        }
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        try closeSuite()
        try writeSkipped()
        try file.write("</testsuites>\n")
        try file.close()
    }

    /// Writes the open suite with its totals, then its testcases.
    private mutating func closeSuite() throws(RunReportError) {
        guard let suite = open else { return }
        var header = "  <testsuite name=\"\(XMLText.escape(suite.name))\" tests=\"\(suite.tests)\" failures=\"\(suite.failures)\""
        header += " errors=\"\(suite.errors)\" skipped=\"0\" time=\"\(String(format: "%.3f", suite.time))\" timestamp=\"\(suite.timestamp)\">\n"
        try file.write(header)
        try spool.drain(into: file)
        try file.write("  </testsuite>\n")
        open = nil
    }

    /// Writes the requests that have no result as one suite of skipped testcases, when there are any.
    private func writeSkipped() throws(RunReportError) {
        let skipped = unrun.entries
        guard !skipped.isEmpty else { return }
        for entry in skipped {
            let (path, collection, row) = unrun.describe(entry)
            var testcase = "    <testcase name=\"\(XMLText.escape(path))\" classname=\"\(XMLText.escape(collection))\" time=\"0.000\">"
            testcase += "<skipped message=\"\(UnrunEntries.reason)\(row.map { ", data row \($0)" } ?? "")\"/></testcase>\n"
            try spool.write(testcase)
        }
        var header = "  <testsuite name=\"not run\" tests=\"\(skipped.count)\" failures=\"0\" errors=\"0\""
        header += " skipped=\"\(skipped.count)\" time=\"0.000\" timestamp=\"\(Self.timestamp())\">\n"
        try file.write(header)
        try spool.drain(into: file)
        try file.write("  </testsuite>\n")
    }

    /// "Shop", "Shop [row 2]", "Shop [row 2, run 3]".
    private func suiteName(for result: RunResult) -> String {
        var parts: [String] = []
        if let row = result.dataRow { parts.append("row \(row)") }
        if repeatCount > 1 { parts.append("run \(result.entry.iteration + 1)") }
        return parts.isEmpty ? result.collectionName : "\(result.collectionName) [\(parts.joined(separator: ", "))]"
    }

    private static func timestamp() -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date())
    }
}
