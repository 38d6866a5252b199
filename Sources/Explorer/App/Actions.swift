import TUICore

/// The action ids of the app and their default keys; the footer, the help and the palette come from here.
///
/// `keymap.json` in the config folder may rebind any of these ids (see docs/keymap.md).
public enum Actions {
    /// Key-binding context of the URL bar.
    public static let urlContext = "url"
    /// Key-binding context of the response viewer.
    public static let responseContext = "response"
    /// Key-binding context of the sidebar.
    public static let sidebarContext = "sidebar"
    /// Key-binding context of a table cell being edited.
    public static let editingContext = "editing"
    /// Key-binding context of the request tabs, in force (and in the footer) while two or more are open.
    public static let tabsContext = "tabs"

    /// The default key map.
    public static let defaultKeyMap = KeyMap(appBindings + ResponseViewerState.keyBindings + SidebarState.keyBindings + RunResultsState.keyBindings
        + paletteOnly.map { KeyBinding([], action: $0.action, help: $0.title, showInFooter: false) })

    /// The bindings of the app itself (the response viewer's are added from its own table).
    static let appBindings: [KeyBinding] = [
        KeyBinding(["ctrl+r", "f5", "ctrl+enter"], action: .requestSend, help: "send"),
        KeyBinding(["esc"], action: .requestCancel, help: "cancel", showInFooter: false),
        KeyBinding(["tab"], action: .focusNext, help: "next pane", showInFooter: false),
        KeyBinding(["shift+tab"], action: .focusPrevious, help: "previous pane", showInFooter: false),
        KeyBinding(["ctrl+l"], action: .focusURL, help: "URL bar", showInFooter: false),
        KeyBinding(["f2", "alt+m"], action: .requestMethod, help: "method"),
        KeyBinding(["alt+1"], action: .tabParams, help: "Params tab", showInFooter: false),
        KeyBinding(["alt+2"], action: .tabHeaders, help: "Headers tab", showInFooter: false),
        KeyBinding(["alt+3"], action: .tabBody, help: "Body tab", showInFooter: false),
        KeyBinding(["alt+4"], action: .tabFiles, help: "Files tab", showInFooter: false),
        KeyBinding(["alt+5"], action: .tabAuth, help: "Auth tab", showInFooter: false),
        KeyBinding(["alt+6"], action: .tabOptions, help: "Options tab", showInFooter: false),
        KeyBinding(["alt+7"], action: .tabChecks, help: "Checks tab", showInFooter: false),
        KeyBinding(["ctrl+b"], action: .sidebarToggle, help: "sidebar", showInFooter: false),
        KeyBinding(["alt+>"], action: .sidebarWider, help: "sidebar wider", showInFooter: false),
        KeyBinding(["alt+<"], action: .sidebarNarrower, help: "sidebar narrower", showInFooter: false),
        KeyBinding(["alt+z"], action: .paneMaximize, help: "maximize the pane / restore", showInFooter: false),
        KeyBinding(["alt+="], action: .splitRequestLarger, help: "request pane larger", showInFooter: false),
        KeyBinding(["alt+-"], action: .splitRequestSmaller, help: "request pane smaller", showInFooter: false),
        KeyBinding(["ctrl+p"], action: .appPalette, help: "palette"),
        KeyBinding(["f1"], action: .appHelp, help: "help"),
        KeyBinding(["alt+c"], action: .requestCopyCurl, help: "copy as curl", showInFooter: false),
        KeyBinding(["alt+u"], action: .requestCopyURL, help: "copy URL", showInFooter: false),
        KeyBinding(["ctrl+n"], action: .requestNew, help: "new tab", showInFooter: false),
        KeyBinding(["ctrl+z"], action: .appSuspend, help: "suspend", showInFooter: false),
        KeyBinding(["ctrl+c"], action: .appQuit, help: "quit"),
        KeyBinding(["ctrl+s"], action: .requestSave, help: "save request"),
        KeyBinding(["alt+e"], action: .envSwitch, help: "switch environment…", showInFooter: false),
        KeyBinding(["alt+r"], action: .runShow, help: "show/hide run results", showInFooter: false),

        KeyBinding(["alt+.", "ctrl+pgdn"], action: .tabsNext, help: "next tab", context: tabsContext),
        KeyBinding(["alt+,", "ctrl+pgup"], action: .tabsPrevious, help: "previous tab", context: tabsContext, showInFooter: false),
        KeyBinding(["alt+w"], action: .tabsClose, help: "close tab", context: tabsContext),

        KeyBinding(["enter"], action: .urlSend, help: "send", context: urlContext),

        KeyBinding(["enter"], action: .tableEdit, help: "edit", context: "table"),
        KeyBinding(["a", "insert"], action: .tableAdd, help: "add", context: "table"),
        KeyBinding(["d", "delete"], action: .tableDelete, help: "delete", context: "table"),
        KeyBinding(["space"], action: .tableToggle, help: "on/off", context: "table"),
        KeyBinding(["left", "right"], action: .tableColumn, help: "name/value", context: "table", showInFooter: false),
        KeyBinding(["alt+up", "K"], action: .tableMoveUp, help: "move up", context: "table", showInFooter: false),
        KeyBinding(["alt+down", "J"], action: .tableMoveDown, help: "move down", context: "table", showInFooter: false),
        KeyBinding(["?"], action: .appHelp, help: "help", context: "table", showInFooter: false),

        KeyBinding(["enter"], action: .editingCommit, help: "done", context: editingContext),
        KeyBinding(["tab"], action: .editingComplete, help: "complete/next cell", context: editingContext),
        KeyBinding(["esc"], action: .editingCancel, help: "cancel", context: editingContext),
        KeyBinding(["down"], action: .editingNextSuggestion, help: "next suggestion", context: editingContext, showInFooter: false),
        KeyBinding(["up"], action: .editingPreviousSuggestion, help: "previous suggestion", context: editingContext, showInFooter: false),

        KeyBinding(["ctrl+t"], action: .bodyMode, help: "body mode", context: RequestTab.body.context),
        KeyBinding(["tab"], action: .bodyNextEditor, help: "GraphQL query/variables, else next pane", context: RequestTab.body.context, showInFooter: false),
        KeyBinding(["alt+f"], action: .bodyFormat, help: "format JSON", context: RequestTab.body.context),
        KeyBinding(["ctrl+o", "f4"], action: .bodyEditor, help: "$EDITOR", context: RequestTab.body.context),

        KeyBinding(["a", "insert"], action: .filesAdd, help: "add file", context: RequestTab.files.context),
        KeyBinding(["d", "delete"], action: .filesDelete, help: "remove", context: RequestTab.files.context),
        KeyBinding(["space"], action: .filesToggle, help: "on/off", context: RequestTab.files.context),
        KeyBinding(["r"], action: .filesCheck, help: "re-check", context: RequestTab.files.context),
        KeyBinding(["n", "enter"], action: .filesRename, help: "field name", context: RequestTab.files.context),
        KeyBinding(["?"], action: .appHelp, help: "help", context: RequestTab.files.context, showInFooter: false),

        KeyBinding(["ctrl+t"], action: .authMode, help: "auth type", context: RequestTab.auth.context),
        KeyBinding(["alt+v"], action: .authReveal, help: "show/hide secret", context: RequestTab.auth.context, showInFooter: false),

        KeyBinding(["space", "enter"], action: .optionsEdit, help: "toggle/edit", context: RequestTab.options.context),
        KeyBinding(["?"], action: .appHelp, help: "help", context: RequestTab.options.context, showInFooter: false),

        KeyBinding(["?"], action: .appHelp, help: "help", context: responseContext, showInFooter: false),

        KeyBinding(["x"], action: .runSelected, help: "run folder/request", context: sidebarContext),
        KeyBinding([">"], action: .sidebarWider, help: "wider", context: sidebarContext, showInFooter: false),
        KeyBinding(["<"], action: .sidebarNarrower, help: "narrower", context: sidebarContext, showInFooter: false),
        KeyBinding(["?"], action: .appHelp, help: "help", context: sidebarContext, showInFooter: false),
        KeyBinding(["?"], action: .appHelp, help: "help", context: RunResultsState.keyContext, showInFooter: false),
    ]

