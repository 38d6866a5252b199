import RequestKit
import RequestStore
import TUICore

/// The curlew app as a `Program`: input to messages, `update`, and `view`.
///
/// The program holds only its effects (the HTTP client, the draft file); everything that
/// changes lives in `AppState`, and `update` is a pure function of state and message.
public struct ExplorerProgram: Program {
    /// The work commands do: sending, file checks, the editor, the draft file.
    public let effects: Effects

    /// Creates the program with its effects.
    public init(effects: Effects) {
        self.effects = effects
    }

    /// Once the first frame is up: checks the attachments of a restored draft, reads the theme catalog and the
    /// last responses of the restored tabs.
    public func initialCommands(for state: AppState) -> [Command<AppMessage>] {
        fileCheckCommands(state) + [effects.loadThemes()].compactMap { $0 } + restoredResponseCommands(state)
    }

    /// For each tab that showed a response recorded in the history, the read of that response, routed to the tab.
    func restoredResponseCommands(_ state: AppState) -> [Command<AppMessage>] {
        state.openTabs.compactMap { tab in
            tab.openedHistoryEntry.flatMap { effects.loadStoredResponse(id: $0) }?.routed(to: tab.id)
        }
    }

    /// Every 15 seconds the sidebar's ages are brought up to date.
    public var clock: (interval: Duration, message: @Sendable () -> AppMessage)? {
        let now = effects.clock
        return (Effects.clockInterval, { .clockTick(now()) })
    }

    /// Turns terminal input into messages.
    public func message(for event: Event, in state: AppState) -> AppMessage? {
        switch event {
        case .key(let key): return .key(key)
        case .paste(let text): return .paste(text)
        case .mouse(let mouse): return .mouse(mouse)
        case .resize(let width, let height): return .resize(Size(width: width, height: height))
        }
    }

    /// Computes the next state and the commands to run.
    ///
    /// A message addressed to a request tab (`inTab`) is handled with that tab in the panes, and the commands it
    /// leads to stay addressed to it; every other message concerns the shown tab or the whole app.
    public func update(_ state: AppState, _ message: AppMessage) -> (AppState, [Command<AppMessage>]) {
        var s = state
        let openBefore = s.tabs.ids
        var commands: [Command<AppMessage>]
        if case .inTab(let id, let inner) = message {
            commands = s.withTab(id) { shown in updateShownTab(&shown, inner).routed(to: id) } ?? []
        } else {
            commands = updateShownTab(&s, message)
        }
        commands += finishTabs(&s, openBefore: openBefore)
        return (s, commands)
    }

