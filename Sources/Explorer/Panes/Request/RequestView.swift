import RequestKit
import RequestStore
import TUICore

/// The request area: the tab bar and the focused tab's editor.
enum RequestView {
    static func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        let theme = frame.theme
        let focused = state.focus == .request && state.overlay == nil
        let block = AppView.block("Request", focused: focused, frame: frame, rightTitle: savedTitle(state, frame: frame))
        block.render(area: layout.request, buffer: &frame.buffer)
        let titles = RequestTab.allCases.map { tab -> String in
            switch tab {
            case .params: return state.draft.params.rows.isEmpty ? tab.title : "\(tab.title) \(state.draft.params.rows.count)"
            case .headers:
                let inherited = state.inheritedHeaders.count
                let own = state.draft.headers.rows.isEmpty ? tab.title : "\(tab.title) \(state.draft.headers.rows.count)"
                return inherited == 0 ? own : "\(own) +\(inherited)"
            case .files: return state.draft.files.isEmpty ? tab.title : "\(tab.title) \(state.draft.files.count)"
            case .checks:
                let counted = state.draft.checkLines.filter { if case .blank = $0.content { return false } else if case .header = $0.content { return false } else { return true } }.count
                return counted == 0 ? tab.title : "\(tab.title) \(counted)"
            default: return tab.title
            }
        }
        let tabs = Tabs(titles: titles, selected: state.editor.tab.rawValue, style: Style(fg: theme[.muted], bg: theme[.surface]),
                        activeStyle: Style(fg: theme[.primary], modifiers: focused ? [.bold, .reverse] : [.bold, .underline]),
                        divider: frame.capabilities.unicode ? "│" : "|")
        tabs.render(area: layout.requestTabs, buffer: &frame.buffer)
        let area = layout.requestContent
        guard !area.isEmpty else { return }
        switch state.editor.tab {
        case .params:
            TableView.render(state.draft.params, area: area, focused: focused, frame: &frame, empty: "No query parameters. Press a to add one, or type ?name=value in the URL.")
        case .headers:
            let bounds = Rect(x: 0, y: 0, width: frame.area.width, height: layout.footer.y)
            HeadersView.render(state, area: area, bounds: bounds, focused: focused, frame: &frame)
        case .body:
            BodyView.render(state, area: area, focused: focused, frame: &frame)
        case .files:
            FilesView.render(state, area: area, focused: focused, frame: &frame)
        case .auth:
            AuthView.render(state, area: area, focused: focused, frame: &frame)
        case .options:
            OptionsView.render(state, area: area, focused: focused, frame: &frame)
        case .checks:
            ChecksView.render(state, area: area, focused: focused, frame: &frame)
        }
    }

    /// The saved request's name, marked when the panes differ from what the collection holds; nil for a request never saved.
    static func savedTitle(_ state: AppState, frame: Frame) -> Line? {
        guard state.draft.savedID != nil else { return nil }
        let name = sanitize(state.draft.name).truncated(columns: 30)
        if state.isDraftSaved { return Line(" \(name) ", style: Style(fg: frame.theme[.muted])) }
        let mark = frame.capabilities.unicode ? "●" : "*"
        return Line([Span(" \(name) ", style: Style(fg: frame.theme[.text])),
                     Span("\(mark) modified ", style: Style(fg: frame.theme[.warning], modifiers: .bold))])
    }
}

/// A name/value table with an inline cell editor.
enum TableView {
    /// The columns of every name/value table.
    static let columns = [TableColumn("Name", width: .percentage(40)), TableColumn("Value", width: .fill(1))]

    /// The rows of a table drawn `height` rows high have room for (its first row is the column titles).
    static func visibleRows(height: Int) -> Int { max(0, height - 1) }

    /// Where a cell of `table` is drawn in `area` at the table's offset; nil when its row is scrolled out of view.
    static func cellRect(of table: KeyValueTable, row: Int, column: Int, area: Rect) -> Rect? {
        Table(columns: columns, rows: [], showsCheckbox: true)
            .cellRect(row: row, column: column, state: ListState(selected: row, offset: table.offset), area: area)
    }