    /// Headings of the contexts in the help overlay.
    public static let contextTitles: [String: String] = [
        KeyMap.global: "Everywhere", urlContext: "URL bar", "table": "Params, Headers and form tables",
        editingContext: "Editing a table cell", RequestTab.body.context: "Body", RequestTab.files.context: "Files",
        RequestTab.auth.context: "Auth", RequestTab.options.context: "Options", RequestTab.checks.context: "Checks", responseContext: "Response",
        ResponseViewerState.copyKeyContext: "Response, after y",
        sidebarContext: "Sidebar", RunResultsState.keyContext: "Run results", tabsContext: "Tabs (two or more open)",
        ResponseViewerState.lineContext: "Response search and filter line",
    ]

    /// Every action id, for validating key map files.
    public static var allActionIDs: Set<String> { Set(defaultKeyMap.bindings.map(\.action)) }

    /// Whether `id` names an action of one of the panes (which `perform` hands to the pane that owns it).
    public static func isComponentAction(_ id: String) -> Bool {
        PaneRegistry.components.contains { $0.ownsAction(id) }
    }

    /// Actions offered by the palette that have no key: the action and its title.
    public static let paletteOnly: [(action: AppAction, title: String)] = [
        (.themePick, "Choose a theme"),
        (.variablesEdit, "Edit variables…"),
        (.collectionSettings, "Edit collection settings (headers, auth, variables)…"),
        (.runCollection, "Run the collection"),
        (.runWithData, "Run the selection with a data file…"),
        (.requestSaveAs, "Save request as a copy"),
        (.cookiesShow, "Cookies: show the jar"), (.cookiesClear, "Cookies: clear the jar"),
        (.bodyModeNone, "Body: none"), (.bodyModeJSON, "Body: JSON"), (.bodyModeForm, "Body: form"),
        (.bodyModeMultipart, "Body: multipart"), (.bodyModeRaw, "Body: raw"), (.bodyModeFile, "Body: file"),
        (.bodyModeGraphQL, "Body: GraphQL"),
    ]
}

extension KeyBinding {
    /// A binding of `keys` to one of the app's own actions.
    init(_ keys: [String], action: AppAction, help: String, context: String = KeyMap.global, showInFooter: Bool = true) {
        self.init(keys, action: action.rawValue, help: help, context: context, showInFooter: showInFooter)
    }
}
