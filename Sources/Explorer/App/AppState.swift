import RequestKit
import RequestStore
import TUICore

/// Everything the app shows and remembers between messages.
public struct AppState: Sendable {
    /// The terminal size.
    public var size: Size
    /// The pane with the keyboard focus.
    public var focus: Pane
    /// The shown request tab: its draft, request pane, viewer and what it sent; the fields below named for these
    /// reach into it.
    public var shown: TabState
    /// The open request tabs other than the shown one, and the shown one's id.
    public var tabs = DraftTabs()
    /// The request in flight, if any, and the tab that sent it.
    public var send: SendState
    /// The response filter last applied to each request (JSONPath or `| command`), by `viewerFilterKey`.
    public var viewerFilters = RememberedFilters()
    /// The last collection run, going or over.
    public var run: RunResultsState?
    /// Whether the run's results are shown in place of the response.
    public var showsRunResults: Bool
    /// How many runs were started (the id of the last one).
    public var runCount: Int
    /// True or false when the user toggled the sidebar; nil to show it only on wide terminals.
    public var sidebarPreference: Bool?
    /// The sidebar's width in columns as chosen with its keys, a drag or `settings.json`; nil for the automatic width.
    public var sidebarWidth: Int? = nil
    /// True while the left button that went down on the sidebar's border is held: its release sets the width.
    public var isDraggingSidebarBorder = false
    /// The pane that fills the screen while it (or the URL bar) has the focus, nil when none is maximized.
    public var maximizedPane: Pane?
    /// The request pane's share of the room it splits with the response, in percent; nil for the default.
    public var requestSplit: Int?
    /// Whether the mouse is dragging the border between the request and the response.
    public var isDraggingSplitBorder = false
    /// The sidebar: collection tree and history.
    public var sidebar: SidebarState
    /// The requests and history entries behind the sidebar's ids.
    public var sidebarContent: SidebarContent
    /// How much of the history file the History sidebar has read, for its filter.
    public var historyPaging = HistoryPaging()
    /// The box over the panes, if any.
    public var overlay: Overlay?
    /// A one-line notice shown in the footer until the next key.
    public var notice: String?
    /// What the save under way did besides writing the request (credentials moved into secret variables), added to its notice.
    public var saveNote: String? = nil
    /// The active key bindings.
    public var keyMap: KeyMap
    /// The themes that can be chosen, the active one first by name.
    public var themes: [Theme]
    /// The name of the active theme.
    public var themeName: String
    /// Opens a collection: its tree in the sidebar, its headers and auth for inheritance.
    /// Requests without an id in the file get a session id here (see `SessionRequestIDs`), never written.
    public mutating func open(collection: RequestCollection, baseDirectory: String?) {
        var collection = SessionRequestIDs.removed(from: collection)
        SessionRequestIDs.assign(to: &collection)
        if let id = draft.savedID, draftCollectionPath == nil || draftCollectionPath == collectionFile?.path,
           let previous = self.collection, let renamed = SessionRequestIDs.followed(id, from: previous, to: collection) {
            draft.savedID = renamed.id
            draft.name = renamed.name
            lastSaved?.id = renamed.id
            lastSaved?.name = renamed.name
        }
        if let previous = self.collection {
            for tab in tabs.before + tabs.after where tab.draftCollectionPath == nil || tab.draftCollectionPath == collectionFile?.path {
                guard let id = tab.draft.savedID, let renamed = SessionRequestIDs.followed(id, from: previous, to: collection) else { continue }
                tabs.updateParked(tab.id) { parked in
                    parked.draft.savedID = renamed.id
                    parked.draft.name = renamed.name
                    parked.lastSaved?.id = renamed.id
                    parked.lastSaved?.name = renamed.name
                }
            }
        }
        self.collection = collection
        self.baseDirectory = baseDirectory
        if listsDataFolderCollections { return showDataFolderCollections() }
        let tree = SidebarContent.tree(of: collection)
        sidebar.setCollection(name: collection.name, nodes: tree.nodes)
        sidebarContent.requests = tree.requests
    }

    /// Lists history entries in the sidebar.
    public mutating func show(history entries: [HistoryEntry]) {
        for entry in entries { sidebarContent.history[entry.id] = entry }
        sidebar.setHistory(sidebarContent.history.values.map(SidebarContent.item(for:)))
    }

    /// Takes a deleted history entry out of the sidebar.
    public mutating func forget(historyEntry id: String) {
        sidebarContent.history[id] = nil
        sidebar.setHistory(sidebarContent.history.values.map(SidebarContent.item(for:)))
    }

    /// Values `{{variables}}` resolve to.
    public var variables: VariableScope
    /// What the user lets the open collection reach: the file root (`fileRoot` in settings), the environment
    /// names `{{$env.NAME}}` may read, and the files outside the root confirmed one at a time this session.
    public var trust = TrustPolicy()
    /// The environments found beside the collection (`NAME.env.json`), in file-name order.
    public var environments: [EnvironmentFile]
    /// The name of the environment whose variables apply, or nil for none.
    public var activeEnvironment: String?