    /// Handles one message with the tab it concerns in the panes.
    func updateShownTab(_ s: inout AppState, _ message: AppMessage) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        let before = s.draft
        let tabBefore = s.tabs.activeID
        let responseBefore = s.shownHistoryEntry?.id
        switch message {
        case .inTab(let id, let inner):
            commands += s.withTab(id) { shown in updateShownTab(&shown, inner).routed(to: id) } ?? []
        case .tabsSaved(let error):
            if let error { s.notice = error }
        case .resize(let size):
            s.size = size
            if !s.focusOrder.contains(s.focus) { s.focus = .url }
        case .key(let key):
            s.notice = nil
            commands += handleKey(key, &s)
        case .paste(let text):
            s.notice = nil
            commands += handlePaste(text, &s)
        case .mouse(let mouse):
            commands += handleMouse(mouse, &s)
        case .action(let id):
            commands += perform(id, &s)
        case .curlCommandBuilt(let result):
            commands += curlCommandBuilt(result, &s)
        case .sendProgress(let id, let elapsed, let progress):
            commands += sendProgressed(id: id, elapsed: elapsed, progress: progress, &s)
        case .streamReceived(let id, let batch, let elapsed, let progress):
            commands += streamArrived(id: id, batch: batch, elapsed: elapsed, progress: progress, &s)
        case .historyLoaded(let entries):
            s.show(history: entries)
        case .historySearched(let filter, let entries, let more):
            historySearched(filter: filter, entries: entries, more: more, &s)
        case .dataRowsLoaded(let result):
            commands += dataRowsLoaded(result, &s)
        case .runProgress(let id, let events, let elapsed, let finished):
            commands += runProgress(id: id, events: events, elapsed: elapsed, finished: finished, &s)
        case .collectionSaved(let result):
            switch result {
            case .success(let file):
                if s.adoptsAsOpenCollection(file) { s.collectionFile = file }
                s.notice = (s.saveNote.map { $0 + " " } ?? "") + "Saved \(file.path)."
            case .failure(let failure):
                s.notice = failure.message
            }
            s.saveNote = nil
        case .environmentSaved(let result):
            switch result {
            case .success(let file):
                if let index = s.environments.firstIndex(where: { $0.path == file.path }) { s.environments[index] = file }
            case .failure(let failure):
                s.notice = "The typed credential is in a secret variable for this session only: " + failure.message
            }
        case .requestSaved(let result, let saved):
            requestSaved(result, saved: saved, &s)
        case .saveConflicted(let conflict):
            s.overlay = .saveConflict(conflict)
        case .collectionReloaded(let result):
            collectionReloaded(result, &s)
        case .sendFinished(let id, let request, let result, let history, let tail, let notes):
            commands += sendFinished(id: id, request: request, result: result, history: history, tail: tail, notes: notes, &s)
        case .checksEvaluated(let id, let report):
            checksEvaluated(id: id, report: report, &s)
        case .responseFormatted(let id, let document):
            commands += responseFormatted(id: id, document: document, &s)
        case .storedResponseLoaded(let entryID, let document):
            if !s.isSendingHere, s.openedHistoryEntry == entryID {
                s.viewer.show(document)
                s.shownHistoryEntry = s.sidebarContent.history[entryID]
            }
        case .storedResponseRestored(let entry, let document):
            if !s.isSendingHere, s.openedHistoryEntry == entry.id, s.viewer.document == nil {
                s.viewer.show(document)
                s.shownHistoryEntry = entry
            }
        case .comparisonCandidatesLoaded(let result):
            comparisonCandidatesLoaded(result, &s)
        case .comparisonReady(let result):
            comparisonReady(result, &s)
        case .bodySaved(let message):
            s.notice = message
        case .clockTick(let now):
            s.sidebar.now = now
        case .cookieJarRead(let result):
            switch result {
            case .success(let listing): s.overlay = .message(title: "Cookie jar", text: listing)
            case .failure(let failure): s.overlay = .message(title: "Cookie jar", text: failure.message)
            }
        case .cookieJarCleared(let result):
            switch result {
            case .success: s.notice = "Cookie jar cleared: no cookie is sent until a response sets one."
            case .failure(let failure): s.notice = "The cookie jar was not cleared: " + failure.message
            }
        case .historyEntryDeleted(let id, let error):
            if let error {
                s.notice = error
            } else {
                s.forget(historyEntry: id)
                s.notice = "Deleted the history entry."
            }
        case .filesChecked(let statuses):
            for i in s.draft.files.indices {
                if let status = statuses[s.draft.files[i].path] { s.draft.files[i].status = status }
            }
            if s.draft.bodyMode == .file, let status = statuses[s.draft.bodyFilePath.text], !status.isReadable {
                s.notice = FileProblem.describe(path: s.draft.bodyFilePath.text, status: status)
            }
        case .pathCompleted(let text):
            var field = TextFieldState(text: text)
            field.moveCursor(to: text.count)
            if case .addFile = s.overlay { s.overlay = .addFile(field) }
            if case .saveBody(_, let body) = s.overlay { s.overlay = .saveBody(field, body: body) }
            if case .runData = s.overlay { s.overlay = .runData(field) }
            if case .compareFile(_, let current) = s.overlay { s.overlay = .compareFile(field, current: current) }
        case .editorFinished(let result):
            switch result {
            case .success(let text):
                s.draft.bodyText = TextAreaState(text: text)
                if s.draft.bodyMode == .none { s.draft.bodyMode = JSONCheck.check(text) == nil ? .json : .raw }
            case .failure(let failure):
                s.overlay = .message(title: "Editor", text: failure.message)
            }
        case .draftDue(let revision):
            if revision == s.draftRevision, revision != s.savedDraftRevision {
                commands.append(effects.writeDraft(s.draft, baseline: DraftFile.keptBaseline(draft: s.draft, baseline: s.draftBaseline),
                                                   response: s.shownHistoryEntry?.id, tab: s.tabs.activeID, revision: revision))
            }
        case .draftWritten(let revision, let error):
            if let error {
                s.notice = error
            } else {
                s.savedDraftRevision = max(s.savedDraftRevision, revision)
            }
        case .environmentsLoaded(let files, let problems, let openSwitcher):
            environmentsLoaded(files, problems: problems, openSwitcher: openSwitcher, &s)
        case .variablesSaved(let outcome):
            variablesSaved(outcome, reloaded: false, &s)
        case .variablesReloaded(let outcome):
            variablesSaved(outcome, reloaded: true, &s)
        case .settingsSaved(let text):
            s.notice = text
        case .themesLoaded(let themes):
            s.adopt(themes: themes)
        case .viewerSearched(let chunk):
            s.viewer.receiveSearch(chunk)
        case .viewerFiltered(let outcome):
            s.viewer.receiveFilter(outcome)
        }
        let layout = AppLayout(s)
        for component in PaneRegistry.components { component.keepInView(&s, layout: layout) }
        commands += viewerSearchAndFilterCommands(&s).routed(to: s.tabs.activeID)
        // Only a change of what the draft holds is written; a cursor move, a selection or a tab switch is not.
        // So is a new response recorded in the history, which the tab shows again after a restart.
        if s.tabs.activeID == tabBefore, !s.draft.hasSameContent(as: before) || s.shownHistoryEntry?.id != responseBefore {
            s.draftRevision += 1
            commands.append(.after(Self.draftWriteDelay, .inTab(id: s.tabs.activeID, message: .draftDue(revision: s.draftRevision))))
        }
        s.keepListsInView(layout)
        return commands
    }

    /// How long the draft must stay unchanged before it is written.
    static let draftWriteDelay = Duration.milliseconds(400)

    /// Draws the whole screen.
    public func view(_ state: AppState, into frame: inout Frame) {
        AppView.render(state, into: &frame)
    }

    /// Commands that check the paths of the attachments and of a file body.
    func fileCheckCommands(_ state: AppState) -> [Command<AppMessage>] {
        var paths = state.draft.files.map(\.path)
        if state.draft.bodyMode == .file, !state.draft.bodyFilePath.text.isEmpty { paths.append(state.draft.bodyFilePath.text) }
        guard !paths.isEmpty else { return [] }
        return [effects.checkFiles(paths, baseDirectory: state.baseDirectory)].routed(to: state.tabs.activeID)
    }
}
