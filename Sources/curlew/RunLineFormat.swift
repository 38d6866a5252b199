import Foundation
import Replay
import RequestKit

/// The lines `curlew run` prints for a result, sanitized for the terminal and colored when asked.
struct RunLineFormat {
    /// Whether ANSI colors are used.
    var colors: Bool
    /// The width the request paths are padded to.
    var pathWidth: Int
    /// Whether the run repeats (then each line names its run).
    var repeats: Bool

    /// The widest a padded path gets; longer paths push the rest of their line right.
    static let maximumPathWidth = 40

    /// The result's line and, for a failure, a line per reason and one saying where the request is written.
    func lines(for result: RunResult) -> [String] {
        let passed = result.passed
        var parts = [
            paint(passed ? "✔" : "✘", passed ? Self.green : Self.red) + " " + pad(ResponseOutput.visibleLine(result.path), to: pathWidth),
            pad(ResponseOutput.visibleLine(result.method), to: 6),
            ResponseOutput.visibleLine(result.url),
        ]
        if let status = result.status {
            parts.append(paint(String(status), status < 400 ? Self.green : Self.red))
            parts.append(Self.duration(result.duration))
            parts.append(Self.size(result.bodySize))
        } else {
            parts.append(paint("---", Self.red))
        }
        if let row = result.dataRow { parts.append(paint("row \(row)", Self.dim)) }
        if repeats { parts.append(paint("run \(result.entry.iteration + 1)", Self.dim)) }
        if result.attempts > 1 { parts.append(paint("\(result.attempts) attempts", Self.dim)) }
        var lines = [parts.joined(separator: "  ")]
        let failures = result.failures
        if !failures.isEmpty {
            for failure in failures {
                let line = failure.sourceLine.map { paint("line \($0): ", Self.dim) } ?? ""
                lines.append("    " + line + paint(ResponseOutput.visibleLine(failure.line), Self.red))
            }
            lines.append("    " + paint("at " + ResponseOutput.visibleLine(result.origin), Self.dim))
        }
        return lines
    }

    /// `N passed, N failed` and `, N skipped` when some were.
    func summary(_ totals: RunTotals) -> String {
        var text = "\(totals.passed) passed, " + paint("\(totals.failed) failed", totals.failed > 0 ? Self.red : "")
        if totals.skipped > 0 { text += ", \(totals.skipped) skipped" }
        return text
    }

    /// The live progress line: done/total, the request being sent, the time so far.
    func progress(done: Int, total: Int, current: String, elapsed: Double) -> String {
        "[\(done)/\(total)] \(ResponseOutput.visibleLine(current))  \(String(format: "%.1f s", elapsed))"
    }

    /// `12 ms` below a second, `1.23 s` above.
    static func duration(_ seconds: Double) -> String {
        seconds < 1 ? "\(Int((seconds * 1000).rounded())) ms" : String(format: "%.2f s", seconds)
    }

    /// `512 B`, `1.2 KiB`, `3.4 MiB`.
    static func size(_ bytes: Int) -> String {
        ByteCountText.format(Int64(bytes))
    }

    private func pad(_ text: String, to width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }

    private func paint(_ text: String, _ code: String) -> String {
        colors && !code.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private static let green = "32", red = "31", dim = "2"
}
