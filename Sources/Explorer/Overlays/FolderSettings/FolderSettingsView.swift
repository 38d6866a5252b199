import RequestStore
import TUICore

/// Draws the folder or collection settings editor in a box over the panes.
enum FolderSettingsView {
    /// Draws the rows, the cursor in the cell being typed into, and the keys (or what stops the save).
    static func render(_ editor: FolderSettingsEditor, block: Block, frame: inout Frame) {
        let theme = frame.theme
        let box = Rect(x: 2, y: 1, width: max(0, frame.area.width - 4), height: max(0, frame.area.height - 2))
        var block = block
        let state = editor.isModified ? " ● modified · Ctrl+S saves · Esc closes " : " · Ctrl+S saves · Esc closes "
        block.title = Line(" " + sanitize(editor.title).truncated(columns: max(8, box.width / 2)) + state)
        block.render(area: box, buffer: &frame.buffer)
        let inner = block.inner(box).inset(by: .symmetric(horizontal: 1))
        guard inner.height >= 3 else { return }
        let list = Rect(x: inner.x, y: inner.y, width: inner.width, height: inner.height - 2)
        let labelWidth = max(10, min(24, inner.width / 3))
        let mask = frame.capabilities.unicode ? "••••" : "****"
        let heading = Style(fg: theme[.primary], modifiers: .bold)
        var lines: [(spans: [Span], row: Int?, valueX: Int)] = []
        for (index, row) in editor.rows.enumerated() {
            if row == .description { lines.append(([Span("Description", style: heading)], nil, 0)) }
            if row == .authMode { lines.append(([Span("Auth", style: heading)], nil, 0)) }
            if case .header(0) = row { lines.append(([Span("Headers (added to every request inside)", style: heading)], nil, 0)) }
            if row == .noHeaders { lines.append(([Span("Headers (added to every request inside)", style: heading)], nil, 0)) }
            if row == .noVariables || row == .variable(0) {
                lines.append(([Span(editor.isCollection ? "Variables (under an environment's)" : "Variables (over the environment's and the collection's)", style: heading)], nil, 0))
            }
            lines.append(cells(of: row, editor: editor, labelWidth: labelWidth, mask: mask, theme: theme, index: index, x: list.x))
        }
        let selectedLine = lines.firstIndex { $0.row == editor.selected } ?? 0
        let top = max(0, min(selectedLine - list.height + 1, lines.count - list.height))
        for (offset, line) in lines.dropFirst(top).prefix(list.height).enumerated() {
            let area = list.row(offset)
            let selected = line.row == editor.selected
            if selected { frame.buffer.fill(area, style: theme.selectionStyle) }
            frame.buffer.setSpans(line.spans, x: list.x, y: area.y, base: selected ? theme.selectionStyle : theme.surfaceStyle, clip: area)
            if selected, let field = editor.field {
                let x = line.valueX
                frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection], modifiers: .bold))
                    .render(state: field, area: Rect(x: x, y: area.y, width: max(1, list.right - x), height: 1), buffer: &frame.buffer)
            }
        }
        let hints = "Enter edit · Space auth type / row on-off · a add header (variable on its rows) · d delete · v " + (editor.revealsSecrets ? "hide" : "show") + " secrets"
        let problem = editor.problem
        frame.buffer.setString(problem ?? hints, x: inner.x, y: inner.bottom - 1,
                               style: problem == nil ? Style(fg: theme[.muted]) : Style(fg: theme[.error], modifiers: .bold), clip: inner.row(inner.height - 1))
    }

    /// One row's spans and the column where its value (the cell typed into) starts.
    private static func cells(of row: FolderSettingsEditor.Row, editor: FolderSettingsEditor, labelWidth: Int, mask: String, theme: Theme,
                              index: Int, x: Int) -> (spans: [Span], row: Int?, valueX: Int) {
        let text = Style(fg: theme[.text])
        let muted = Style(fg: theme[.muted])
        func label(_ name: String) -> Span {
            let cut = name.truncated(columns: labelWidth)
            return Span("  " + cut + String(repeating: " ", count: max(0, labelWidth - cut.displayWidth)) + " ", style: muted)
        }
        let valueX = x + 2 + labelWidth + 1
        func secret(_ value: String) -> String { editor.revealsSecrets || value.isEmpty ? sanitize(value) : mask }
        switch row {
        case .description:
            let shown = editor.description.isEmpty ? Span("(none; Enter to write one)", style: muted) : Span(sanitize(editor.description), style: text)
            return ([label("text"), shown], index, valueX)
        case .authMode:
            return ([label("type"), Span(sanitize(editor.label(of: editor.authChoice)), style: text)], index, valueX)
        case .authField(let field):
            let value: String
            switch field {
            case .token: value = secret(editor.token)
            case .user: value = sanitize(editor.user)
            case .password: value = secret(editor.password)
            }
            let name = switch field { case .token: "token"; case .user: "user"; case .password: "password" }
            return ([label(name), Span(value, style: field.isSecret ? Style(fg: theme[.warning]) : text)], index, valueX)
        case .header(let position):
            let header = editor.headers[position]
            let style = header.enabled ? text : muted
            let name = sanitize(header.name.isEmpty ? " " : header.name).truncated(columns: labelWidth - 4)
            let nameCell = (header.enabled ? "[x] " : "[ ] ") + name
            let spans = [Span("  " + nameCell + String(repeating: " ", count: max(0, labelWidth - nameCell.displayWidth)) + " ", style: style),
                         Span(sanitize(header.value), style: style)]
            return (spans, index, editor.column == 0 ? x + 6 : valueX)
        case .noHeaders:
            return ([Span("  no headers; a adds one", style: muted)], index, valueX)
        case .variable(let position):
            let variable = editor.variables[position]
            let style = variable.enabled ? text : muted
            let name = sanitize(variable.name.isEmpty ? " " : variable.name).truncated(columns: labelWidth - 4)
            let nameCell = (variable.enabled ? "[x] " : "[ ] ") + name
            let value = variable.secret ? secret(variable.value) : sanitize(variable.value)
            let spans = [Span("  " + nameCell + String(repeating: " ", count: max(0, labelWidth - nameCell.displayWidth)) + " ", style: style),
                         Span(value, style: variable.secret ? Style(fg: theme[.warning]) : style)]
            return (spans, index, editor.column == 0 ? x + 6 : valueX)
        case .noVariables:
            return ([Span("  no variables; a here adds one", style: muted)], index, valueX)
        }
    }
}