    /// Makes the environment with this name the active one (nil for none); false when there is no such environment.
    @discardableResult
    public mutating func activate(environment name: String?) -> Bool {
        guard let name else {
            activeEnvironment = nil
            variables.environment = []
            return true
        }
        guard let file = environments.first(where: { $0.document.name == name }) else { return false }
        activeEnvironment = name
        variables.environment = file.document.variables
        return true
    }

    /// The active environment's file, if one is active.
    public var activeEnvironmentFile: EnvironmentFile? {
        activeEnvironment.flatMap { name in environments.first { $0.document.name == name } }
    }
    /// The folder relative file paths are resolved against (the collection's), if any.
    public var baseDirectory: String?
    /// The open collection, whose headers and auth requests inherit.
    public var collection: RequestCollection?
    /// The collection files of the data folder, listed in the sidebar when curlew started without a collection
    /// argument; nil when one was named.
    public var dataFolderCollections: DataFolderCollections? = nil
    /// The file the open collection was loaded from, for saving edits made in the sidebar.
    public var collectionFile: CollectionFile?
    /// The last sidebar edit of a collection, which `u` undoes once.
    public var collectionUndo: CollectionUndo? = nil
    /// True when the draft has no edits since it was last saved to or opened from the collection.
    public var isDraftSaved: Bool { lastSaved == draft.savedRequest && draft.checkProblems.isEmpty }

    /// The state at start: URL bar focused, nothing sent.
    public init(draft: RequestDraft = RequestDraft(), size: Size = Size(width: 80, height: 24), keyMap: KeyMap = Actions.defaultKeyMap,
                themes: [Theme] = [.dark], themeName: String = Theme.dark.name, variables: VariableScope = VariableScope(),
                baseDirectory: String? = nil) {
        self.size = size
        self.focus = .url
        var shown = TabState(id: 1, draft: draft)
        shown.draftRevision = 0
        self.shown = shown
        self.send = SendState()
        self.run = nil
        self.showsRunResults = false
        self.runCount = 0
        self.sidebarPreference = nil
        self.sidebar = SidebarState()
        self.sidebarContent = SidebarContent()
        self.overlay = nil
        self.notice = nil
        self.keyMap = keyMap
        self.themes = themes
        self.themeName = themeName
        self.variables = variables
        self.environments = []
        self.activeEnvironment = nil
        self.baseDirectory = baseDirectory
        self.collection = nil
        self.collectionFile = nil
    }

    /// The smallest terminal the app draws in; smaller ones get a message.
    public static let minimumSize = Size(width: 40, height: 12)

    /// True when the terminal is too small to draw the app.
    public var isTooSmall: Bool { size.width < AppState.minimumSize.width || size.height < AppState.minimumSize.height }

    /// True when the sidebar is shown: as toggled, else on terminals 100 columns or wider.
    public var isSidebarVisible: Bool { sidebarPreference ?? (size.width >= 100) }

    /// The panes Tab visits, in order.
    public var focusOrder: [Pane] {
        let output: Pane = isShowingRunResults ? .results : .response
        return isSidebarVisible ? [.url, .request, output, .sidebar] : [.url, .request, output]
    }

    /// True when the results of a run are shown in place of the response.
    public var isShowingRunResults: Bool { showsRunResults && run != nil }

    /// The theme in use.
    public var theme: Theme { themes.first { $0.name == themeName } ?? themes.first ?? .dark }

    /// Takes the draft's request as stored in the open collection as the last saved version, so the modified marker is right
    /// after a start with a restored draft or a reload.
    public mutating func compareDraftWithCollection() {
        guard let id = draft.savedID, let collection, let stored = CollectionSaving.request(id: id, in: collection) else { return }
        lastSaved = RequestDraft(saved: stored).savedRequest
    }

    /// The saved examples of the request the draft edits, as the open collection stores them.
    public var savedExamplesOfDraft: [SavedExample] {
        guard let id = draft.savedID, draftCollectionPath == nil || draftCollectionPath == collectionFile?.path, let collection,
              let stored = CollectionSaving.request(id: id, in: collection) else { return [] }
        return stored.examples
    }

    /// Takes the full theme list, keeping the theme in use if the list lacks it.
    public mutating func adopt(themes catalog: [Theme]) {
        var merged = catalog
        if !merged.contains(where: { $0.name == themeName }) { merged.append(theme) }
        themes = merged.sorted { $0.name < $1.name }
    }

    /// True when the focused element takes typed characters (so `?` and letters are text, not commands).
    public var isTyping: Bool {
        overlay != nil || focusedComponent.isTyping(in: self)
    }

    /// The key-binding contexts that apply now, most specific first: the focused pane's, then the tabs' while
    /// two or more are open.
    public var keyContexts: [String] {
        tabs.count > 1 ? paneKeyContexts + [Actions.tabsContext] : paneKeyContexts
    }

    /// The actions of the focused pane's contexts that do nothing where it stands, left out of the footer.
    var inapplicableActionIDs: Set<String> { focusedComponent.inapplicableActionIDs(in: self) }

    /// The key-binding contexts of the focused pane, most specific first.
    var paneKeyContexts: [String] { focusedComponent.keyContexts(in: self) }
}
