import TUICore

/// Draws the "Move to" picker.
enum MovePickerView {
    /// The picker's box, its inside and the rows of its list on a screen of `area`.
    static func areas(of picker: MovePicker, in area: Rect) -> (box: Rect, inner: Rect, list: Rect) {
        let listHeight = min(max(1, picker.destinations.count), max(1, area.height - 8))
        let box = area.centered(width: min(64, area.width - 4), height: min(listHeight + 5, area.height - 2))
        let inner = box.inset(by: .all(1)).inset(by: .symmetric(horizontal: 1))
        let list = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: max(0, min(listHeight, inner.bottom - inner.y - 3)))
        return (box, inner, list)
    }

    /// Draws the filter line, the matching folders with the selected one marked, and the keys.
    static func render(_ picker: MovePicker, block: Block, frame: inout Frame) {
        let theme = frame.theme
        let muted = Style(fg: theme[.muted])
        var block = block
        block.title = Line(" Move '\(sanitize(picker.target.name).truncated(columns: 40))' to ")
        let areas = areas(of: picker, in: frame.area)
        block.render(area: areas.box, buffer: &frame.buffer)
        let inner = areas.inner
        frame.buffer.setString("› ", x: inner.x, y: inner.y, style: Style(fg: theme[.accent]), clip: inner.row(0))
        frame.cursor = TextField(style: theme.surfaceStyle, placeholder: "type to filter folders", placeholderStyle: muted)
            .render(state: picker.query, area: Rect(x: inner.x + 2, y: inner.y, width: max(0, inner.width - 2), height: 1), buffer: &frame.buffer)
        let matches = picker.matches
        if matches.isEmpty {
            let note = picker.destinations.isEmpty ? "There is no other folder to move it to." : "No folder matches."
            frame.buffer.setString(note, x: areas.list.x, y: areas.list.y, style: muted, clip: areas.list.row(0))
        } else {
            let rows = matches.map { Line(sanitize($0.title)) }
            ListView(items: rows, style: theme.surfaceStyle, selectionStyle: theme.selectionStyle)
                .render(state: ListState(selected: picker.selected, offset: picker.offset), area: areas.list, buffer: &frame.buffer)
        }
        frame.buffer.setString("Enter moves · Esc cancels", x: inner.x, y: inner.bottom - 1, style: muted, clip: inner.row(inner.height - 1))
    }
}