    /// Draws the table; while a cell is edited, `suggestions` hang under it in a list clipped to `suggestionBounds`.
    static func render(_ table: KeyValueTable, area: Rect, focused: Bool, frame: inout Frame, empty: String,
                       suggestions: [String] = [], suggestionBounds: Rect? = nil) {
        let theme = frame.theme
        if table.rows.isEmpty {
            frame.buffer.setString(empty, x: area.x + 1, y: area.y, style: Style(fg: theme[.muted]), clip: area)
            return
        }
        let rows = table.rows.enumerated().map { index, row -> TableRow in
            var name = Line(row.name.isEmpty ? " " : sanitize(row.name))
            var value = Line(sanitize(row.value))
            if focused, index == table.selected, table.editor == nil {
                if table.column == 0 { name = Line(name.plainText, style: Style(modifiers: .underline)) }
                else { value = Line(value.plainText.isEmpty ? " " : value.plainText, style: Style(modifiers: .underline)) }
            }
            return TableRow([name, value], enabled: row.enabled, style: row.enabled ? .plain : Style(fg: theme[.muted]))
        }
        let widget = Table(columns: columns,
                           rows: rows, showsCheckbox: true, style: theme.surfaceStyle,
                           headerStyle: Style(fg: theme[.muted], modifiers: .bold),
                           selectionStyle: focused ? theme.selectionStyle : .plain)
        let list = ListState(selected: table.selected, offset: table.offset)
        widget.render(state: list, area: area, buffer: &frame.buffer)
        if let editor = table.editor, let cell = widget.cellRect(row: table.selected, column: table.column, state: list, area: area) {
            let field = editor
            let position = TextField(style: Style(fg: theme[.text], bg: theme[.selection], modifiers: .bold)).render(state: field, area: cell, buffer: &frame.buffer)
            if focused { frame.cursor = position }
            if !suggestions.isEmpty {
                let list = SuggestionList(items: suggestions, selected: table.suggestion,
                                          block: Block(borders: frame.borders, borderStyle: Style(fg: theme[.accent]), style: theme.surfaceStyle),
                                          selectionStyle: theme.selectionStyle)
                list.render(anchor: cell, bounds: suggestionBounds ?? area, buffer: &frame.buffer)
            }
        }
    }
}

/// The Body tab: the mode line, then the editor for that mode.
enum BodyView {
    /// Where the mode's editor is drawn in a tab drawn in `area`: below the mode line.
    static func contentArea(in area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 1, width: area.width, height: max(0, area.height - 1))
    }

    /// The shape of every body and checks editor (line numbers on), for working out their scroll outside drawing.
    static let textArea = TextArea(lineNumberStyle: .plain)

    /// Where a file body's path field is drawn in the editor's `content` area.
    static func filePathArea(in content: Rect) -> Rect {
        Rect(x: content.x, y: content.y + 1, width: content.width, height: 1)
    }

    static func render(_ state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let draft = state.draft
        var header: [Span] = [Span("Mode: ", style: Style(fg: theme[.muted]))]
        for mode in BodyMode.allCases {
            header.append(Span(" \(mode.title) ", style: mode == draft.bodyMode ? Style(fg: theme[.primary], modifiers: [.bold, .reverse]) : Style(fg: theme[.muted])))
        }
        if draft.bodyMode == .json {
            if let problem = JSONCheck.check(draft.bodyText.text), !draft.bodyText.text.isEmpty {
                header.append(Span("  ✗ \(problem)", style: Style(fg: theme[.error])))
            } else if !draft.bodyText.text.isEmpty {
                header.append(Span("  ✓ valid JSON", style: Style(fg: theme[.success])))
            }
        }
        frame.buffer.setSpans(header, x: area.x, y: area.y, base: theme.surfaceStyle, clip: area.row(0))
        let content = contentArea(in: area)
        guard !content.isEmpty else { return }
        switch draft.bodyMode {
        case .graphQL:
            GraphQLBodyView.render(draft, area: content, focused: focused, frame: &frame)
        case .none:
            frame.buffer.setString("No body. Ctrl+T picks a mode; pasting text here starts a JSON or raw body.", x: content.x + 1, y: content.y,
                                   style: Style(fg: theme[.muted]), clip: content)
        case .json, .raw:
            let highlighter: (@Sendable (String) -> [Span])? = draft.bodyMode == .json ? { @Sendable line in JSONLineColorer.spans(line, theme: theme) } : nil
            let area = TextArea(style: theme.surfaceStyle, lineNumberStyle: Style(fg: theme[.muted]), highlighter: highlighter)
            let text = draft.bodyText
            let cursor = area.render(state: text, area: content, buffer: &frame.buffer)
            if focused { frame.cursor = cursor }
        case .form, .multipart:
            TableView.render(draft.formFields, area: content, focused: focused, frame: &frame,
                             empty: draft.bodyMode == .form ? "No form fields. Press a to add one." : "No text fields. Press a to add one; files go in the Files tab.")
        case .file:
            frame.buffer.setString("File to send:", x: content.x, y: content.y, style: Style(fg: theme[.muted]), clip: content)
            let field = draft.bodyFilePath
            let row = filePathArea(in: content)
            let cursor = TextField(style: theme.surfaceStyle, placeholder: "path/to/file", placeholderStyle: Style(fg: theme[.muted]))
                .render(state: field, area: row, buffer: &frame.buffer)
            if focused { frame.cursor = cursor }
        }
    }
}

