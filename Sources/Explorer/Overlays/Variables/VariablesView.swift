import RequestStore
import TUICore

/// The variables editor box: each group's heading, then its rows (on/off, name, value masked when secret, secret mark).
enum VariablesView {
    /// Draws the editor in a box over the panes and places the cursor in the cell being edited.
    static func render(_ editor: VariablesEditor, block: Block, frame: inout Frame) {
        let theme = frame.theme
        let box = Rect(x: 2, y: 1, width: max(0, frame.area.width - 4), height: max(0, frame.area.height - 2))
        var block = block
        block.title = Line(editor.isModified ? " Variables ● modified · Ctrl+S saves · Esc closes " : " Variables · Ctrl+S saves · Esc closes ")
        block.render(area: box, buffer: &frame.buffer)
        let inner = block.inner(box).inset(by: .symmetric(horizontal: 1))
        guard inner.height >= 3 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        let nameWidth = max(8, min(28, inner.width / 3))
        let valueX = inner.x + 4 + nameWidth + 1
        let valueWidth = max(0, inner.right - valueX - 8)

        var lines: [(text: [Span], selected: Bool, section: Int, row: Int?)] = []
        let mask = frame.capabilities.unicode ? "••••" : "****"
        for spans in inForceLines(editor, nameWidth: nameWidth, valueWidth: valueWidth, mask: mask, theme: theme) { lines.append((spans, false, -1, nil)) }
        for (sectionIndex, group) in editor.sections.enumerated() {
            lines.append(([Span(sanitize(group.title), style: Style(fg: theme[.primary], modifiers: .bold))], false, sectionIndex, nil))
            if group.variables.isEmpty {
                lines.append(([Span("    no variables; a adds one", style: Style(fg: theme[.muted]))], editor.section == sectionIndex, sectionIndex, 0))
            }
            for (rowIndex, variable) in group.variables.enumerated() {
                let selected = editor.section == sectionIndex && editor.row == rowIndex
                let muted = variable.enabled ? Style(fg: theme[.text]) : Style(fg: theme[.muted])
                let name = sanitize(variable.name.isEmpty ? " " : variable.name).truncated(columns: nameWidth)
                let value = sanitize(editor.shownValue(of: variable, mask: frame.capabilities.unicode ? "••••" : "****")).truncated(columns: valueWidth)
                let nameCell = name + String(repeating: " ", count: max(0, nameWidth - name.displayWidth))
                var spans = [Span(variable.enabled ? "[x] " : "[ ] ", style: muted), Span(nameCell + " ", style: muted)]
                spans.append(Span(value + String(repeating: " ", count: max(0, valueWidth - value.displayWidth)),
                                  style: variable.secret ? Style(fg: theme[.warning]) : muted))
                if variable.secret { spans.append(Span(" secret", style: Style(fg: theme[.warning], modifiers: .bold))) }
                lines.append((spans, selected, sectionIndex, rowIndex))
            }
        }
        let selectedLine = lines.firstIndex { $0.selected } ?? 0
        let top = max(0, min(selectedLine - list.height + 1, lines.count - list.height))
        for (offset, line) in lines.dropFirst(max(0, top)).prefix(list.height).enumerated() {
            let y = list.y + offset
            let row = list.row(offset)
            if line.selected { frame.buffer.fill(row, style: theme.selectionStyle) }
            frame.buffer.setSpans(line.text, x: list.x, y: y, base: line.selected ? theme.selectionStyle : theme.surfaceStyle, clip: row)
            if line.selected, let field = editor.editor {
                let x = editor.column == 0 ? list.x + 4 : valueX
                let width = editor.column == 0 ? nameWidth : max(1, list.right - valueX)
                let input = field
                frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection], modifiers: .bold))
                    .render(state: input, area: Rect(x: x, y: y, width: width, height: 1), buffer: &frame.buffer)
            } else if line.selected, line.row != nil, editor.selected != nil {
                let x = editor.column == 0 ? list.x + 4 : valueX
                frame.buffer.setString(frame.capabilities.unicode ? "▸" : ">", x: x - 1, y: y, style: theme.selectionStyle.patched(with: Style(modifiers: .bold)), clip: row)
            }
        }
        let hints = "Enter edit · ←→ name/value · a add · d delete · Space on/off · s secret · v "
            + (editor.revealsSecrets ? "hide" : "show") + " secrets"
        let problem = editor.problems.first
        frame.buffer.setString(problem ?? hints, x: inner.x, y: inner.bottom - 1,
                               style: problem == nil ? Style(fg: theme[.muted]) : Style(fg: theme[.error], modifiers: .bold), clip: inner.row(inner.height - 1))
    }

    /// The "In force" block: the heading with the order values are searched in, then each name with the value that
    /// wins, where it comes from and what it overrides; names the request uses but nothing defines are marked.
    static func inForceLines(_ editor: VariablesEditor, nameWidth: Int, valueWidth: Int, mask: String, theme: Theme) -> [[Span]] {
        let rows = editor.inForce
        var lines: [[Span]] = [[Span("In force (" + VariablesInForce.precedence + ")", style: Style(fg: theme[.primary], modifiers: .bold))]]
        if rows.isEmpty { lines.append([Span("    no variables are defined or used", style: Style(fg: theme[.muted]))]) }
        for row in rows {
            let name = sanitize(row.name).truncated(columns: nameWidth)
            let marker = row.usedByRequest ? "  • " : "    "
            var spans = [Span(marker, style: Style(fg: theme[.accent])),
                         Span(name + String(repeating: " ", count: max(0, nameWidth - name.displayWidth)) + " ", style: Style(fg: theme[.text]))]
            guard let value = row.value, let source = row.source else {
                spans.append(Span("not defined: add it below, or pass --var \(sanitize(row.name))=…", style: Style(fg: theme[.error])))
                lines.append(spans)
                continue
            }
            let shown = row.secret && !editor.revealsSecrets && !value.isEmpty ? mask : sanitize(value)
            let valueColumns = max(8, min(valueWidth / 2, 28))
            let cut = shown.truncated(columns: valueColumns)
            spans.append(Span(cut + String(repeating: " ", count: max(0, valueColumns - cut.displayWidth)) + " ",
                              style: row.secret ? Style(fg: theme[.warning]) : Style(fg: theme[.text])))
            let overrides = row.overridden.isEmpty ? "" : " (over " + row.overridden.map { sanitize($0) }.joined(separator: ", ") + ")"
            spans.append(Span("from " + sanitize(source) + overrides, style: Style(fg: theme[.muted])))
            lines.append(spans)
        }
        lines.append([])
        return lines
    }
}
