/// The app's own actions, by the ids key maps, the palette and the help use (the raw values), so that `perform`
/// switches over every one of them and a misspelt id does not compile.
///
/// The viewer's, the sidebar's and the run results' actions (`response.…`, `sidebar.…`, `results.…`) are their
/// components' own (`ResponseViewerState.action(named:)` and the like); `Actions.isComponentAction(_:)` tells them apart.
public enum AppAction: String, CaseIterable, Hashable, Sendable {
    case appQuit = "app.quit"
    case appSuspend = "app.suspend"
    case appHelp = "app.help"
    case appPalette = "app.palette"
    case themePick = "theme.pick"
    case requestSend = "request.send"
    case urlSend = "url.send"
    case requestCancel = "request.cancel"
    case requestNew = "request.new"
    case tabsNext = "tabs.next"
    case tabsPrevious = "tabs.previous"
    case tabsClose = "tabs.close"
    case requestSave = "request.save"
    case requestSaveAs = "request.saveAs"
    case requestCopyCurl = "request.copyCurl"
    case requestCopyURL = "request.copyURL"
    case requestMethod = "request.method"
    case envSwitch = "env.switch"
    case variablesEdit = "variables.edit"
    case collectionSettings = "collection.settings"
    case cookiesShow = "cookies.show"
    case cookiesClear = "cookies.clear"
    case runSelected = "run.selected"
    case runCollection = "run.collection"
    case runWithData = "run.withData"
    case runShow = "run.show"
    case focusNext = "focus.next"
    case focusPrevious = "focus.previous"
    case focusURL = "focus.url"
    case sidebarToggle = "sidebar.toggle"
    case sidebarWider = "sidebar.wider"
    case sidebarNarrower = "sidebar.narrower"
    case paneMaximize = "pane.maximize"
    case splitRequestLarger = "split.requestLarger"
    case splitRequestSmaller = "split.requestSmaller"
    case tabParams = "tab.params"
    case tabHeaders = "tab.headers"
    case tabBody = "tab.body"
    case tabFiles = "tab.files"
    case tabAuth = "tab.auth"
    case tabOptions = "tab.options"
    case tabChecks = "tab.checks"
    case tableEdit = "table.edit"
    case tableAdd = "table.add"
    case tableDelete = "table.delete"
    case tableToggle = "table.toggle"
    case tableColumn = "table.column"
    case tableMoveUp = "table.moveUp"
    case tableMoveDown = "table.moveDown"
    case editingCommit = "editing.commit"
    case editingComplete = "editing.complete"
    case editingCancel = "editing.cancel"
    case editingNextSuggestion = "editing.nextSuggestion"
    case editingPreviousSuggestion = "editing.previousSuggestion"
    case bodyMode = "body.mode"
    case bodyModeNone = "body.mode.none"
    case bodyModeJSON = "body.mode.json"
    case bodyModeForm = "body.mode.form"
    case bodyModeMultipart = "body.mode.multipart"
    case bodyModeRaw = "body.mode.raw"
    case bodyModeFile = "body.mode.file"
    case bodyModeGraphQL = "body.mode.graphql"
    case bodyNextEditor = "body.nextEditor"
    case bodyFormat = "body.format"
    case bodyEditor = "body.editor"
    case filesAdd = "files.add"
    case filesDelete = "files.delete"
    case filesToggle = "files.toggle"
    case filesCheck = "files.check"
    case filesRename = "files.rename"
    case authMode = "auth.mode"
    case authReveal = "auth.reveal"
    case optionsEdit = "options.edit"

    /// The request tab a `tab.…` action shows, nil for other actions.
    public var requestTab: RequestTab? {
        RequestTab.allCases.first { "tab." + $0.title.lowercased() == rawValue }
    }

    /// The body mode a `body.mode.…` action picks, nil for other actions (`body.mode` itself cycles).
    public var pickedBodyMode: BodyMode? {
        guard rawValue.hasPrefix("body.mode.") else { return nil }
        return BodyMode(rawValue: String(rawValue.dropFirst("body.mode.".count)))
    }
}
