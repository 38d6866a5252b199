import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Carries out an action by its id (from a key, the palette or a click): one of the app's own, or one of the
    /// viewer's, the sidebar's or the run results'; an id that is neither does nothing.
    func perform(_ id: String, _ s: inout AppState) -> [Command<AppMessage>] {
        if let action = AppAction(rawValue: id) { return perform(action, &s) }
        if id.hasPrefix("results."), let resultsAction = RunResultsState.action(named: id) {
            if let effect = s.run?.apply(resultsAction) { return runResultsEffect(effect, &s) }
        } else if id.hasPrefix("sidebar."), let sidebarAction = SidebarState.action(named: id) {
            if let effect = s.sidebar.apply(sidebarAction) { return sidebarEffect(effect, &s) }
        } else if id.hasPrefix("response."), let viewerAction = ResponseViewerState.action(named: id) {
            if let effect = s.viewer.apply(viewerAction) { return responseEffect(effect, &s) }
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
                s.viewer.fail("Cancelled. Nothing you typed was lost; press Ctrl+R to send again.")
                return [.cancel(id: "send")]
            } ?? []
        case .envSwitch:
            if let folder = s.collectionFile?.baseDirectory { return [effects.loadEnvironments(in: folder, openSwitcher: true)] }
            switchEnvironmentAction(&s)
        case .variablesEdit:
            editVariablesAction(&s)
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
                let request = try buildRequest(s)
                s.notice = "Copied the request as a curl command."
                return [.copyToClipboard(request.curlCommand(multiline: false))]
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
        case .sidebarWider, .sidebarNarrower:
            return resizeSidebar(by: action == .sidebarWider ? SidebarWidth.step : -SidebarWidth.step, &s)
        case .tabParams, .tabHeaders, .tabBody, .tabFiles, .tabAuth, .tabOptions, .tabChecks:
            if let tab = action.requestTab {
                s.requestTab = tab
                s.focus = .request
            }
        case .tableEdit, .tableAdd, .tableDelete, .tableToggle, .tableColumn, .tableMoveUp, .tableMoveDown,
             .editingCommit, .editingCancel, .editingComplete, .editingNextSuggestion, .editingPreviousSuggestion:
            tableAction(action, &s)
        case .bodyMode:
            s.draft.bodyMode = s.draft.bodyMode.next
        case .bodyModeNone, .bodyModeJSON, .bodyModeForm, .bodyModeMultipart, .bodyModeRaw, .bodyModeFile, .bodyModeGraphQL:
            if let mode = action.pickedBodyMode {
                s.draft.bodyMode = mode
                s.requestTab = .body
                s.focus = .request
            }
        case .bodyNextEditor:
            guard s.draft.bodyMode == .graphQL else { return perform(.focusNext, &s) }
            s.draft.editsGraphQLVariables.toggle()
        case .bodyFormat:
            if s.draft.bodyMode == .graphQL {
                switch JSONCheck.format(s.draft.graphQLVariables.text) {
                case .success(let text): s.draft.graphQLVariables = TextAreaState(text: text)
                case .failure(let problem): s.notice = "Cannot format: the variables JSON has an error at \(problem)."
                }
                return []
            }
            switch JSONCheck.format(s.draft.bodyText.text) {
            case .success(let text): s.draft.bodyText = TextAreaState(text: text)
            case .failure(let problem): s.notice = "Cannot format: the JSON has an error at \(problem)."
            }
        case .bodyEditor:
            return [effects.editExternally(s.draft.bodyText.text, json: s.draft.bodyMode == .json)].routed(to: s.tabs.activeID)
        case .filesAdd:
            s.overlay = .addFile(TextFieldState())
        case .filesDelete:
            if s.draft.files.indices.contains(s.draft.selectedFile) {
                s.draft.files.remove(at: s.draft.selectedFile)
                s.draft.selectedFile = max(0, min(s.draft.selectedFile, s.draft.files.count - 1))
            }
        case .filesToggle:
            if s.draft.files.indices.contains(s.draft.selectedFile) { s.draft.files[s.draft.selectedFile].enabled.toggle() }
        case .filesCheck:
            return fileCheckCommands(s)
        case .filesRename:
            if s.draft.files.indices.contains(s.draft.selectedFile) {
                let name = s.draft.files[s.draft.selectedFile].fieldName
                var field = TextFieldState(text: name)
                field.moveCursor(to: name.count)
                s.draft.filePartNameEditor = field
            }
        case .authMode:
            s.draft.authMode = s.draft.authMode.next
            s.authRow = AuthField.shown(for: s.draft.authMode).first ?? .token
        case .authReveal:
            s.revealsCredentials.toggle()
        case .optionsEdit:
            if s.optionsRow.isToggle {
                s.draft.options.toggle(s.optionsRow)
            } else {
                let text = s.draft.options.text(of: s.optionsRow)
                var field = TextFieldState(text: text)
                field.moveCursor(to: text.count)
                s.optionsEditor = field
            }
        }
        return []
    }

    /// Actions of the name/value tables and of the Options field editor.
    func tableAction(_ action: AppAction, _ s: inout AppState) {
        if inheritedHeaderAction(action, &s) { return }
        if s.requestTab == .files, s.focus == .request {
            filePartNameAction(action, &s)
            return
        }
        if s.requestTab == .options, s.focus == .request {
            switch action {
            case .editingCommit, .editingComplete:
                if let editor = s.optionsEditor { s.draft.options.setText(editor.text, of: s.optionsRow) }
                s.optionsEditor = nil
            case .editingCancel:
                s.optionsEditor = nil
            default: break
            }
            return
        }
        let isHeaders = s.requestTab == .headers
        let isParams = s.requestTab == .params
        func apply(_ table: inout KeyValueTable) {
            switch action {
            case .tableEdit: table.beginEditing()
            case .tableAdd: table.addRow()
            case .tableDelete: table.deleteRow()
            case .tableToggle: table.toggleRow()
            case .tableColumn: table.column = 1 - table.column
            case .tableMoveUp: table.moveRow(by: -1)
            case .tableMoveDown: table.moveRow(by: 1)
            case .editingCommit:
                let candidates = isHeaders ? HeaderCompletion.suggestions(for: table) : []
                if let index = table.suggestion, candidates.indices.contains(index) {
                    table.accept(suggestion: candidates[index])
                } else {
                    table.commitEditing()
                }
            case .editingCancel:
                if table.suggestion != nil { table.suggestion = nil } else { table.cancelEditing() }
            case .editingNextSuggestion, .editingPreviousSuggestion:
                let count = isHeaders ? HeaderCompletion.suggestions(for: table).count : 0
                table.moveSuggestion(by: action == .editingNextSuggestion ? 1 : -1, count: count)
            case .editingComplete:
                guard let editor = table.editor else { return }
                let candidates = isHeaders ? HeaderCompletion.suggestions(for: table) : []
                func nextCell() {
                    table.commitEditing()
                    table.column = 1 - table.column
                    if table.column == 1 { table.beginEditing() }
                }
                if let index = table.suggestion, candidates.indices.contains(index) {
                    table.accept(suggestion: candidates[index])
                } else if isHeaders, let known = HeaderCompletion.exactMatch(for: table) {
                    table.accept(suggestion: known)
                    nextCell()
                } else if editor.cursor == editor.characters.count, let first = candidates.first {
                    table.accept(suggestion: first)
                } else {
                    nextCell()
                }
            default: break
            }
        }
        switch s.requestTab {
        case .params: apply(&s.draft.params)
        case .headers: apply(&s.draft.headers)
        case .body: apply(&s.draft.formFields)
        default: break
        }
        if isParams { s.draft.syncURLFromParams() }
    }
}
