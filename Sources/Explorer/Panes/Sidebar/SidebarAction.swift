/// Something the user asks of the sidebar.
public enum SidebarAction: Hashable, Sendable {
    /// Select the row above.
    case moveUp
    /// Select the row below.
    case moveDown
    /// Move the selection up one page.
    case pageUp
    /// Move the selection down one page.
    case pageDown
    /// Select the first row.
    case first
    /// Select the last row.
    case last
    /// Select the row at this index of the visible rows (a click).
    case select(Int)
    /// Open the selected folder.
    case expand
    /// Close the selected folder, or go to the parent folder.
    case collapse
    /// Open or close the selected folder.
    case toggle
    /// Open the selected request or history entry (on a folder: open or close it).
    case open
    /// Show a section.
    case selectSection(SidebarSection)
    /// Show the other section.
    case nextSection
    /// Start typing a filter.
    case startFilter
    /// Add a character to the filter.
    case filterInput(Character)
    /// Delete the filter's last character.
    case filterBackspace
    /// Stop typing the filter and keep it.
    case commitFilter
    /// Remove the filter; while it is typed and holds text, only empty it and keep the line open.
    case clearFilter
    /// Rename the selected folder or request.
    case rename
    /// Duplicate the selected request or folder.
    case duplicate
    /// Delete the selected item (after the app asks for confirmation).
    case delete
    /// Send the selected history entry again.
    case resend
    /// Add a request to the selected folder (or the selected request's folder).
    case newRequest
    /// Add a folder to the selected folder (or the selected request's folder).
    case newFolder
    /// Move the selected request or folder to another folder (the app offers the folders).
    case move
    /// Swap the selected request or folder with the one above it in its folder.
    case reorderUp
    /// Swap the selected request or folder with the one below it in its folder.
    case reorderDown
    /// Undo the last edit of the collection.
    case undo
    /// Edit the description, auth and headers of the selected folder (or of the selected request's folder).
    case settings
}

/// What the sidebar's "new" actions add.
public enum SidebarNewItem: Hashable, Sendable {
    /// A request.
    case request
    /// A folder.
    case folder
}

/// What a sidebar action is about: a folder, a saved request or a history entry.
public struct SidebarTarget: Hashable, Sendable {
    /// The kinds of targets.
    public enum Kind: Hashable, Sendable {
        /// A folder of the collection.
        case folder
        /// A saved request.
        case request
        /// A history entry.
        case historyEntry
    }

    /// The node's or entry's id.
    public var id: String
    /// Its name (for a history entry: method and URL), for prompts such as "Delete 'List users'?".
    public var name: String
    /// What it is.
    public var kind: Kind

    /// Creates a target.
    public init(id: String, name: String, kind: Kind) {
        self.id = id
        self.name = name
        self.kind = kind
    }
}

/// Work the app carries out for the sidebar, which does no I/O itself.
public enum SidebarEffect: Hashable, Sendable {
    /// Load the saved request with this id into the request panes.
    case openRequest(id: String)
    /// Load the history entry with this id into the panes (and show its response).
    case openHistoryEntry(id: String)
    /// Load the history entry with this id and send it again.
    case resendHistoryEntry(id: String)
    /// Ask for a new name for the target, then rename it.
    case rename(SidebarTarget)
    /// Duplicate the target (the app picks the copy's name, e.g. "Name copy").
    case duplicate(SidebarTarget)
    /// Ask "Delete …?" and delete the target when confirmed.
    case confirmDelete(SidebarTarget)
    /// Add a request or folder inside the folder with this id (empty for the collection's top level).
    case add(SidebarNewItem, inFolder: String)
    /// Offer the folders the target can move to, then move it.
    case move(SidebarTarget)
    /// Swap the target with its neighbour of the same kind (-1 up, 1 down).
    case reorder(SidebarTarget, by: Int)
    /// Undo the last edit of the collection.
    case undoEdit
    /// Edit the settings of the folder with this id (empty for the collection's top level).
    case settings(ofFolder: String)
    /// Tell the user something, e.g. why an action did nothing.
    case notify(String)
}
