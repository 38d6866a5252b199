import TUICore

extension AppState {
    /// Scrolls the lists drawn over or inside the panes (the palette's matches, the compare picker's rows and the
    /// Headers tab's inherited headers) so that the selected row is in view at `layout`, moving each offset only as
    /// far as that takes; `update` calls it after every message, after each pane's `keepInView`.
    mutating func keepListsInView(_ layout: AppLayout) {
        let screen = Rect(size: size)
        switch overlay {
        case .palette(var palette):
            palette.offset = Self.offset(palette.offset, showing: palette.selected, rows: OverlayView.paletteListArea(in: screen).height)
            overlay = .palette(palette)
        case .movePicker(var picker):
            picker.offset = Self.offset(picker.offset, showing: picker.selected, rows: MovePickerView.areas(of: picker, in: screen).list.height)
            overlay = .movePicker(picker)
        case .comparePicker(var picker):
            picker.offset = Self.offset(picker.offset, showing: picker.selected, rows: CompareView.pickerAreas(of: picker, in: screen).list.height)
            overlay = .comparePicker(picker)
        default:
            break
        }
        if let row = editor.inheritedHeaderRow {
            let section = HeadersView.inheritedArea(in: layout.requestContent, ownRows: draft.headers.rows.count, inheritedCount: inheritedHeaders.count)
            editor.inheritedHeaderOffset = Self.offset(editor.inheritedHeaderOffset, showing: row, rows: section.height - 1)
        } else {
            editor.inheritedHeaderOffset = 0
        }
    }

    /// `offset` moved only as far as it takes for row `selected` to be among the `rows` shown from it.
    private static func offset(_ offset: Int, showing selected: Int, rows: Int) -> Int {
        var list = ListState(selected: selected, offset: offset)
        list.keepSelectionVisible(height: rows)
        return max(0, list.offset)
    }
}
