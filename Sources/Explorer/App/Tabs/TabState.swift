import RequestKit
import RequestStore
import TUICore

/// One request tab: its draft and what the panes show for it.
///
/// `AppState.shown` is the shown tab's, and the app's `draft`, `viewer`, `editor` and the rest reach into it in
/// place (`AppState+ShownTab.swift`); the other tabs wait whole in `DraftTabs`, so showing one is one assignment.
public struct TabState: Sendable {
    /// The tab's id: unique among the open tabs and kept across restarts (it names the tab's file).
    public var id: Int
    /// The request being edited in this tab.
    public var draft: RequestDraft
    /// The request as last saved to or opened from the collection.
    public var lastSaved: SavedRequest?
    /// The file of the listed data-folder collection this tab's request was opened from or saved into, if any.
    public var draftCollectionPath: String?
    /// What the draft of a tab never saved is compared with for its modified mark.
    public var baseline: SavedRequest
    /// The request pane as this tab left it: the request tab shown, its selection and field editors.
    public var editor: RequestEditorState
    /// The response viewer of this tab.
    public var viewer: ResponseViewerState
    /// The results of the draft's checks on the response shown.
    public var checkReport: CheckReport
    /// The history entry opened last in this tab.
    public var openedHistoryEntry: String?
    /// The history entry of the response shown.
    public var shownHistoryEntry: HistoryEntry?
    /// The variables a history entry opened into this tab held secrets in.
    public var historySecretNames: Set<String>
    /// The last request this tab sent, for "copy as curl".
    public var lastRequest: Request?
    /// Bumped on every change of the draft's content.
    public var draftRevision: Int
    /// The revision last written to the tab's file.
    public var savedDraftRevision: Int
    /// Whether the tab closes once its draft is saved (the close dialog's "save").
    public var closesWhenSaved: Bool

    /// A tab holding `draft`, with nothing sent and its file still to be written.
    public init(id: Int, draft: RequestDraft, lastSaved: SavedRequest? = nil, baseline: SavedRequest = RequestDraft.empty.savedRequest) {
        self.id = id
        self.draft = draft
        self.lastSaved = lastSaved
        self.draftCollectionPath = nil
        self.baseline = baseline
        self.editor = RequestEditorState()
        self.viewer = ResponseViewerState()
        self.checkReport = CheckReport()
        self.openedHistoryEntry = nil
        self.shownHistoryEntry = nil
        self.historySecretNames = []
        self.lastRequest = nil
        self.draftRevision = 1
        self.savedDraftRevision = 0
        self.closesWhenSaved = false
    }

    /// True when the draft differs from what it was saved as or opened from (a never-saved tab: from `baseline`).
    public var isModified: Bool {
        if !draft.checkProblems.isEmpty { return true }
        if draft.savedID != nil, let lastSaved { return draft.savedRequest != lastSaved }
        return draft.savedRequest != baseline
    }
}

/// The open request tabs: those left and right of the shown one (which is `AppState.shown`), its id, and the
/// tab bar's scroll.
public struct DraftTabs: Sendable {
    /// The tabs left of the shown one, in order.
    public var before: [TabState]
    /// The tabs right of the shown one, in order.
    public var after: [TabState]
    /// The id of the shown tab.
    public var activeID: Int
    /// The id the next new tab gets.
    public var nextID: Int
    /// The first tab drawn in the tab bar (scrolled so the shown one stays visible).
    public var firstVisible: Int

    /// One tab, shown, with id `activeID`.
    public init(activeID: Int = 1, nextID: Int? = nil) {
        self.before = []
        self.after = []
        self.activeID = activeID
        self.nextID = max(nextID ?? activeID + 1, activeID + 1)
        self.firstVisible = 0
    }

    /// How many tabs are open.
    public var count: Int { before.count + 1 + after.count }

    /// The place of the shown tab, counted from 0.
    public var activeIndex: Int { before.count }

    /// The ids of every tab in order, the shown one included.
    public var ids: [Int] { before.map(\.id) + [activeID] + after.map(\.id) }

    /// The parked tab with this id, if it is open and not shown.
    public func parked(_ id: Int) -> TabState? {
        before.first { $0.id == id } ?? after.first { $0.id == id }
    }

    /// Changes the parked tab with this id in place; false when there is none.
    @discardableResult
    mutating func updateParked(_ id: Int, _ change: (inout TabState) -> Void) -> Bool {
        if let i = before.firstIndex(where: { $0.id == id }) {
            change(&before[i])
            return true
        }
        if let i = after.firstIndex(where: { $0.id == id }) {
            change(&after[i])
            return true
        }
        return false
    }

    /// Takes out the parked tab with this id.
    mutating func removeParked(_ id: Int) -> TabState? {
        if let i = before.firstIndex(where: { $0.id == id }) { return before.remove(at: i) }
        if let i = after.firstIndex(where: { $0.id == id }) { return after.remove(at: i) }
        return nil
    }

    /// Hands out a new tab id.
    mutating func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}

extension RequestDraft {
    /// The draft of a new tab: an empty GET request.
    public static let empty = RequestDraft()

    /// True when the draft holds nothing typed: never saved, and equal to a new empty request.
    public var isUntouchedEmpty: Bool {
        savedID == nil && hasSameContent(as: .empty)
    }

    /// True when both drafts would be written to the draft file alike: cursors, selections and file checks
    /// do not count, only what the request holds.
    public func hasSameContent(as other: RequestDraft) -> Bool {
        // Characters and lines rather than `text`: equal arrays that share storage compare at once, so an unchanged
        // large body costs nothing on each message.
        name == other.name && savedID == other.savedID && method == other.method && url.characters == other.url.characters
            && params.rows == other.params.rows && headers.rows == other.headers.rows && bodyMode == other.bodyMode
            && bodyText.lines == other.bodyText.lines && formFields.rows == other.formFields.rows
            && bodyFilePath.characters == other.bodyFilePath.characters && bodyContentType == other.bodyContentType
            && files.count == other.files.count
            && zip(files, other.files).allSatisfy { $0.fieldName == $1.fieldName && $0.path == $1.path && $0.contentType == $1.contentType && $0.enabled == $1.enabled }
            && authMode == other.authMode && authFields.hasSameContent(as: other.authFields)
            && options == other.options && keptOptions == other.keptOptions && checksText.lines == other.checksText.lines
            && keptBytes == other.keptBytes && keptAuth == other.keptAuth && graphQLVariables.lines == other.graphQLVariables.lines
            && graphQLOperationName == other.graphQLOperationName
    }
}
