import Foundation
import RequestKit

/// The JSON objects the `json` and `jsonl` reports are made of: the plan's counts, one object per result and
/// the totals, each on one line (fields documented in docs/curlew-run.md).
enum ResultJSON {
    /// The plan's counts: `total`, `requests`, `dataRows`, `repeat`.
    static func planFields(_ plan: RunPlan) -> [(String, String)] {
        [
            ("total", String(plan.count)), ("requests", String(plan.steps.count)),
            ("dataRows", String(plan.dataRows.count)), ("repeat", String(plan.repeatCount)),
        ]
    }

    /// One result's fields, in the documented order.
    static func resultFields(_ result: RunResult) -> [(String, String)] {
        let checks = result.checks.map { check in
            object([
                ("check", q(check.check.text)), ("passed", String(check.passed)), ("expected", q(check.expected)),
                ("actual", q(check.actual)), ("problem", check.problem.map(q) ?? "null"),
            ])
        }
        let captures = result.captures.map { capture in
            object([("variable", q(capture.variable)), ("value", q(capture.value)), ("secret", String(capture.isSecret))])
        }
        let captureFailures = result.captureFailures.map { failure in
            object([("capture", q(failure.rule.text)), ("variable", q(failure.rule.variable)), ("message", q(failure.message))])
        }
        return [
            ("index", String(result.entry.index)), ("iteration", String(result.entry.iteration + 1)),
            ("dataRow", result.dataRow.map(String.init) ?? "null"), ("collection", q(result.collectionName)),
            ("path", q(result.path)), ("name", q(result.name)), ("origin", q(result.origin)), ("method", q(result.method)),
            ("url", q(result.url)), ("status", result.status.map(String.init) ?? "null"), ("passed", String(result.passed)),
            ("durationMs", milliseconds(result.duration)), ("bytesSent", String(result.bytesSent)),
            ("bytesReceived", String(result.bytesReceived)), ("bodySize", String(result.bodySize)),
            ("attempts", String(result.attempts)), ("error", result.error.map(q) ?? "null"),
            ("checks", array(checks)), ("captures", array(captures)), ("captureFailures", array(captureFailures)),
        ]
    }

    /// The totals' fields: `passed`, `failed`, `skipped`, `durationMs`, `cancelled`.
    static func totalsFields(_ totals: RunTotals) -> [(String, String)] {
        [
            ("passed", String(totals.passed)), ("failed", String(totals.failed)), ("skipped", String(totals.skipped)),
            ("durationMs", milliseconds(totals.duration)), ("cancelled", String(totals.cancelled)),
        ]
    }

    /// A JSON string literal.
    static func q(_ text: String) -> String { JSONStringLiteral.quote(text) }

    /// Seconds as milliseconds with three decimals.
    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.3f", seconds.isFinite ? seconds * 1000 : 0)
    }

    /// `[a,b,…]` from already-encoded values.
    static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// `{"key":value,…}` from keys and already-encoded values.
    static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { JSONStringLiteral.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