/// The Files tab: one row per attachment with its size or problem.
enum FilesView {
    /// The width of the Field column, where a part's field name is shown and edited.
    static let fieldNameWidth = 10

    static func render(_ state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let files = state.draft.files
        if files.isEmpty {
            frame.buffer.setString("No files attached. Press a to add one (Tab completes the path).", x: area.x + 1, y: area.y,
                                   style: Style(fg: theme[.muted]), clip: area)
            return
        }
        let rows = files.map { file -> TableRow in
            let size: Line
            switch file.status {
            case .readable(let bytes): size = Line(FileProblem.formatSize(bytes))
            case .missing: size = Line("missing", style: Style(fg: theme[.error], modifiers: .bold))
            case .unreadable: size = Line("unreadable", style: Style(fg: theme[.error], modifiers: .bold))
            case .unchecked: size = Line("…", style: Style(fg: theme[.muted]))
            }
            let type = file.contentType ?? MediaTypes.guess(forPath: file.path)
            return TableRow([Line(sanitize(file.fieldName)), Line(sanitize(file.path)), size, Line(type)], enabled: file.enabled)
        }
        let table = Table(columns: [TableColumn("Field", width: .length(fieldNameWidth)), TableColumn("Path", width: .fill(1)),
                                    TableColumn("Size", width: .length(10)), TableColumn("Type", width: .length(18))],
                          rows: rows, showsCheckbox: true, style: theme.surfaceStyle,
                          headerStyle: Style(fg: theme[.muted], modifiers: .bold), selectionStyle: focused ? theme.selectionStyle : .plain)
        let list = ListState(selected: state.draft.selectedFile, offset: state.draft.fileOffset)
        table.render(state: list, area: area, buffer: &frame.buffer)
        if let editor = state.draft.filePartNameEditor, let cell = table.cellRect(row: state.draft.selectedFile, column: 0, state: list, area: area) {
            let cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection], modifiers: .bold)).render(state: editor, area: cell, buffer: &frame.buffer)
            if focused { frame.cursor = cursor }
        }
    }
}

/// The Auth tab: the type, then its fields.
enum AuthView {
    /// Where the `line`th field of the selected type is drawn in a tab drawn in `area` (right of its label).
    static func fieldArea(line: Int, in area: Rect) -> Rect {
        Rect(x: area.x + 10, y: area.y + 2 + line, width: max(0, area.width - 10), height: 1)
    }

