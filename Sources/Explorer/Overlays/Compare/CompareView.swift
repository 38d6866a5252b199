import RequestStore
import TUICore

/// The compare picker and the file prompt that `d` opens over the panes.
enum CompareView {
    /// The picker: the earlier responses of the request (time, status, size), its saved examples, then "A file…".
    static func renderPicker(_ picker: ComparePicker, block: Block, frame: inout Frame) {
        let theme = frame.theme
        var block = block
        let muted = Style(fg: theme[.muted])
        var rows: [Line] = picker.entries.map { entry in
            let role = entry.status.map { ResponseViewerState.statusRole($0) } ?? .error
            let status = entry.status.map { "\($0)" } ?? "ERR"
            let reason = entry.reason.isEmpty ? "" : " " + sanitize(entry.reason)
            return Line([
                Span(ComparePicker.timestamp(entry.time) + "  "),
                Span(status + reason, style: Style(fg: theme[role])),
                Span("  " + ResponseFormatting.size(Int64(entry.size)), style: muted),
            ])
        }
        rows += picker.examples.map { example in
            let status = example.status.map { "\($0)" + (example.reason.isEmpty ? "" : " " + sanitize(example.reason)) } ?? "no status"
            let role = example.status.map { ResponseViewerState.statusRole($0) } ?? .muted
            return Line([
                Span("saved example ", style: muted),
                Span(sanitize(example.name) + "  "),
                Span(status, style: Style(fg: theme[role])),
                Span("  " + ResponseFormatting.size(Int64(example.body.utf8.count)), style: muted),
            ])
        }
        rows.append(Line([Span("A file…", style: Style(fg: theme[.accent])), Span("  compare with a file on disk", style: muted)]))
        let areas = pickerAreas(of: picker, in: frame.area)
        block.title = Line(" Compare with ")
        block.render(area: areas.box, buffer: &frame.buffer)
        let inner = areas.inner
        if let note = note(of: picker) {
            frame.buffer.setString(sanitize(note), x: inner.x, y: inner.y, style: muted, clip: inner.row(0))
        }
        let list = ListState(selected: picker.selected, offset: picker.offset)
        ListView(items: rows, style: theme.surfaceStyle, selectionStyle: theme.selectionStyle).render(state: list, area: areas.list, buffer: &frame.buffer)
        let help = "Enter compares · f a file · Esc cancels"
        frame.buffer.setString(help, x: inner.x, y: inner.bottom - 1, style: muted, clip: inner.row(inner.height - 1))
    }

    /// The line above the picker's rows: the history still being read, or why it offers no entries.
    static func note(of picker: ComparePicker) -> String? {
        picker.loading ? "Reading the history…" : picker.problem
    }

    /// The picker's box, its inside and the rows of its list on a screen of `area`.
    static func pickerAreas(of picker: ComparePicker, in area: Rect) -> (box: Rect, inner: Rect, list: Rect) {
        let hasNote = note(of: picker) != nil
        let listHeight = min(picker.rowCount, max(1, area.height - 8))
        let height = listHeight + (hasNote ? 2 : 0) + 4
        let box = area.centered(width: min(64, area.width - 4), height: min(height, area.height - 2))
        let inner = box.inset(by: .all(1)).inset(by: .symmetric(horizontal: 1))
        let y = inner.y + (hasNote ? 2 : 0)
        let list = Rect(x: inner.x, y: y, width: inner.width, height: max(0, min(listHeight, inner.bottom - y - 1)))
        return (box, inner, list)
    }

    /// The path prompt for a file to compare with.
    static func renderFilePrompt(_ field: TextFieldState, block: Block, frame: inout Frame) {
        let theme = frame.theme
        let dialog = Dialog(title: "Compare the response with a file",
                            body: [Line(""), Line("JSON is compared by value, other text by lines · Enter compares · Tab completes · Esc cancels",
                                                  style: Style(fg: theme[.muted]))],
                            width: min(70, frame.area.width - 4), block: block)
        dialog.render(area: frame.area, buffer: &frame.buffer)
        let input = field
        frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]), placeholder: "path of the file", placeholderStyle: Style(fg: theme[.muted]))
            .render(state: input, area: dialog.bodyArea(in: frame.area).row(0), buffer: &frame.buffer)
    }
}
