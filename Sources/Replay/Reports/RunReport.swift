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

/// The report formats `curlew run --report FORMAT:FILE` writes.
public enum RunReportFormat: String, CaseIterable, Sendable {
    /// JUnit XML: one testsuite per collection and pass, one testcase per request.
    case junit
    /// JSON Lines: a start line, a line per result, an end line (fields in docs/curlew-run.md).
    case json
    /// TAP version 13, the plan line last.
    case tap

    /// Opens a report of this format at a path (created or truncated).
    public func open(_ path: String) throws(RunReportError) -> any RunReport {
        let file = try ReportFile(path: path)
        switch self {
        case .junit: return try JUnitReport(file: file)
        case .json: return JSONLinesReport(file: file)
        case .tap: return TAPReport(file: file)
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
