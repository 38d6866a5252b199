import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Carries out an action by its id (from a key, the palette or a click).
    func perform(_ action: String, _ s: inout AppState) -> [Command<AppMessage>] {
        switch action {
        case "app.quit":
            return [.quit]
        case "app.suspend":
            return [.suspend]
        case "app.help":
            s.overlay = .help(scroll: 0)
        case "app.palette":
            s.overlay = .palette(PaletteState())
        case "theme.pick":
            var palette = PaletteState(themeBeforePreview: s.themeName)
            palette.query.insert("theme: ")
            s.overlay = .palette(palette)
        case "request.send", "url.send":
            if action == "url.send", URLBarParsing.isCurlCommand(s.draft.url.text) {
                return importCurl(s.draft.url.text, &s)
            }
            return startSend(&s)
        case "request.cancel":
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
        case "env.switch":
            if let folder = s.collectionFile?.baseDirectory { return [effects.loadEnvironments(in: folder, openSwitcher: true)] }
            switchEnvironmentAction(&s)
        case "variables.edit":
            editVariablesAction(&s)
        case "cookies.show", "cookies.clear":
            guard let path = effects.cookieJarPath(collection: s.collectionFile?.path, environment: s.activeEnvironment) else {
                if !effects.keepsCookieJars {
                    s.notice = "No cookie jar is kept: curlew was started with --no-cookies."
                    return []
                }
                s.notice = "Cookies are kept per collection: open a collection to see its jar (this session's cookies stay in memory)."
                return []
            }
            return [action == "cookies.show" ? effects.showCookies(path: path) : effects.clearCookies(path: path)]
        case "run.selected":
            return runSelectionAction(&s)
        case "run.collection":
            return runCollectionAction(&s)
        case "run.withData":
            guard s.collection != nil else {
                s.notice = "No collection is open; start curlew with a collection file or folder to run it."
                return []
            }
            s.overlay = .runData(TextFieldState())
        case "run.show":
            toggleRunResults(&s)
        case _ where action.hasPrefix("results."):
            if let resultsAction = RunResultsState.action(named: action), let effect = s.run?.apply(resultsAction) {
                return runResultsEffect(effect, &s)
            }
        case "request.new", "tabs.next", "tabs.previous", "tabs.close":
            return tabAction(action, &s)
        case "request.save", "request.saveAs":
            return saveRequestAction(asCopy: action == "request.saveAs", &s).routed(to: s.tabs.activeID)
        case "request.copyCurl":
            do throws(SendFailure) {
                let request = try buildRequest(s)
                s.notice = "Copied the request as a curl command."
                return [.copyToClipboard(request.curlCommand(multiline: false))]
            } catch {
                s.notice = error.message
            }
        case "request.copyURL":
            s.notice = "Copied the URL."
            return [.copyToClipboard(s.draft.url.text)]
        case "request.method":
            s.overlay = .methodPicker(MethodPickerState(current: s.draft.method))
        case "focus.next", "focus.previous":
            let order = s.focusOrder
            let i = order.firstIndex(of: s.focus) ?? 0
            let step = action == "focus.next" ? 1 : order.count - 1
            s.focus = order[(i + step) % order.count]
        case "focus.url":
            s.focus = .url
        case "sidebar.toggle":
            s.sidebarPreference = !s.isSidebarVisible
            if !s.isSidebarVisible, s.focus == .sidebar { s.focus = .url }
        case _ where action.hasPrefix("sidebar."):
            if let sidebarAction = SidebarState.action(named: action), let effect = s.sidebar.apply(sidebarAction) {
                return sidebarEffect(effect, &s)
            }
        case _ where action.hasPrefix("tab."):
            if let tab = RequestTab.allCases.first(where: { "tab." + $0.title.lowercased() == action }) {
                s.requestTab = tab
                s.focus = .request
            }
        case "table.edit", "table.add", "table.delete", "table.toggle", "table.column", "table.moveUp", "table.moveDown",
             "editing.commit", "editing.cancel", "editing.complete", "editing.nextSuggestion", "editing.previousSuggestion":
            tableAction(action, &s)
        case "body.mode":
            s.draft.bodyMode = s.draft.bodyMode.next
        case _ where action.hasPrefix("body.mode."):
            if let mode = BodyMode(rawValue: String(action.dropFirst("body.mode.".count))) {
                s.draft.bodyMode = mode
                s.requestTab = .body
                s.focus = .request
            }
        case "body.nextEditor":
            guard s.draft.bodyMode == .graphQL else { return perform("focus.next", &s) }
            s.draft.editsGraphQLVariables.toggle()
        case "body.format":
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
        case "body.editor":
            return [effects.editExternally(s.draft.bodyText.text, json: s.draft.bodyMode == .json)].routed(to: s.tabs.activeID)
        case "files.add":
            s.overlay = .addFile(TextFieldState())
        case "files.delete":
            if s.draft.files.indices.contains(s.draft.selectedFile) {
                s.draft.files.remove(at: s.draft.selectedFile)
                s.draft.selectedFile = max(0, min(s.draft.selectedFile, s.draft.files.count - 1))
            }
        case "files.toggle":
            if s.draft.files.indices.contains(s.draft.selectedFile) { s.draft.files[s.draft.selectedFile].enabled.toggle() }
        case "files.check":
            return fileCheckCommands(s)
        case "auth.mode":
            s.draft.authMode = s.draft.authMode.next
            s.authRow = s.draft.authMode == .basic ? 1 : 0
        case "auth.reveal":
            s.revealsCredentials.toggle()
        case "options.edit":
            if s.optionsRow.isToggle {
                s.draft.options.toggle(s.optionsRow)
            } else {
                let text = s.draft.options.text(of: s.optionsRow)
                var field = TextFieldState(text: text)
                field.moveCursor(to: text.count)
                s.optionsEditor = field
            }
        case _ where action.hasPrefix("response."):
            if let viewerAction = ResponseViewerState.action(named: action), let effect = s.viewer.apply(viewerAction) {
                return responseEffect(effect, &s)
            }
        default:
            break
        }
        return []
    }

    /// Actions of the name/value tables and of the Options field editor.
    func tableAction(_ action: String, _ s: inout AppState) {
        if inheritedHeaderAction(action, &s) { return }
        if s.requestTab == .options, s.focus == .request {
            switch action {
            case "editing.commit", "editing.complete":
                if let editor = s.optionsEditor { s.draft.options.setText(editor.text, of: s.optionsRow) }
                s.optionsEditor = nil
            case "editing.cancel":
                s.optionsEditor = nil
            default: break
            }
            return
        }
        let isHeaders = s.requestTab == .headers
        let isParams = s.requestTab == .params
        func apply(_ table: inout KeyValueTable) {
            switch action {
            case "table.edit": table.beginEditing()
            case "table.add": table.addRow()
            case "table.delete": table.deleteRow()
            case "table.toggle": table.toggleRow()
            case "table.column": table.column = 1 - table.column
            case "table.moveUp": table.moveRow(by: -1)
            case "table.moveDown": table.moveRow(by: 1)
            case "editing.commit":
                let candidates = isHeaders ? HeaderCompletion.suggestions(for: table) : []
                if let index = table.suggestion, candidates.indices.contains(index) {
                    table.accept(suggestion: candidates[index])
                } else {
                    table.commitEditing()
                }
            case "editing.cancel":
                if table.suggestion != nil { table.suggestion = nil } else { table.cancelEditing() }
            case "editing.nextSuggestion", "editing.previousSuggestion":
                let count = isHeaders ? HeaderCompletion.suggestions(for: table).count : 0
                table.moveSuggestion(by: action == "editing.nextSuggestion" ? 1 : -1, count: count)
            case "editing.complete":
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
