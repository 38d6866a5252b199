import TUICore

/// Something the user asks of the request pane: from a bound key (through `init?(_:)`), an unbound key
/// (`RequestEditorState.handle(key:draft:)`), the mouse, or a paste.
public enum RequestEditorAction: Hashable, Sendable {
    /// Show a tab.
    case showTab(RequestTab)
    /// Move the selection of the shown tab (rows of a table, files, Auth or Options fields, inherited headers).
    case move(RequestEditorMove)
    /// A key typed into the field being edited in the shown tab (text, or moving the cursor in it).
    case type(KeyEvent)
    /// Text pasted into the shown tab.
    case paste(String)
    /// A click on a row of the shown tab, counted from the first row drawn.
    case click(row: Int)
    /// The wheel turned over the shown tab: positive down.
    case scroll(Int)
    /// An action of the name/value tables and field editors.
    case table(RequestTableAction)
    /// Go to the next body mode.
    case cycleBodyMode
    /// Pick a body mode and show the Body tab.
    case pickBodyMode(BodyMode)
    /// Switch between a GraphQL body's query and variables editors.
    case nextBodyEditor
    /// Pretty-print the JSON body (or the GraphQL variables).
    case formatBody
    /// Edit the body in `$EDITOR`.
    case editBodyExternally
    /// Attach a file (the app asks for its path).
    case addFile
    /// Remove the selected file part.
    case deleteFile
    /// Switch the selected file part off or on.
    case toggleFile
    /// Check the attached files again.
    case checkFiles
    /// Edit the selected file part's field name.
    case renameFile
    /// Go to the next auth mode.
    case cycleAuthMode
    /// Show or mask the token and password.
    case revealCredentials
    /// Edit the selected Options field, or flip it when it is a switch.
    case editOption

    /// The request pane's action of one of the app's bound actions, nil for an action of another part.
    public init?(_ action: AppAction) {
        if let tab = action.requestTab {
            self = .showTab(tab)
            return
        }
        if let mode = action.pickedBodyMode {
            self = .pickBodyMode(mode)
            return
        }
        if let table = RequestTableAction(action) {
            self = .table(table)
            return
        }
        switch action {
        case .bodyMode: self = .cycleBodyMode
        case .bodyNextEditor: self = .nextBodyEditor
        case .bodyFormat: self = .formatBody
        case .bodyEditor: self = .editBodyExternally
        case .filesAdd: self = .addFile
        case .filesDelete: self = .deleteFile
        case .filesToggle: self = .toggleFile
        case .filesCheck: self = .checkFiles
        case .filesRename: self = .renameFile
        case .authMode: self = .cycleAuthMode
        case .authReveal: self = .revealCredentials
        case .optionsEdit: self = .editOption
        default: return nil
        }
    }
}

/// A move of the selection in the request pane.
public enum RequestEditorMove: Hashable, Sendable {
    /// One row up.
    case up
    /// One row down (Enter in the Auth tab).
    case down
    /// Ten rows up.
    case pageUp
    /// Ten rows down.
    case pageDown
    /// The first row.
    case first
    /// The last row.
    case last
}

/// The actions of the name/value tables and of the field editors of the request pane (`table.…`, `editing.…`).
public enum RequestTableAction: Hashable, Sendable {
    /// Edit the selected cell.
    case edit
    /// Add a row and edit its name.
    case add
    /// Delete the selected row.
    case delete
    /// Switch the selected row off or on.
    case toggle
    /// Select the other column.
    case column
    /// Move the selected row up.
    case moveUp
    /// Move the selected row down.
    case moveDown
    /// Keep the edit (or take the highlighted suggestion).
    case commit
    /// Complete the edit: take a suggestion, or go to the next cell.
    case complete
    /// Drop the suggestions, else the edit.
    case cancel
    /// Highlight the next suggestion.
    case nextSuggestion
    /// Highlight the previous suggestion.
    case previousSuggestion

    /// The table action of one of the app's bound actions, nil for other actions.
    init?(_ action: AppAction) {
        switch action {
        case .tableEdit: self = .edit
        case .tableAdd: self = .add
        case .tableDelete: self = .delete
        case .tableToggle: self = .toggle
        case .tableColumn: self = .column
        case .tableMoveUp: self = .moveUp
        case .tableMoveDown: self = .moveDown
        case .editingCommit: self = .commit
        case .editingComplete: self = .complete
        case .editingCancel: self = .cancel
        case .editingNextSuggestion: self = .nextSuggestion
        case .editingPreviousSuggestion: self = .previousSuggestion
        default: return nil
        }
    }
}

/// What the request pane asks of the app after an action.
public enum RequestEditorEffect: Hashable, Sendable {
    /// Show a one-line notice.
    case notify(String)
    /// Give the request pane the focus (a tab or body mode was picked from anywhere).
    case focus
    /// Move the focus to the next pane.
    case focusNextPane
    /// Ask for the path of a file to attach.
    case askForFile
    /// Check the attached files on disk.
    case checkFiles
    /// Open the body in `$EDITOR`.
    case editExternally(text: String, json: Bool)
}
