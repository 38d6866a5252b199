import Foundation
import Replay
import TUICore

/// Where the parts of the results pane go: the summary line, the column headings, the rows, the status line.
struct RunResultsLayout {
    /// The line with the progress or the totals.
    let summary: Rect
    /// The column headings.
    let headings: Rect
    /// The rows.
    let list: Rect
    /// The line with the request in flight, or the keys.
    let status: Rect

    /// Splits `area` (the pane with its border).
    init(area: Rect) {
        let inner = area.inset(by: Margin(top: 1, right: 1, bottom: 1, left: 1))
        summary = inner.row(0)
        headings = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height > 2 ? 1 : 0)
        list = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, inner.height - 3))
        status = Rect(x: inner.x, y: inner.bottom - 1, width: inner.width, height: inner.height > 3 ? 1 : 0)
    }
}

extension RunResultsState {
    /// Draws the pane into `area`: a border titled with what runs, the progress or totals, one row per result, and
    /// the request in flight (with a spinner) or the keys.
    public func render(into buffer: inout Buffer, area: Rect, theme: Theme, focused: Bool, unicode: Bool = true, borders: BorderSet = .rounded) {
        var block = Block.themed(theme, title: "Run · \(sanitize(title))", focused: focused, borders: borders)
        block.style = theme.surfaceStyle
        block.render(area: area, buffer: &buffer)
        let layout = RunResultsLayout(area: area)
        guard !layout.summary.isEmpty else { return }
        let base = theme.surfaceStyle
        let (passed, failed) = counts
        let spinner = unicode ? Spinner.dots : Spinner.line
        var summary: [Span] = []
        if isRunning {
            summary.append(Span(spinner.frame(Int(elapsed * 1000) / 80) + " ", style: Style(fg: theme[.accent], modifiers: .bold)))
            summary.append(Span("\(results.count)/\(total) done", style: Style(fg: theme[.text], modifiers: .bold)))
        } else {
            summary.append(Span(wasStopped ? "Stopped: \(results.count) of \(total) ran" : "Done: \(results.count) of \(total)",
                                style: Style(fg: theme[.text], modifiers: .bold)))
        }
        summary.append(Span("  \(passed) passed", style: Style(fg: theme[.success], modifiers: .bold)))
        summary.append(Span(", \(failed) failed", style: Style(fg: failed > 0 ? theme[.error] : theme[.muted], modifiers: failed > 0 ? .bold : [])))
        let skipped = isRunning ? 0 : max(0, total - results.count)
        if skipped > 0 { summary.append(Span(", \(skipped) skipped", style: Style(fg: theme[.warning]))) }
        summary.append(Span("  \(Self.formatSeconds(elapsed))", style: Style(fg: theme[.muted])))
        buffer.setSpans(summary, x: layout.summary.x, y: layout.summary.y, base: base, clip: layout.summary)
        if total > 0, layout.summary.width > 60 {
            let width = min(20, layout.summary.width / 5)
            let done = min(width, width * results.count / max(1, total))
            let bar = String(repeating: unicode ? "█" : "#", count: done) + String(repeating: unicode ? "░" : ".", count: width - done)
            buffer.setString(bar, x: layout.summary.right - width, y: layout.summary.y, style: Style(fg: failed > 0 ? theme[.error] : theme[.success]), clip: layout.summary)
        }

        let columns = Self.columns(width: layout.list.width, hasRows: results.contains { $0.dataRow != nil })
        if !layout.headings.isEmpty {
            buffer.setString(Self.line(mark: " ", name: "Request", row: "Row", method: "", status: "Status", time: "Time", checks: "Checks", columns: columns),
                             x: layout.headings.x, y: layout.headings.y, style: Style(fg: theme[.muted], modifiers: .bold), clip: layout.headings)
        }
        if results.isEmpty, !layout.list.isEmpty {
            buffer.setString(isRunning ? "Waiting for the first response…" : "Nothing ran.", x: layout.list.x + 1, y: layout.list.y,
                             style: Style(fg: theme[.muted]), clip: layout.list)
        }
        for (offset, result) in results.dropFirst(scrollTop).prefix(layout.list.height).enumerated() {
            let index = scrollTop + offset
            let y = layout.list.y + offset
            let row = layout.list.row(offset)
            let isSelected = index == selected
            let rowStyle = isSelected ? (focused ? theme.selectionStyle : base.patched(with: Style(modifiers: .bold))) : base
            if isSelected { buffer.fill(row, style: rowStyle) }
            let mark = result.passed ? (unicode ? "✔" : "ok") : (unicode ? "✘" : "x")
            let checks = result.checks.isEmpty ? (result.error != nil ? "not sent" : "—")
                : "\(result.checks.filter(\.passed).count)/\(result.checks.count)"
            let status = result.status.map(String.init) ?? "—"
            let text = Self.line(mark: mark, name: sanitize(result.path), row: result.dataRow.map { "#\($0)" } ?? "", method: sanitize(result.method),
                                 status: status, time: Self.formatSeconds(result.duration), checks: checks, columns: columns)
            let color = result.passed ? theme[.success] : theme[.error]
            buffer.setString(text, x: row.x, y: y, style: rowStyle, clip: row)
            buffer.setString(mark, x: row.x, y: y, style: rowStyle.patched(with: Style(fg: color, modifiers: .bold)), clip: row)
        }

        guard !layout.status.isEmpty else { return }
        buffer.fill(layout.status, style: base)
        let statusText: String
        if isRunning {
            let current = inFlight.values.sorted { $0.entry.index < $1.entry.index }.first
            statusText = current.map { (unicode ? "→ " : "-> ") + "\(sanitize($0.method)) \(sanitize($0.path))" + ($0.dataRow.map { " (row \($0))" } ?? "") + " · Esc stops" }
                ?? "Esc stops the run"
        } else if let warning = warnings.first {
            statusText = "! " + sanitize(warning)
        } else {
            statusText = failed > 0 ? "Enter opens a request · f runs the \(failed) failed again · Esc closes" : "Enter opens a request · Esc closes"
        }
        buffer.setString(statusText, x: layout.status.x, y: layout.status.y, style: Style(fg: theme[.muted]), clip: layout.status)
    }

    /// Column widths for a list of this width: name takes what the others leave.
    static func columns(width: Int, hasRows: Bool) -> (name: Int, row: Int) {
        let fixed = 2 + (hasRows ? 5 : 0) + 8 + 7 + 9 + 9
        return (max(8, width - fixed), hasRows ? 5 : 0)
    }

    /// One row's text in columns: mark, name, data row, method, status, time, checks.
    static func line(mark: String, name: String, row: String, method: String, status: String, time: String, checks: String,
                     columns: (name: Int, row: Int)) -> String {
        func pad(_ text: String, _ width: Int) -> String {
            let cut = text.truncated(columns: width)
            return cut + String(repeating: " ", count: max(0, width - cut.displayWidth))
        }
        func right(_ text: String, _ width: Int) -> String {
            let cut = text.truncated(columns: width)
            return String(repeating: " ", count: max(0, width - cut.displayWidth)) + cut
        }
        return pad(mark, 2) + pad(name, columns.name - 1) + " " + (columns.row > 0 ? pad(row, columns.row) : "")
            + pad(method, 8) + pad(status, 7) + right(time, 8) + " " + right(checks, 8)
    }

    /// A duration as the rest of the app writes it: "340 ms", "1.00 s" (`ResponseFormatting.duration`).
    static func formatSeconds(_ seconds: Double) -> String {
        ResponseFormatting.duration(seconds)
    }
}
