import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Carries out an action by its id (from a key, the palette or a click): one of the app's own, or one of a
    /// pane's, which the registry hands to the pane that owns it; an id that is neither does nothing.
    func perform(_ id: String, _ s: inout AppState) -> [Command<AppMessage>] {
        if let action = AppAction(rawValue: id) { return perform(action, &s) }
        for component in PaneRegistry.components {
            if let commands = component.perform(actionNamed: id, self, &s) { return commands }
        }
        return []
    }

    /// Carries out one of the app's own actions.
    func perform(_ action: AppAction, _ s: inout AppState) -> [Command<AppMessage>] {
        switch action {
        case .appQuit:
            return [.quit]
        case .appSuspend:
            return [.suspend]
        case .appHelp:
            s.overlay = .help(scroll: 0)
        case .appPalette:
            s.overlay = .palette(PaletteState())
        case .themePick:
            var palette = PaletteState(themeBeforePreview: s.themeName)
            palette.query.insert("theme: ")
            s.overlay = .palette(palette)
        case .requestSend, .urlSend:
            if action == .urlSend, URLBarParsing.isCurlCommand(s.draft.url.text) {
                return importCurl(s.draft.url.text, &s)
            }
            return startSend(&s)
        case .requestCancel:
            guard let id = s.send.inFlight else { return [] }
            // The request in flight may belong to another tab: its viewer is the one told.
            return s.withTab(s.send.tab ?? s.tabs.activeID) { s in
                if s.viewer.isStreaming {
                    s.notice = "Stopping the stream; what came is kept."
                    return [effects.stopStream(id: id)]
                }
                s.send.inFlight = nil
                s.viewer.cancel("Cancelled. Nothing you typed was lost; press Ctrl+R to send again.")
                return [.cancel(id: "send")]
            } ?? []
        case .envSwitch:
            if let folder = s.collectionFile?.baseDirectory { return [effects.loadEnvironments(in: folder, openSwitcher: true)] }
            switchEnvironmentAction(&s)
        case .variablesEdit:
            editVariablesAction(&s)
        case .collectionSettings:
            openSettings(ofFolder: s.listsDataFolderCollections ? (s.collectionFile.map { DataFolderCollections.folderID(of: $0.path) } ?? "") : "", &s)
        case .cookiesShow, .cookiesClear:
            guard let path = effects.cookieJarPath(collection: s.collectionFile?.path, environment: s.activeEnvironment) else {
                if !effects.keepsCookieJars {
                    s.notice = "No cookie jar is kept: curlew was started with --no-cookies."
                    return []
                }
                s.notice = "Cookies are kept per collection: open a collection to see its jar (this session's cookies stay in memory)."
                return []
            }
            return [action == .cookiesShow ? effects.showCookies(path: path) : effects.clearCookies(path: path)]
        case .runSelected:
            return runSelectionAction(&s)
        case .runCollection:
            return runCollectionAction(&s)
        case .runWithData:
            guard s.collection != nil else {
                s.notice = "No collection is open; start curlew with a collection file or folder to run it."
                return []
            }
            s.overlay = .runData(TextFieldState())
        case .runShow:
            toggleRunResults(&s)
        case .requestNew, .tabsNext, .tabsPrevious, .tabsClose:
            return tabAction(action, &s)
        case .requestSave, .requestSaveAs:
            return saveRequestAction(asCopy: action == .requestSaveAs, &s).routed(to: s.tabs.activeID)
        case .requestCopyCurl:
            do throws(SendFailure) {
                return [effects.curlCommand(of: try requestRecipe(s))]
            } catch {
                s.notice = error.message
            }
        case .requestCopyURL:
            s.notice = "Copied the URL."
            return [.copyToClipboard(s.draft.url.text)]
        case .requestMethod:
            s.overlay = .methodPicker(MethodPickerState(current: s.draft.method))
        case .focusNext, .focusPrevious:
            let order = s.focusOrder
            let i = order.firstIndex(of: s.focus) ?? 0
            let step = action == .focusNext ? 1 : order.count - 1
            s.focus = order[(i + step) % order.count]
        case .focusURL:
            s.focus = .url
        case .sidebarToggle:
            s.sidebarPreference = !s.isSidebarVisible
            if !s.isSidebarVisible, s.focus == .sidebar { s.focus = .url }
        case .paneMaximize:
            toggleMaximized(&s)
        case .splitRequestLarger, .splitRequestSmaller:
            return resizeSplit(by: action == .splitRequestLarger ? RequestSplit.step : -RequestSplit.step, &s)
        case .sidebarWider, .sidebarNarrower:
            return resizeSidebar(by: action == .sidebarWider ? SidebarWidth.step : -SidebarWidth.step, &s)
        case .tabParams, .tabHeaders, .tabBody, .tabFiles, .tabAuth, .tabOptions, .tabChecks,
             .tableEdit, .tableAdd, .tableDelete, .tableToggle, .tableColumn, .tableMoveUp, .tableMoveDown,
             .editingCommit, .editingCancel, .editingComplete, .editingNextSuggestion, .editingPreviousSuggestion,
             .bodyMode, .bodyModeNone, .bodyModeJSON, .bodyModeForm, .bodyModeMultipart, .bodyModeRaw, .bodyModeFile, .bodyModeGraphQL,
             .bodyNextEditor, .bodyFormat, .bodyEditor, .filesAdd, .filesDelete, .filesToggle, .filesCheck, .filesRename,
             .authMode, .authReveal, .optionsEdit:
            guard let editorAction = RequestEditorAction(action) else { return [] }
            return requestEditorAction(editorAction, &s)
        }
        return []
    }
}