    static func render(_ state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        var header: [Span] = [Span("Type: ", style: Style(fg: theme[.muted]))]
        for mode in AuthMode.allCases {
            header.append(Span(" \(mode.rawValue) ", style: mode == state.draft.authMode ? Style(fg: theme[.primary], modifiers: [.bold, .reverse]) : Style(fg: theme[.muted])))
        }
        header.append(Span("  (Ctrl+T changes)", style: Style(fg: theme[.muted])))
        frame.buffer.setSpans(header, x: area.x, y: area.y, base: theme.surfaceStyle, clip: area.row(0))
        let fields: [(AuthField, String)]
        switch state.draft.authMode {
        case .none:
            if let kept = state.draft.keptAuth {
                let note = "Sent with the \(kept.typeName) auth saved in the collection file (shown read-only; edit it there)."
                frame.buffer.setString(note, x: area.x, y: area.y + 2, style: Style(fg: theme[.muted]), clip: area)
                return
            }
            frame.buffer.setString("No Authorization header is sent.", x: area.x, y: area.y + 2, style: Style(fg: theme[.muted]), clip: area)
            return
        case .inherit:
            frame.buffer.setString(state.inheritedAuthNote, x: area.x, y: area.y + 2, style: Style(fg: theme[.muted]), clip: area)
            return
        case .bearer: fields = [(.token, "Token")]
        case .basic: fields = [(.user, "User"), (.password, "Password")]
        }
        for (line, (authField, label)) in fields.enumerated() {
            let y = area.y + 2 + line
            frame.buffer.setString(label, x: area.x, y: y, style: Style(fg: theme[.muted]), clip: area)
            var field = state.draft.authFields[authField]
            if authField.isSecret, !state.editor.revealsCredentials { field = CredentialMask.masked(field) }
            let row = fieldArea(line: line, in: area)
            let selected = focused && state.editor.authRow == authField
            let cursor = TextField(style: selected ? theme.selectionStyle.patched(with: theme.surfaceStyle.fg(theme[.text])) : theme.surfaceStyle,
                                   highlighter: VariableHighlighter.make(scope: state.variables, theme: theme))
                .render(state: field, area: row, buffer: &frame.buffer)
            if selected { frame.cursor = cursor }
        }
        let hint = state.editor.revealsCredentials ? "Alt+V hides the secret" : "Alt+V shows the secret"
        frame.buffer.setString(hint, x: area.x, y: area.y + 3 + fields.count, style: Style(fg: theme[.muted]), clip: area)
    }
}

/// The Options tab: one row per option.
enum OptionsView {
    /// The first row to show in a tab `height` rows high, from the one shown before (`offset`): moved only as far
    /// as it takes to keep the selected row in view, and never past the last row.
    static func firstRow(offset: Int, selected: RequestOptionsDraft.Field, height: Int) -> Int {
        let height = max(1, height)
        var first = max(0, min(offset, RequestOptionsDraft.Field.allCases.count - height))
        if selected.rawValue < first { first = selected.rawValue }
        if selected.rawValue >= first + height { first = selected.rawValue - height + 1 }
        return first
    }

    /// Where an option's value (or its editor) is drawn on row `y` of a tab drawn in `area`.
    static func valueArea(y: Int, in area: Rect) -> Rect {
        Rect(x: area.x + 20, y: y, width: max(0, area.width - 20), height: 1)
    }

    static func render(_ state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let first = firstRow(offset: state.editor.optionsOffset, selected: state.editor.optionsRow, height: area.height)
        for field in RequestOptionsDraft.Field.allCases where field.rawValue >= first {
            let y = area.y + field.rawValue - first
            guard y < area.bottom else { break }
            let selected = focused && field == state.editor.optionsRow
            let row = Rect(x: area.x, y: y, width: area.width, height: 1)
            frame.buffer.fill(row, style: selected ? theme.surfaceStyle.patched(with: theme.selectionStyle) : theme.surfaceStyle)
            frame.buffer.setString(field.title, x: area.x + 1, y: y, style: Style(fg: theme[.muted]), clip: row)
            let valueArea = self.valueArea(y: y, in: area)
            if selected, let editor = state.editor.optionsEditor {
                frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection], modifiers: .bold)).render(state: editor, area: valueArea, buffer: &frame.buffer)
            } else {
                let text = state.draft.options.text(of: field)
                let shown = text.isEmpty ? (field == .proxy ? "(from environment)" : "(none)") : text
                let onOff = field == .followRedirects || field == .verifyTLS
                let style = onOff ? Style(fg: text == "on" ? theme[.success] : theme[.warning], modifiers: .bold) : Style(fg: text.isEmpty ? theme[.muted] : theme[.text])
                frame.buffer.setString(sanitize(shown), x: valueArea.x, y: y, style: style, clip: valueArea)
            }
        }
    }
}
