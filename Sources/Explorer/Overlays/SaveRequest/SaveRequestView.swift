import RequestStore
import TUICore

/// The save-request overlay: name and folder inputs, the collection's folders, and where the file goes.
enum SaveRequestView {
    static func render(_ form: SaveRequestForm, state: AppState, block: Block, frame: inout Frame) {
        let theme = frame.theme
        let muted = Style(fg: theme[.muted])
        let target = state.collectionFile.map { "Into " + ($0.path.split(separator: "/").last.map(String.init) ?? $0.path) }
            ?? "No collection file open: goes to collections/Untitled.json"
        let listHeight = max(1, min(form.folderChoices.count, frame.area.height - 14))
        var body = [Line("Name"), Line(""), Line("Folder (type A/B to create it)"), Line("")]
        body += Array(repeating: Line(""), count: listHeight)
        body += [Line(target, style: muted),
                 Line("Enter saves · Tab switches · ↑↓ folder · Esc cancels", style: muted)]
        let title = form.asCopy ? "Save request as a copy" : "Save request"
        let dialog = Dialog(title: title, body: body, width: min(70, frame.area.width - 4), block: block)
        dialog.render(area: frame.area, buffer: &frame.buffer)
        let area = dialog.bodyArea(in: frame.area)
        let input = Style(fg: theme[.text], bg: theme[.selection])
        let name = form.name
        let nameCursor = TextField(style: input, placeholder: "request name", placeholderStyle: muted)
            .render(state: name, area: area.row(1), buffer: &frame.buffer)
        let folder = form.folder
        let folderCursor = TextField(style: input, placeholder: "(top level)", placeholderStyle: muted)
            .render(state: folder, area: area.row(3), buffer: &frame.buffer)
        frame.cursor = form.field == .name ? nameCursor : folderCursor
        let chosen = form.chosenFolder
        let first = max(0, min((chosen ?? 0) - listHeight + 1, form.folderChoices.count - listHeight))
        for (i, path) in form.folderChoices.dropFirst(first).prefix(listHeight).enumerated() {
            let row = area.row(4 + i)
            let label = "  " + (path.isEmpty ? "(top level)" : path)
            let style = first + i == chosen ? theme.selectionStyle : Style(fg: theme[.text])
            frame.buffer.setString(label, x: row.x, y: row.y, style: style, clip: row)
        }
    }
}
