import RequestKit
import RequestStore

/// The shown tab's parts under the names the app uses, each read and changed in place inside `shown`.
extension AppState {
    /// The request pane: the request tab shown, with its selection, field editors and scroll.
    public var editor: RequestEditorState {
        get { shown.editor }
        _modify { yield &shown.editor }
        set { shown.editor = newValue }
    }

    /// The request being edited (the shown tab's draft).
    public var draft: RequestDraft {
        get { shown.draft }
        _modify { yield &shown.draft }
        set { shown.draft = newValue }
    }

    /// What the shown tab's draft is compared with for its modified mark while it was never saved.
    public var draftBaseline: SavedRequest {
        get { shown.baseline }
        _modify { yield &shown.baseline }
        set { shown.baseline = newValue }
    }

    /// Whether the shown tab closes once its draft is saved (the close dialog's "save").
    public var closesWhenSaved: Bool {
        get { shown.closesWhenSaved }
        _modify { yield &shown.closesWhenSaved }
        set { shown.closesWhenSaved = newValue }
    }

    /// The response viewer.
    public var viewer: ResponseViewerState {
        get { shown.viewer }
        _modify { yield &shown.viewer }
        set { shown.viewer = newValue }
    }

    /// The results of the draft's checks and captures on the last response shown.
    public var checkReport: CheckReport {
        get { shown.checkReport }
        _modify { yield &shown.checkReport }
        set { shown.checkReport = newValue }
    }

    /// The history entry opened last, whose stored response the viewer shows once it is read.
    public var openedHistoryEntry: String? {
        get { shown.openedHistoryEntry }
        _modify { yield &shown.openedHistoryEntry }
        set { shown.openedHistoryEntry = newValue }
    }

    /// The history entry of the response the viewer shows (sent or opened), which comparing leaves out.
    public var shownHistoryEntry: HistoryEntry? {
        get { shown.shownHistoryEntry }
        _modify { yield &shown.shownHistoryEntry }
        set { shown.shownHistoryEntry = newValue }
    }

    /// The variables a history entry opened into the draft held secrets in: their values are masked in what the draft sends.
    public var historySecretNames: Set<String> {
        get { shown.historySecretNames }
        _modify { yield &shown.historySecretNames }
        set { shown.historySecretNames = newValue }
    }

    /// The file of the listed collection the draft's saved request was opened from or saved into, while listing them.
    public var draftCollectionPath: String? {
        get { shown.draftCollectionPath }
        _modify { yield &shown.draftCollectionPath }
        set { shown.draftCollectionPath = newValue }
    }

    /// The request as last saved to or opened from the collection; the draft is clean while it matches.
    public var lastSaved: SavedRequest? {
        get { shown.lastSaved }
        _modify { yield &shown.lastSaved }
        set { shown.lastSaved = newValue }
    }

    /// The last request the shown tab sent, for "copy as curl" from the response viewer.
    public var lastRequest: Request? {
        get { shown.lastRequest }
        _modify { yield &shown.lastRequest }
        set { shown.lastRequest = newValue }
    }

    /// Bumped on every edit of the draft; a draft write is due when it stops changing.
    public var draftRevision: Int {
        get { shown.draftRevision }
        _modify { yield &shown.draftRevision }
        set { shown.draftRevision = newValue }
    }

    /// The revision last written to the draft file.
    public var savedDraftRevision: Int {
        get { shown.savedDraftRevision }
        _modify { yield &shown.savedDraftRevision }
        set { shown.savedDraftRevision = newValue }
    }
}
