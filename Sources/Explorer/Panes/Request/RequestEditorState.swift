import RequestStore
import TUICore

/// The request pane: which tab shows, and the selection, field editors and scroll of the tabs that the draft does not hold.
///
/// A value the app keeps in its state beside the draft it edits, with the same shape as `SidebarState` and
/// `ResponseViewerState`: `handle(key:draft:)` and `handle(mouse:in:)` map input to a `RequestEditorAction`,
/// `apply(_:to:inherited:)` carries it out on the draft and returns a `RequestEditorEffect` for the app to carry
/// out, and `RequestView` draws both. The app's bound actions (`table.…`, `body.…`, `files.…`, …) reach it
/// through `RequestEditorAction.init?(_:)`.
public struct RequestEditorState: Hashable, Sendable {
    /// The request tab shown.
    public var tab: RequestTab = .params
    /// The selected field of the Auth tab.
    public var authRow: AuthField = .token
    /// Whether the Auth tab shows the token and password as typed instead of masked.
    public var revealsCredentials = false
    /// The selected row of the Headers tab's inherited headers, or nil while the request's own headers have the selection.
    public var inheritedHeaderRow: Int? = nil
    /// The first inherited header shown, kept by `AppState.keepListsInView` so the selected one shows.
    public var inheritedHeaderOffset = 0
    /// The selected row of the Options tab.
    public var optionsRow: RequestOptionsDraft.Field = .timeout
    /// The Options field being edited, if any.
    public var optionsEditor: TextFieldState? = nil
    /// The first row of the Options tab shown, kept by `keepInView` so the selected row shows.
    public var optionsOffset = 0

    /// The Params tab shown, nothing selected or edited.
    public init() {}

    /// True when the shown tab takes typed characters (so `?` and letters are text, not commands).
    public func isTyping(in draft: RequestDraft) -> Bool {
        switch tab {
        case .params: return draft.params.isEditing
        case .headers: return draft.headers.isEditing
        case .body:
            switch draft.bodyMode {
            case .json, .raw, .file, .graphQL: return true
            case .form, .multipart: return draft.formFields.isEditing
            case .none: return false
            }
        case .files: return draft.filePartNameEditor != nil
        case .auth: return draft.authMode == .bearer || draft.authMode == .basic
        case .options: return optionsEditor != nil
        case .checks: return true
        }
    }

    /// The key-binding contexts of the shown tab, most specific first.
    public func keyContexts(for draft: RequestDraft) -> [String] {
        switch tab {
        case .params, .headers:
            return table(of: draft)?.isEditing == true ? [Actions.editingContext] : [Self.tableContext]
        case .body:
            if draft.bodyMode == .form || draft.bodyMode == .multipart {
                return draft.formFields.isEditing ? [Actions.editingContext] : [RequestTab.body.context, Self.tableContext]
            }
            return [RequestTab.body.context]
        case .options:
            return optionsEditor != nil ? [Actions.editingContext] : [RequestTab.options.context]
        case .files:
            return draft.filePartNameEditor != nil ? [Actions.editingContext] : [RequestTab.files.context]
        case .auth, .checks:
            return [tab.context]
        }
    }

    /// The actions of the focused tab's context that do nothing for this draft, left out of the footer.
    public func inapplicableActionIDs(for draft: RequestDraft) -> Set<String> {
        guard tab == .body else { return [] }
        switch draft.bodyMode {
        case .json, .raw, .graphQL: return []
        case .none: return [AppAction.bodyFormat.rawValue]
        case .form, .multipart, .file: return [AppAction.bodyFormat.rawValue, AppAction.bodyEditor.rawValue]
        }
    }

    /// The key-binding context of the name/value tables (Params, Headers, form fields).
    public static let tableContext = "table"

    /// The name/value table the shown tab edits, if it is a table.
    public func table(of draft: RequestDraft) -> KeyValueTable? {
        switch tab {
        case .params: return draft.params
        case .headers: return draft.headers
        case .body where draft.bodyMode == .form || draft.bodyMode == .multipart: return draft.formFields
        default: return nil
        }
    }

    /// The tab a request opened into the pane starts on: its body, its files, its headers, else its params.
    public static func firstTab(for draft: RequestDraft) -> RequestTab {
        if draft.bodyMode == .multipart, !draft.files.isEmpty { return .files }
        if draft.bodyMode != .none { return .body }
        return draft.headers.rows.isEmpty ? .params : .headers
    }
}
