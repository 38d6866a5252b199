import Foundation
import RequestKit

/// The JSON report: JSON Lines, one object per line — `{"type": "start", …}`, then `{"type": "result", …}` per
/// request in plan order, then `{"type": "end", …}`. The fields are documented in docs/curlew-run.md.
struct JSONLinesReport: RunReport {
    private let file: ReportFile

    /// Creates the report on an open file.
    init(file: ReportFile) {
        self.file = file
    }

    mutating func begin(plan: RunPlan) throws(RunReportError) {
        let fields: [(String, String)] = [
            ("type", q("start")), ("total", String(plan.count)), ("requests", String(plan.steps.count)),
            ("dataRows", String(plan.dataRows.count)), ("repeat", String(plan.repeatCount)),
        ]
        try file.write(Self.object(fields) + "\n")
    }

    mutating func add(_ result: RunResult) throws(RunReportError) {
        let checks = result.checks.map { check in
            Self.object([
                ("check", q(check.check.text)), ("passed", String(check.passed)), ("expected", q(check.expected)),
                ("actual", q(check.actual)), ("problem", check.problem.map(q) ?? "null"),
            ])
        }
        let captures = result.captures.map { capture in
            Self.object([("variable", q(capture.variable)), ("value", q(capture.value)), ("secret", String(capture.isSecret))])
        }
        let captureFailures = result.captureFailures.map { failure in
            Self.object([("capture", q(failure.rule.text)), ("variable", q(failure.rule.variable)), ("message", q(failure.message))])
        }
        let fields: [(String, String)] = [
            ("type", q("result")), ("index", String(result.entry.index)), ("iteration", String(result.entry.iteration + 1)),
            ("dataRow", result.dataRow.map(String.init) ?? "null"), ("collection", q(result.collectionName)),
            ("path", q(result.path)), ("name", q(result.name)), ("origin", q(result.origin)), ("method", q(result.method)),
            ("url", q(result.url)), ("status", result.status.map(String.init) ?? "null"), ("passed", String(result.passed)),
            ("durationMs", String(format: "%.3f", result.duration * 1000)), ("bytesSent", String(result.bytesSent)),
            ("bytesReceived", String(result.bytesReceived)), ("bodySize", String(result.bodySize)),
            ("attempts", String(result.attempts)), ("error", result.error.map(q) ?? "null"),
            ("checks", "[" + checks.joined(separator: ",") + "]"), ("captures", "[" + captures.joined(separator: ",") + "]"),
            ("captureFailures", "[" + captureFailures.joined(separator: ",") + "]"),
        ]
        try file.write(Self.object(fields) + "\n")
    }

    mutating func end(_ totals: RunTotals) throws(RunReportError) {
        let fields: [(String, String)] = [
            ("type", q("end")), ("passed", String(totals.passed)), ("failed", String(totals.failed)),
            ("skipped", String(totals.skipped)), ("durationMs", String(format: "%.3f", totals.duration * 1000)),
            ("cancelled", String(totals.cancelled)),
        ]
        try file.write(Self.object(fields) + "\n")
        try file.close()
    }

    private func q(_ text: String) -> String { JSONStringLiteral.quote(text) }

    /// `{"key":value,…}` from keys and already-encoded values.
    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JSONStringLiteral.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
