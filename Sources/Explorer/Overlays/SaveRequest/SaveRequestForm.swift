import RequestStore
import TUICore

/// The save-request overlay: the name, the folder (typed, or chosen among the collection's), and the field in focus.
public struct SaveRequestForm: Hashable, Sendable {
    /// Which input takes the typed keys.
    public enum Field: Hashable, Sendable {
        /// The request's name.
        case name
        /// The folder path.
        case folder
    }

    /// The name the request is saved under.
    public var name: TextFieldState
    /// The folder path, `A/B`; empty for the top level. A path that does not exist is created.
    public var folder: TextFieldState
    /// The open collection's folder paths, the top level (`""`) first.
    public var folderChoices: [String]
    /// The input in focus.
    public var field: Field
    /// True to add a new request even when the draft came from the collection ("save as").
    public var asCopy: Bool

    /// A form prefilled with a name, offering the folders of `collection` (only the top level when nil).
    public init(name: String, folder: String = "", collection: RequestCollection?, asCopy: Bool) {
        var nameField = TextFieldState(text: name)
        nameField.moveCursor(to: name.count)
        self.name = nameField
        var folderField = TextFieldState(text: folder)
        folderField.moveCursor(to: folder.count)
        self.folder = folderField
        self.folderChoices = collection.map(CollectionSaving.folderPaths(of:)) ?? [""]
        self.field = .name
        self.asCopy = asCopy
    }

    /// The index of the typed folder among the choices, if it is one of them.
    public var chosenFolder: Int? {
        let typed = CollectionSaving.components(of: folder.text).joined(separator: "/")
        return folderChoices.firstIndex(of: typed)
    }

    /// Moves the folder to the previous (`-1`) or next (`1`) existing folder.
    public mutating func stepFolder(by step: Int) {
        guard !folderChoices.isEmpty else { return }
        let current = chosenFolder ?? (step > 0 ? -1 : 0)
        let next = (current + step + folderChoices.count) % folderChoices.count
        let path = folderChoices[next]
        var field = TextFieldState(text: path)
        field.moveCursor(to: path.count)
        folder = field
    }
}
