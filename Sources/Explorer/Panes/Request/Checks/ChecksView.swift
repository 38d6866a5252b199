import Replay
import RequestStore
import TUICore

/// The Checks tab: the lines in an editor, each with its parse error or its last result beside it, and under them
/// the problem of the cursor's line in full (or a summary).
enum ChecksView {
    /// The most rows the problem under the lines may take.
    static let maximumProblemRows = 3

    /// Where the lines' editor is drawn in a tab drawn in `area`: all but the status rows under it.
    static func editorArea(in area: Rect, draft: RequestDraft) -> Rect {
        editorArea(in: area, problemRows: statusRows(draft.checkLines, cursorRow: draft.checksText.row, area: area))
    }

    /// The editor's area above the problem's rows, or above one status row when every line parses.
    private static func editorArea(in area: Rect, problemRows: [String]?) -> Rect {
        Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - (problemRows?.count ?? 1)))
    }

    /// The problem of the cursor's line (else the first line that does not parse), wrapped to the tab's width in at
    /// most `maximumProblemRows` rows, leaving at least one row for the lines; nil when every line parses.
    static func statusRows(_ lines: [CheckLine], cursorRow: Int, area: Rect) -> [String]? {
        let problems = lines.filter { $0.problem != nil }
        let current = lines.indices.contains(cursorRow) && lines[cursorRow].problem != nil ? lines[cursorRow] : problems.first
        guard let line = current, let error = line.problem else { return nil }
        let more = problems.count > 1 ? "  (\(problems.count) lines do not parse)" : ""
        let text = "Line \(line.number), column \(error.column): \(error.message)\(more)"
        let limit = max(1, min(maximumProblemRows, area.height - 1))
        var rows = wrap(text, width: max(1, area.width - 1))
        if rows.count > limit { rows = Array(rows.prefix(limit)) }
        return rows.isEmpty ? [text] : rows
    }

    /// Draws the tab into `area` and places the cursor when focused.
    static func render(_ state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let lines = state.draft.checkLines
        let problemRows = statusRows(lines, cursorRow: state.draft.checksText.row, area: area)
        let editorArea = self.editorArea(in: area, problemRows: problemRows)
        let statusArea = Rect(x: area.x, y: editorArea.bottom, width: area.width, height: max(0, area.bottom - editorArea.bottom))
        var text = state.draft.checksText
        let problems = Dictionary(lines.compactMap { line in line.problem.map { (line.text, $0.column) } }, uniquingKeysWith: { first, _ in first })
        let headerStyle = Style(fg: theme[.accent], modifiers: .bold)
        let errorStyle = Style(fg: theme[.error], modifiers: .underline)
        let textArea = TextArea(style: theme.surfaceStyle, lineNumberStyle: Style(fg: theme[.muted]), highlighter: { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("["), problems[line] == nil { return [Span(line, style: headerStyle)] }
            guard let column = problems[line] else { return [Span(line)] }
            let split = line.index(line.startIndex, offsetBy: min(line.count, max(0, column - 1)))
            return [Span(String(line[..<split])), Span(String(line[split...]), style: errorStyle)]
        })
        // The notes beside the lines follow the rows drawn, so they read the copy scrolled as drawing scrolls it.
        textArea.keepCursorVisible(state: &text, area: editorArea)
        let cursor = textArea.render(state: text, area: editorArea, buffer: &frame.buffer)
        if focused { frame.cursor = cursor }
        let isEmpty = lines.allSatisfy { $0.content == .blank }
        if isEmpty {
            let hint = "No checks: any 2xx or 3xx status passes. Type one per line, e.g. status == 200 or jsonpath \"$.id\" exists; "
                + "captures go under a [Captures] line, e.g. token: jsonpath \"$.token\"."
            for (i, row) in wrap(hint, width: max(1, editorArea.width - 3)).enumerated() where i + 1 < editorArea.height {
                frame.buffer.setString(row, x: editorArea.x + 3, y: editorArea.y + 1 + i, style: Style(fg: theme[.muted]), clip: editorArea)
            }
        }
        annotate(lines, text: text, editorArea: editorArea, report: state.checkReport, frame: &frame)
        renderStatus(lines, problemRows: problemRows, report: state.checkReport, area: statusArea, frame: &frame)
    }

    /// Writes each visible line's result or parse error to the right of its text, where there is room.
    private static func annotate(_ lines: [CheckLine], text: TextAreaState, editorArea: Rect, report: CheckReport, frame: inout Frame) {
        let gutter = String(text.lines.count).count + 1
        for row in 0..<editorArea.height {
            let index = text.topRow + row
            guard lines.indices.contains(index), let note = note(for: lines[index], report: report, theme: frame.theme, unicode: frame.capabilities.unicode) else { continue }
            let end = editorArea.x + gutter + lines[index].text.displayWidth - text.leftColumn
            let x = max(end + 2, editorArea.x + gutter)
            guard x < editorArea.right - 3 else { continue }
            let clip = Rect(x: x, y: editorArea.y + row, width: editorArea.right - x, height: 1)
            frame.buffer.setSpans(note, x: x, y: editorArea.y + row, base: frame.theme.surfaceStyle, clip: clip)
        }
    }

    /// The note beside one line: ✔ and the actual value, ✘ with actual and expected, a capture's value, or the parse error.
    static func note(for line: CheckLine, report: CheckReport, theme: Theme, unicode: Bool) -> [Span]? {
        let pass = unicode ? "✔" : "ok"
        let fail = unicode ? "✘" : "x"
        let trimmed = line.text.trimmingCharacters(in: .whitespaces)
        switch line.content {
        case .blank, .header:
            return nil
        case .invalid(_, let error):
            return [Span("\(fail) column \(error.column): \(error.message)", style: Style(fg: theme[.error]))]
        case .check:
            guard let result = report.checks[trimmed] else { return nil }
            if result.passed { return [Span("\(pass) \(sanitize(result.actual))", style: Style(fg: theme[.success]))] }
            var text = "\(fail) \(sanitize(result.actual))"
            if !result.expected.isEmpty { text += "  expected \(sanitize(result.expected))" }
            if let problem = result.problem { text += "  (\(sanitize(problem)))" }
            return [Span(text, style: Style(fg: theme[.error], modifiers: .bold))]
        case .capture(let rule):
            switch report.captures[trimmed] {
            case .success(let value)?:
                let shown = value.isSecret || rule.isSecret ? (unicode ? "••••" : "****") : sanitize(value.value)
                return [Span("\(unicode ? "→" : "->") \(value.variable) = \(shown)", style: Style(fg: theme[.success]))]
            case .failure(let failure)?:
                return [Span("\(fail) \(sanitize(failure.message))", style: Style(fg: theme[.error], modifiers: .bold))]
            case nil:
                return nil
            }
        }
    }

    /// The rows under the lines: the cursor line's problem, else the first problem, else the tally of the last send.
    private static func renderStatus(_ lines: [CheckLine], problemRows: [String]?, report: CheckReport, area: Rect, frame: inout Frame) {
        let theme = frame.theme
        frame.buffer.fill(area, style: theme.surfaceStyle)
        if let rows = problemRows {
            for (offset, row) in rows.enumerated() where offset < area.height {
                frame.buffer.setString(" " + row, x: area.x, y: area.y + offset, style: Style(fg: theme[.error], modifiers: .bold), clip: area)
            }
            return
        }
        let checks = lines.filter { if case .check = $0.content { return true } else { return false } }.count
        let captures = lines.filter { if case .capture = $0.content { return true } else { return false } }.count
        var text = " \(checks) check\(checks == 1 ? "" : "s"), \(captures) capture\(captures == 1 ? "" : "s")"
        var style = Style(fg: theme[.muted])
        if !report.checks.isEmpty {
            let (passed, failed) = report.counts
            text += " · last send: \(passed) passed, \(failed) failed"
            style = Style(fg: failed > 0 ? theme[.error] : theme[.success], modifiers: .bold)
        } else if checks == 0, let status = report.status {
            let ok = (200..<400).contains(status)
            text += " · last send: status \(status) \(ok ? "passes" : "fails") (no checks: 2xx or 3xx passes)"
            style = Style(fg: ok ? theme[.success] : theme[.error], modifiers: .bold)
        }
        frame.buffer.setString(text, x: area.x, y: area.y, style: style, clip: area)
    }

    /// Splits text into rows of at most `width` columns at spaces, cutting only a word wider than `width`.
    static func wrap(_ text: String, width: Int) -> [String] {
        TextViewer.wordWrap(text, width: width).filter { !$0.isEmpty }
    }
}
