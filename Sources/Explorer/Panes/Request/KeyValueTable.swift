import RequestStore
import TUICore

/// The editing state of a name/value table (Params, Headers, form fields): rows, selection and an inline editor.
public struct KeyValueTable: Hashable, Sendable {
    /// The rows, in order.
    public var rows: [KeyValueRow]
    /// The selected row, if any.
    public var selected: Int
    /// The selected column: 0 for the name, 1 for the value.
    public var column: Int
    /// The cell being edited, with its text, or nil when not editing.
    public var editor: TextFieldState?
    /// The first visible row.
    public var offset: Int
    /// The completion suggestion highlighted with Up/Down while editing, or nil when none is.
    public var suggestion: Int?

    /// Creates a table over `rows` with the first row selected.
    public init(rows: [KeyValueRow] = []) {
        self.rows = rows
        self.selected = 0
        self.column = 0
        self.editor = nil
        self.offset = 0
        self.suggestion = nil
    }

    /// True while a cell is being edited.
    public var isEditing: Bool { editor != nil }

    /// Keeps the selection on an existing row.
    public mutating func clamp() {
        selected = rows.isEmpty ? 0 : max(0, min(selected, rows.count - 1))
        column = max(0, min(column, 1))
    }

    /// Appends an empty row, selects its name and starts editing it.
    public mutating func addRow() {
        rows.append(KeyValueRow(name: "", value: ""))
        selected = rows.count - 1
        column = 0
        editor = TextFieldState(text: "")
        suggestion = nil
    }

    /// Starts editing the selected cell (adds a row when the table is empty).
    public mutating func beginEditing() {
        guard !rows.isEmpty else { addRow(); return }
        clamp()
        let text = column == 0 ? rows[selected].name : rows[selected].value
        var field = TextFieldState(text: text)
        field.moveCursor(to: text.count)
        editor = field
        suggestion = nil
    }

    /// Writes the editor's text into the selected cell and stops editing.
    public mutating func commitEditing() {
        guard let editor, rows.indices.contains(selected) else { self.editor = nil; return }
        if column == 0 { rows[selected].name = editor.text } else { rows[selected].value = editor.text }
        self.editor = nil
        suggestion = nil
    }

    /// Stops editing without keeping the text; an empty new row is removed.
    public mutating func cancelEditing() {
        editor = nil
        suggestion = nil
        if rows.indices.contains(selected), rows[selected].name.isEmpty, rows[selected].value.isEmpty {
            rows.remove(at: selected)
            clamp()
        }
    }

    /// Highlights the next (`+1`) or previous (`-1`) of `count` suggestions; moving up from the first clears the highlight.
    public mutating func moveSuggestion(by delta: Int, count: Int) {
        guard count > 0 else { suggestion = nil; return }
        let next = (suggestion ?? -1) + delta
        suggestion = next < 0 ? nil : min(next, count - 1)
    }

    /// Replaces the cell being edited with `text`, cursor at its end, and clears the highlight.
    public mutating func accept(suggestion text: String) {
        var field = TextFieldState(text: text)
        field.moveCursor(to: text.count)
        editor = field
        suggestion = nil
    }

    /// Deletes the selected row.
    public mutating func deleteRow() {
        guard rows.indices.contains(selected) else { return }
        rows.remove(at: selected)
        editor = nil
        clamp()
    }

    /// Turns the selected row on or off.
    public mutating func toggleRow() {
        guard rows.indices.contains(selected) else { return }
        rows[selected].enabled.toggle()
    }

    /// Moves the selected row up (`-1`) or down (`+1`), keeping it selected.
    public mutating func moveRow(by delta: Int) {
        let target = selected + delta
        guard rows.indices.contains(selected), rows.indices.contains(target) else { return }
        rows.swapAt(selected, target)
        selected = target
    }

    /// Moves the selection by `delta` rows.
    public mutating func select(by delta: Int) {
        guard !rows.isEmpty else { return }
        selected = max(0, min(rows.count - 1, selected + delta))
    }

    /// Scrolls so the selected row is inside a view `height` rows tall, moving the offset no further than
    /// that takes (and back when rows were removed below it). `RequestComponent.keepInView` calls it after every message.
    public mutating func keepSelectionVisible(height: Int) {
        guard height > 0 else { return }
        offset = max(0, min(offset, rows.count - height))
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        offset = max(0, offset)
    }
}
