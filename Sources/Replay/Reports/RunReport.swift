/// A report file written while a run goes: its header when the run begins, each result as it is reported
/// (in plan order), and its end with the totals. Nothing but the open suite of a JUnit report is held back.
public protocol RunReport {
    /// Writes what comes before the first result.
    mutating func begin(plan: RunPlan) throws(RunReportError)
    /// Writes one result.
    mutating func add(_ result: RunResult) throws(RunReportError)
    /// Writes the end and closes the file.
    mutating func end(_ totals: RunTotals) throws(RunReportError)
}

/// The report formats a run writes: those of `curlew run --report FORMAT:FILE`, and Hurl's `report.json`.
public enum RunReportFormat: String, CaseIterable, Sendable {
    /// JUnit XML: one testsuite per collection and pass, one testcase per request.
    case junit
    /// One JSON document: the plan's counts, a `results` array, the totals (fields in docs/curlew-run.md).
    case json
    /// JSON Lines: a start line, a line per result, an end line.
    case jsonl
    /// TAP version 13, the plan line last.
    case tap
    /// One self-contained HTML page: a summary and each request with its checks, heads and body excerpts.
    case html
    /// Hurl's `report.json` (`--report-json DIR`), appended to an existing one.
    case hurlJSON = "hurl-json"

    /// The formats `--report FORMAT:FILE` takes.
    public static let commandLineFormats: [RunReportFormat] = [.junit, .json, .jsonl, .tap, .html]

    /// Whether the report shows what was sent and received, so that the run must keep an excerpt of each exchange.
    public var needsExcerpts: Bool { self == .html || self == .hurlJSON }

    /// Opens a report of this format at a path (created or truncated; Hurl's report keeps what it held).
    public func open(_ path: String) throws(RunReportError) -> any RunReport {
        switch self {
        case .junit: return try JUnitReport(file: try ReportFile(path: path))
        case .json: return JSONDocumentReport(file: try ReportFile(path: path))
        case .jsonl: return JSONLinesReport(file: try ReportFile(path: path))
        case .tap: return TAPReport(file: try ReportFile(path: path))
        case .html: return HTMLReport(file: try ReportFile(path: path))
        case .hurlJSON: return try HurlJSONReport(path: path)
        }
    }
}

/// Why a report could not be written, naming the file.
public struct RunReportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The report file.
    public var file: String
    /// What went wrong.
    public var message: String

    /// Creates an error.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    /// "cannot write the report FILE: message".
    public var description: String { "cannot write the report \(file): \(message)" }
}
