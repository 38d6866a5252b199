import BodyIndex
import RequestKit
import RequestStore
import TUICore

/// A box drawn over the panes that takes the keys until it closes.
public enum Overlay: Hashable, Sendable {
    /// The key help, generated from the key bindings.
    case help(scroll: Int)
    /// The command palette.
    case palette(PaletteState)
    /// The method picker.
    case methodPicker(MethodPickerState)
    /// The path input of the Files tab, adding an attachment.
    case addFile(TextFieldState)
    /// The path input for saving the response body.
    case saveBody(TextFieldState, body: BodyBytes)
    /// The name and folder for saving the request being edited into the collection.
    case saveRequest(SaveRequestForm)
    /// The new name of a sidebar item.
    case rename(SidebarTarget, TextFieldState)
    /// "Delete …?" for a sidebar item.
    case confirmDelete(SidebarTarget)
    /// The folders a sidebar item can be moved to.
    case movePicker(MovePicker)
    /// The description, auth and headers of a folder or the collection.
    case folderSettings(FolderSettingsEditor)
    /// The collection file changed on disk under a save: overwrite it, reload it, or cancel.
    case saveConflict(SaveConflict)
    /// The path input of a data file to run the sidebar's selection once per row.
    case runData(TextFieldState)
    /// The variables editor of the active environment and the collection.
    case variables(VariablesEditor)
    /// A variables save met files changed on disk: overwrite them, reload them, or cancel.
    case variablesConflict(VariablesEditor, paths: [String])
    /// A message with an OK button.
    case message(title: String, text: String)
    /// The secrets a request needs before it is sent: places that hold `[redacted]`, asked one at a time.
    case secretPrompt(SecretPrompt)
    /// The earlier responses of the same request (and a file) to compare the response with.
    case comparePicker(ComparePicker)
    /// The path of a file to compare the response with.
    case compareFile(TextFieldState, current: ComparedResponse)
    /// "Close the tab?" for the shown tab, which has changes not saved: save, discard or cancel.
    case closeTab(TabTitle)
    /// Asks whether to send a file that lies outside the file root, allowing it for the rest of the session.
    case confirmOutsideFile(TrustRefusal, secrets: [SecretValue])
}

/// A secret typed for a place of the request being sent; used for that send only, never kept.
public struct SecretValue: Hashable, Sendable {
    /// Where it goes.
    public var place: HistoryReplay.Place
    /// What was typed.
    public var value: String

    /// Creates a value for a place.
    public init(place: HistoryReplay.Place, value: String) {
        self.place = place
        self.value = value
    }
}

/// The prompt for secrets that a request stored in the history holds as `[redacted]`.
public struct SecretPrompt: Hashable, Sendable {
    /// The places still to ask for, the current one first.
    public var places: [HistoryReplay.Place]
    /// The values given so far.
    public var given: [SecretValue]
    /// The value being typed, drawn masked.
    public var field = TextFieldState()

    /// A prompt for `places`, after the values already `given`.
    public init(places: [HistoryReplay.Place], given: [SecretValue] = []) {
        self.places = places
        self.given = given
    }
}

/// The command palette: a query, the matching entries, the selection.
public struct PaletteState: Hashable, Sendable {
    /// The search text.
    public var query: TextFieldState
    /// The selected row among the matches.
    public var selected: Int
    /// The first match shown, kept by `AppState.keepListsInView` so the selected row shows.
    public var offset = 0
    /// The theme to go back to if the palette closes while previewing a theme.
    public var themeBeforePreview: String?

    /// An empty palette.
    public init(themeBeforePreview: String? = nil) {
        self.query = TextFieldState()
        self.selected = 0
        self.themeBeforePreview = themeBeforePreview
    }
}

/// The method picker: the common methods and a field for a custom one.
public struct MethodPickerState: Hashable, Sendable {
    /// The methods offered, then "custom…".
    public static let choices: [HTTPMethod] = HTTPMethod.common
    /// The selected row; `choices.count` is the custom row.
    public var selected: Int
    /// The custom method being typed.
    public var custom: TextFieldState

    /// A picker with `current` selected.
    public init(current: HTTPMethod) {
        if let i = MethodPickerState.choices.firstIndex(of: current) {
            selected = i
            custom = TextFieldState()
        } else {
            selected = MethodPickerState.choices.count
            custom = TextFieldState(text: current.rawValue)
        }
    }
}
