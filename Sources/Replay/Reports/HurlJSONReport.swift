import Foundation
import RequestKit

/// Hurl's `report.json` (`--report-json DIR`): a JSON array with one object per file and pass (`filename`,
/// `entries`, `success`, `time`, `cookies`), each entry with its `calls` (request, response, timings),
/// `captures`, `asserts`, `time` and `curl_cmd`, as Hurl writes them. An existing report is kept and the run's
/// files are appended to it, as Hurl does. No response body is stored: `body` is left out, which Hurl's own
/// shape allows, and the file-level `cookies` list is empty.
struct HurlJSONReport: RunReport {
    private let file: ReportFile
    /// What the existing report held before its closing `]`, and whether it held any file.
    private let kept: (text: String, hasItems: Bool)
    private var plan = RunPlan(steps: [])
    private var open: OpenFile?
    private var filesWritten = 0

    /// The file being written.
    private struct OpenFile {
        var stepFile: String
        var pass: Int
        var entries = 0
        var success = true
        var time = 0.0
    }

    /// Opens the report at `path`, keeping the files an existing report lists.
    init(path: String) throws(RunReportError) {
        kept = try Self.existing(at: path)
        file = try ReportFile(path: path)
    }

    /// The text of an existing report up to its closing `]`, or `[` when there is none.
    private static func existing(at path: String) throws(RunReportError) -> (text: String, hasItems: Bool) {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return ("[", false) }
        let refusal = RunReportError(file: path, message: "the existing report is not a JSON array of Hurl results; move it away or choose another folder")
        guard case .array(let items)? = try? JSONParser.parse(data) else { throw refusal }
        var text = String(decoding: data, as: UTF8.self)
        while let last = text.last, last.isWhitespace { text.removeLast() }
        guard text.last == "]" else { throw refusal }
        text.removeLast()
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return (text, !items.isEmpty)
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        self.plan = plan
        try file.write(kept.text)
        if kept.hasItems { filesWritten = 1 }
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        let step = plan.steps[result.entry.stepIndex]
        let stepFile = step.collectionFile ?? step.collectionName
        if open?.stepFile != stepFile || open?.pass != result.entry.pass {
            try closeFile()
            try file.write((filesWritten == 0 ? "\n" : ",\n") + "{\"filename\":\(ResultJSON.q(stepFile)),\"entries\":[")
            filesWritten += 1
            open = OpenFile(stepFile: stepFile, pass: result.entry.pass)
        }
        let number = open?.entries ?? 0
        try file.write((number == 0 ? "\n" : ",\n") + HurlJSONEntry.render(result, step: step, position: number + 1))
        open?.entries += 1
        open?.time += result.duration
        if !result.passed { open?.success = false }
        try file.flush()
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        try closeFile()
        try file.write("\n]\n")
        try file.close()
    }

    /// Closes the open file's object with its outcome.
    private mutating func closeFile() throws(RunReportError) {
        guard let current = open else { return }
        try file.write("\n],\"success\":\(current.success),\"time\":\(Int((current.time * 1000).rounded())),\"cookies\":[]}")
        open = nil
    }
}
