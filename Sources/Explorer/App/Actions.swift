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
        + paletteOnly.map { KeyBinding([], action: $0.id, help: $0.title, showInFooter: false) })

    /// The bindings of the app itself (the response viewer's are added from its own table).
    static let appBindings: [KeyBinding] = [
        KeyBinding(["ctrl+r", "f5", "ctrl+enter"], action: "request.send", help: "send"),
        KeyBinding(["esc"], action: "request.cancel", help: "cancel", showInFooter: false),
        KeyBinding(["tab"], action: "focus.next", help: "next pane", showInFooter: false),
        KeyBinding(["shift+tab"], action: "focus.previous", help: "previous pane", showInFooter: false),
        KeyBinding(["ctrl+l"], action: "focus.url", help: "URL bar", showInFooter: false),
        KeyBinding(["f2", "alt+m"], action: "request.method", help: "method"),
        KeyBinding(["alt+1"], action: "tab.params", help: "Params tab", showInFooter: false),
        KeyBinding(["alt+2"], action: "tab.headers", help: "Headers tab", showInFooter: false),
        KeyBinding(["alt+3"], action: "tab.body", help: "Body tab", showInFooter: false),
        KeyBinding(["alt+4"], action: "tab.files", help: "Files tab", showInFooter: false),
        KeyBinding(["alt+5"], action: "tab.auth", help: "Auth tab", showInFooter: false),
        KeyBinding(["alt+6"], action: "tab.options", help: "Options tab", showInFooter: false),
        KeyBinding(["alt+7"], action: "tab.checks", help: "Checks tab", showInFooter: false),
        KeyBinding(["ctrl+b"], action: "sidebar.toggle", help: "sidebar", showInFooter: false),
        KeyBinding(["ctrl+p"], action: "app.palette", help: "palette"),
        KeyBinding(["f1"], action: "app.help", help: "help"),
        KeyBinding(["alt+c"], action: "request.copyCurl", help: "copy as curl", showInFooter: false),
        KeyBinding(["alt+u"], action: "request.copyURL", help: "copy URL", showInFooter: false),
        KeyBinding(["ctrl+n"], action: "request.new", help: "new tab", showInFooter: false),
        KeyBinding(["ctrl+z"], action: "app.suspend", help: "suspend", showInFooter: false),
        KeyBinding(["ctrl+c"], action: "app.quit", help: "quit"),
        KeyBinding(["ctrl+s"], action: "request.save", help: "save request"),
        KeyBinding(["alt+e"], action: "env.switch", help: "switch environment…", showInFooter: false),
        KeyBinding(["alt+r"], action: "run.show", help: "show/hide run results", showInFooter: false),

        KeyBinding(["alt+.", "ctrl+pgdn"], action: "tabs.next", help: "next tab", context: tabsContext),
        KeyBinding(["alt+,", "ctrl+pgup"], action: "tabs.previous", help: "previous tab", context: tabsContext, showInFooter: false),
        KeyBinding(["alt+w"], action: "tabs.close", help: "close tab", context: tabsContext),

        KeyBinding(["enter"], action: "url.send", help: "send", context: urlContext),

        KeyBinding(["enter"], action: "table.edit", help: "edit", context: "table"),
        KeyBinding(["a", "insert"], action: "table.add", help: "add", context: "table"),
        KeyBinding(["d", "delete"], action: "table.delete", help: "delete", context: "table"),
        KeyBinding(["space"], action: "table.toggle", help: "on/off", context: "table"),
        KeyBinding(["left", "right"], action: "table.column", help: "name/value", context: "table", showInFooter: false),
        KeyBinding(["alt+up", "K"], action: "table.moveUp", help: "move up", context: "table", showInFooter: false),
        KeyBinding(["alt+down", "J"], action: "table.moveDown", help: "move down", context: "table", showInFooter: false),
        KeyBinding(["?"], action: "app.help", help: "help", context: "table", showInFooter: false),

        KeyBinding(["enter"], action: "editing.commit", help: "done", context: editingContext),
        KeyBinding(["tab"], action: "editing.complete", help: "complete/next cell", context: editingContext),
        KeyBinding(["esc"], action: "editing.cancel", help: "cancel", context: editingContext),
        KeyBinding(["down"], action: "editing.nextSuggestion", help: "next suggestion", context: editingContext, showInFooter: false),
        KeyBinding(["up"], action: "editing.previousSuggestion", help: "previous suggestion", context: editingContext, showInFooter: false),

        KeyBinding(["ctrl+t"], action: "body.mode", help: "body mode", context: RequestTab.body.context),
        KeyBinding(["tab"], action: "body.nextEditor", help: "GraphQL query/variables, else next pane", context: RequestTab.body.context, showInFooter: false),
        KeyBinding(["alt+f"], action: "body.format", help: "format JSON", context: RequestTab.body.context),
        KeyBinding(["ctrl+o", "f4"], action: "body.editor", help: "$EDITOR", context: RequestTab.body.context),

        KeyBinding(["a", "insert"], action: "files.add", help: "add file", context: RequestTab.files.context),
        KeyBinding(["d", "delete"], action: "files.delete", help: "remove", context: RequestTab.files.context),
        KeyBinding(["space"], action: "files.toggle", help: "on/off", context: RequestTab.files.context),
        KeyBinding(["r"], action: "files.check", help: "re-check", context: RequestTab.files.context),
        KeyBinding(["?"], action: "app.help", help: "help", context: RequestTab.files.context, showInFooter: false),

        KeyBinding(["ctrl+t"], action: "auth.mode", help: "auth type", context: RequestTab.auth.context),
        KeyBinding(["alt+v"], action: "auth.reveal", help: "show/hide secret", context: RequestTab.auth.context, showInFooter: false),

        KeyBinding(["space", "enter"], action: "options.edit", help: "toggle/edit", context: RequestTab.options.context),
        KeyBinding(["?"], action: "app.help", help: "help", context: RequestTab.options.context, showInFooter: false),

        KeyBinding(["?"], action: "app.help", help: "help", context: responseContext, showInFooter: false),

        KeyBinding(["x"], action: "run.selected", help: "run folder/request", context: sidebarContext),
        KeyBinding(["?"], action: "app.help", help: "help", context: sidebarContext, showInFooter: false),
        KeyBinding(["?"], action: "app.help", help: "help", context: RunResultsState.keyContext, showInFooter: false),
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

    /// Actions offered by the palette that have no key: id and title.
    public static let paletteOnly: [(id: String, title: String)] = [
        ("theme.pick", "Choose a theme"),
        ("variables.edit", "Edit variables…"),
        ("run.collection", "Run the collection"),
        ("run.withData", "Run the selection with a data file…"),
        ("request.saveAs", "Save request as a copy"),
        ("cookies.show", "Cookies: show the jar"), ("cookies.clear", "Cookies: clear the jar"),
        ("body.mode.none", "Body: none"), ("body.mode.json", "Body: JSON"), ("body.mode.form", "Body: form"),
        ("body.mode.multipart", "Body: multipart"), ("body.mode.raw", "Body: raw"), ("body.mode.file", "Body: file"),
        ("body.mode.graphql", "Body: GraphQL"),
    ]
}
