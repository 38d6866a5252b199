import TUICore

extension RequestEditorState {
    /// Scrolls every editor and table of the pane's content `area` so that its cursor or selected row is in view,
    /// moving each offset only as far as that takes; the offsets live in `draft` and here, so drawing and clicks
    /// see the same rows.
    mutating func keepInView(_ draft: inout RequestDraft, area: Rect) {
        guard !area.isEmpty else { return }
        Self.keepTableInView(&draft.params, area: area)
        Self.keepTableInView(&draft.headers, area: area)
        let body = BodyView.contentArea(in: area)
        Self.keepTableInView(&draft.formFields, area: body)
        switch draft.bodyMode {
        case .json, .raw:
            BodyView.textArea.keepCursorVisible(state: &draft.bodyText, area: body)
        case .graphQL:
            let editors = GraphQLBodyView.editorAreas(in: body)
            BodyView.textArea.keepCursorVisible(state: &draft.bodyText, area: editors.query)
            if !editors.variables.isEmpty { BodyView.textArea.keepCursorVisible(state: &draft.graphQLVariables, area: editors.variables) }
        case .file:
            draft.bodyFilePath.keepCursorVisible(width: BodyView.filePathArea(in: body).width)
        case .none, .form, .multipart:
            break
        }
        var files = ListState(selected: draft.selectedFile, offset: draft.fileOffset)
        files.clamp(count: draft.files.count)
        files.keepSelectionVisible(height: TableView.visibleRows(height: area.height))
        draft.fileOffset = files.offset
        draft.filePartNameEditor?.keepCursorVisible(width: FilesView.fieldNameWidth)
        for field in AuthField.allCases {
            draft.authFields[field].keepCursorVisible(width: AuthView.fieldArea(line: 0, in: area).width)
        }
        optionsOffset = OptionsView.firstRow(offset: optionsOffset, selected: optionsRow, height: area.height)
        optionsEditor?.keepCursorVisible(width: OptionsView.valueArea(y: area.y, in: area).width)
        // The checks' editor's height depends on its lines' problems, read only while its tab shows.
        if tab == .checks {
            BodyView.textArea.keepCursorVisible(state: &draft.checksText, area: ChecksView.editorArea(in: area, draft: draft))
        }
    }

    /// Scrolls a name/value table drawn in `area` to its selected row, and its cell editor to its cursor.
    private static func keepTableInView(_ table: inout KeyValueTable, area: Rect) {
        table.keepSelectionVisible(height: TableView.visibleRows(height: area.height))
        guard table.editor != nil, let cell = TableView.cellRect(of: table, row: table.selected, column: table.column, area: area) else { return }
        table.editor?.keepCursorVisible(width: cell.width)
    }
}
