import RequestKit
import RequestStore
import TUICore

/// Boxes over the panes: help, palette, method picker, add-file input, messages.
enum OverlayView {
    /// The command palette's box on a screen of `area`.
    static func paletteBox(in area: Rect) -> Rect {
        Rect(x: max(0, (area.width - min(64, area.width - 4)) / 2), y: 3,
             width: min(64, area.width - 4), height: min(18, area.height - 4))
    }

    /// The rows of the palette's matches on a screen of `area` (under its search line).
    static func paletteListArea(in area: Rect) -> Rect {
        let inner = paletteBox(in: area).inset(by: .all(1))
        return Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 1))
    }

    static func render(_ state: AppState, frame: inout Frame) {
        guard let overlay = state.overlay else { return }
        let theme = frame.theme
        var block = Block.themed(theme, focused: true, borders: frame.borders)
        block.style = theme.surfaceStyle
        switch overlay {
        case .help(let scroll):
            let lines = state.keyMap.helpLines(leading: state.keyContexts, headingStyle: Style(fg: theme[.primary], modifiers: .bold),
                                               keyStyle: Style(fg: theme[.accent]), helpStyle: Style(fg: theme[.text]),
                                               contextTitles: Actions.contextTitles)
            let box = frame.area.centered(width: min(70, frame.area.width - 4), height: frame.area.height - 2)
            block.title = Line(" Keys — any key closes, ↑↓ scroll ")
            block.render(area: box, buffer: &frame.buffer)
            let inner = block.inner(box).inset(by: .symmetric(horizontal: 1))
            let start = min(scroll, max(0, lines.count - inner.height))
            for (i, line) in lines.dropFirst(start).prefix(inner.height).enumerated() {
                frame.buffer.setTruncated(line, x: inner.x, y: inner.y + i, base: theme.surfaceStyle, clip: inner.row(i))
            }
        case .palette(let palette):
            let matches = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: state))
            let box = paletteBox(in: frame.area)
            block.title = Line(" Command palette ")
            block.render(area: box, buffer: &frame.buffer)
            let inner = block.inner(box)
            frame.buffer.setString("› ", x: inner.x, y: inner.y, style: Style(fg: theme[.accent]), clip: inner)
            let query = palette.query
            frame.cursor = TextField(style: theme.surfaceStyle, placeholder: "type to search actions and themes", placeholderStyle: Style(fg: theme[.muted]))
                .render(state: query, area: Rect(x: inner.x + 2, y: inner.y, width: max(0, inner.width - 2), height: 1), buffer: &frame.buffer)
            let listArea = paletteListArea(in: frame.area)
            let lines = matches.map { entry in
                Line([Span(entry.title), Span(entry.keys.isEmpty ? "" : "  " + entry.keys, style: Style(fg: theme[.muted]))])
            }
            let list = ListState(selected: matches.isEmpty ? nil : palette.selected, offset: palette.offset)
            ListView(items: lines, style: theme.surfaceStyle, selectionStyle: theme.selectionStyle).render(state: list, area: listArea, buffer: &frame.buffer)
        case .methodPicker(let picker):
            let choices = MethodPickerState.choices
            let box = Rect(x: 1, y: 2, width: min(24, frame.area.width - 2), height: min(choices.count + 3, frame.area.height - 2))
            block.title = Line(" Method ")
            block.render(area: box, buffer: &frame.buffer)
            let inner = block.inner(box)
            for (i, method) in choices.enumerated() where i < inner.height {
                let style = i == picker.selected ? theme.selectionStyle : theme.surfaceStyle.fg(theme.methodColor(method.rawValue))
                frame.buffer.setString(" " + method.rawValue, x: inner.x, y: inner.y + i, style: style, clip: inner.row(i))
            }
            let customRow = inner.row(choices.count)
            let customSelected = picker.selected == choices.count
            frame.buffer.setString(" Custom: ", x: customRow.x, y: customRow.y, style: customSelected ? theme.selectionStyle : theme.surfaceStyle.fg(theme[.muted]), clip: customRow)
            let custom = picker.custom
            let cursor = TextField(style: theme.surfaceStyle).render(state: custom, area: Rect(x: customRow.x + 9, y: customRow.y, width: max(0, customRow.width - 9), height: 1), buffer: &frame.buffer)
            if customSelected { frame.cursor = cursor }
        case .addFile(let field):
            let dialog = Dialog(title: "Attach a file", body: [Line(""), Line("Enter adds · Tab completes · Esc cancels", style: Style(fg: theme[.muted]))],
                                width: min(70, frame.area.width - 4), block: block)
            dialog.render(area: frame.area, buffer: &frame.buffer)
            let body = dialog.bodyArea(in: frame.area)
            let input = field
            frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]), placeholder: "path of the file", placeholderStyle: Style(fg: theme[.muted]))
                .render(state: input, area: body.row(0), buffer: &frame.buffer)
        case .saveBody(let field, let body):
            let dialog = Dialog(title: "Save the body (\(FileProblem.formatSize(Int64(body.count))))",
                                body: [Line(""), Line("Enter saves · Tab completes · Esc cancels", style: Style(fg: theme[.muted]))],
                                width: min(70, frame.area.width - 4), block: block)
            dialog.render(area: frame.area, buffer: &frame.buffer)
            let input = field
            frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]))
                .render(state: input, area: dialog.bodyArea(in: frame.area).row(0), buffer: &frame.buffer)
        case .saveRequest(let form):
            SaveRequestView.render(form, state: state, block: block, frame: &frame)
        case .saveConflict(let conflict):
            let what = conflict.saved.map { "'\($0.name)'" } ?? "your change in the sidebar"
            let reload = conflict.saved == nil ? "r reloads the file (make the change again afterwards)"
                : "r reloads the file (your edits stay in the panes; save again afterwards)"
            let text = "\(conflict.file.path) changed on disk since curlew read it (another program, or a git pull), so \(what) was not saved. "
                + "o overwrites the file with curlew's version · \(reload) · Esc cancels."
            Dialog.message(title: "File changed on disk", text: text, buttons: ["Overwrite (o)", "Reload (r)", "Cancel (Esc)"],
                           width: min(70, frame.area.width - 4), block: block)
                .render(area: frame.area, buffer: &frame.buffer)
        case .rename(let target, let field):
            let dialog = Dialog(title: "Rename '\(target.name)'", body: [Line(""), Line("Enter renames · Esc cancels", style: Style(fg: theme[.muted]))],
                                width: min(60, frame.area.width - 4), block: block)
            dialog.render(area: frame.area, buffer: &frame.buffer)
            let input = field
            frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]))
                .render(state: input, area: dialog.bodyArea(in: frame.area).row(0), buffer: &frame.buffer)
        case .confirmDelete(let target):
            let text = switch target.kind {
            case .historyEntry: "Delete the history entry '\(target.name)' and its stored response? y or Enter deletes, any other key keeps it."
            case .folder: "Delete the folder '\(target.name)' and everything in it from the collection file? y or Enter deletes, any other key keeps it."
            default: "Delete '\(target.name)' from the collection file? y or Enter deletes, any other key keeps it."
            }
            Dialog.message(title: "Delete", text: text,
                           buttons: ["Delete", "Keep"], width: min(60, frame.area.width - 4), block: block)
                .render(area: frame.area, buffer: &frame.buffer)
        case .movePicker(let picker):
            MovePickerView.render(picker, block: block, frame: &frame)
        case .folderSettings(let editor):
            FolderSettingsView.render(editor, block: block, frame: &frame)
        case .runData(let field):
            let width = min(70, frame.area.width - 4)
            let hint = ".csv (header row = names) or .json (array of objects) · Enter runs · Tab completes · Esc cancels"
            let dialog = Dialog(title: "Run the selection once per row of a data file",
                                body: [Line("")] + TextViewer.wordWrap(hint, width: max(1, width - 4)).map { Line($0, style: Style(fg: theme[.muted])) },
                                width: width, block: block)
            dialog.render(area: frame.area, buffer: &frame.buffer)
            let input = field
            frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]), placeholder: "path of the data file", placeholderStyle: Style(fg: theme[.muted]))
                .render(state: input, area: dialog.bodyArea(in: frame.area).row(0), buffer: &frame.buffer)
        case .variables(let editor):
            VariablesView.render(editor, block: block, frame: &frame)
        case .variablesConflict(_, let paths):
            let text = "\(paths.joined(separator: " and ")) changed on disk since curlew read it, so the variables were not saved there. "
                + "o overwrites with your variables · r reloads the file (your edits stay in the editor; save again afterwards) · Esc cancels."
            Dialog.message(title: "File changed on disk", text: text, buttons: ["Overwrite (o)", "Reload (r)", "Cancel (Esc)"],
                           width: min(70, frame.area.width - 4), block: block)
                .render(area: frame.area, buffer: &frame.buffer)
        case .secretPrompt(let prompt):
            let place = prompt.places.first.map(String.init(describing:)) ?? "the request"
            let text = "\(place.prefix(1).uppercased() + place.dropFirst()) was stored in the history as \(Redaction.marker): it was typed "
                + "directly, not taken from a variable. Type it to send the request (it is not shown, and it is not kept in the draft)."
            var lines = TextViewer.wordWrap(text, width: max(1, min(70, frame.area.width - 4) - 4)).map { Line($0) }
            let fieldRow = lines.count + 1
            lines += [Line(""), Line(""), Line(""), Line("Enter sends · Esc cancels", style: Style(fg: theme[.muted]))]
            let dialog = Dialog(title: "Secret needed", body: lines, width: min(70, frame.area.width - 4), block: block)
            dialog.render(area: frame.area, buffer: &frame.buffer)
            var masked = TextFieldState(text: String(repeating: "•", count: prompt.field.characters.count))
            masked.moveCursor(to: prompt.field.cursor)
            frame.cursor = TextField(style: Style(fg: theme[.text], bg: theme[.selection]))
                .render(state: masked, area: dialog.bodyArea(in: frame.area).row(fieldRow), buffer: &frame.buffer)
        case .comparePicker(let picker):
            CompareView.renderPicker(picker, block: block, frame: &frame)
        case .compareFile(let field, _):
            CompareView.renderFilePrompt(field, block: block, frame: &frame)
        case .closeTab(let title):
            let name = sanitize("\(title.method) \(title.label)").truncated(columns: 40)
            let text = "'\(name)' has changes that are not saved. s saves them (the tab closes once saved) · d discards them and closes the tab · Esc keeps the tab open."
            Dialog.message(title: "Close the tab?", text: text, buttons: ["Save (s)", "Discard (d)", "Cancel (Esc)"],
                           width: min(64, frame.area.width - 4), block: block)
                .render(area: frame.area, buffer: &frame.buffer)
        case .message(let title, let text):
            Dialog.message(title: title, text: text, width: min(60, frame.area.width - 4), block: block).render(area: frame.area, buffer: &frame.buffer)
        case .confirmOutsideFile(let refusal, _):
            let text = sanitize("\(refusal.use) is \(refusal.resolved), outside the file root (\(refusal.root)). ")
                + "A collection reads only files under its root. y sends it, allowing this file until curlew quits · any other key does not send."
            Dialog.message(title: "Send a file from outside the collection?", text: text, buttons: ["Send (y)", "Cancel"],
                           width: min(70, frame.area.width - 4), block: block)
                .render(area: frame.area, buffer: &frame.buffer)
        }
    }
}
