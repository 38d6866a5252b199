import RequestStore
import Replay
import TUICore

extension ExplorerProgram {
    /// `run.selected`: runs the folder or request selected in the sidebar's collection.
    func runSelectionAction(_ s: inout AppState) -> [Command<AppMessage>] {
        guard let target = selectedRunTarget(&s) else { return [] }
        return startRun(target.steps, title: target.title, &s)
    }

    /// The requests under the sidebar's selection (the whole collection when nothing is selected), or nil with a notice.
    func selectedRunTarget(_ s: inout AppState) -> (steps: [RunStep], title: String)? {
        let selectedID = s.sidebar.section == .collection ? s.sidebar.selectedRow.map { s.enterDataFolderCollection(ofSidebarID: $0.id) } : nil
        guard let collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder to run it."
            return nil
        }
        guard s.sidebar.section == .collection else {
            s.notice = "Runs take folders and requests of the collection; ] shows it in the sidebar."
            return nil
        }
        guard let selectedID, let rowID = selectedID else {
            return (RunTargets.steps(of: collection, file: s.collectionFile, baseDirectory: s.baseDirectory), collection.name)
        }
        guard let target = RunTargets.steps(forSidebarID: rowID, in: collection, file: s.collectionFile, baseDirectory: s.baseDirectory) else {
            s.notice = "Select a folder or a request of the collection to run it."
            return nil
        }
        return target
    }

    /// A data file was read: the sidebar's selection runs once per row, or the reason it cannot is shown.
    func dataRowsLoaded(_ result: Result<[DataRow], SendFailure>, _ s: inout AppState) -> [Command<AppMessage>] {
        switch result {
        case .success(let rows):
            guard let target = selectedRunTarget(&s) else { return [] }
            return startRun(target.steps, title: target.title, dataRows: rows, &s)
        case .failure(let failure):
            s.overlay = .message(title: "Data file", text: failure.message)
            return []
        }
    }

    /// `run.collection`: runs every request of the open collection.
    func runCollectionAction(_ s: inout AppState) -> [Command<AppMessage>] {
        guard let collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder to run it."
            return []
        }
        return startRun(RunTargets.steps(of: collection, file: s.collectionFile, baseDirectory: s.baseDirectory), title: collection.name, &s)
    }

    /// Starts a run of these steps with the app's variables (plus `seed`), and shows the results pane.
    func startRun(_ steps: [RunStep], title: String, seed: [String: String] = [:], dataRows: [DataRow] = [],
                  _ s: inout AppState) -> [Command<AppMessage>] {
        if s.run?.isRunning == true {
            s.notice = "A run is going; Esc in its pane stops it."
            return []
        }
        guard !steps.isEmpty else {
            s.notice = "'\(title)' holds no requests to run."
            return []
        }
        s.runCount += 1
        let plan = RunPlan(steps: steps, dataRows: dataRows)
        s.run = RunResultsState(id: s.runCount, title: title, steps: steps, total: plan.count)
        s.run?.dataRows = dataRows
        s.showsRunResults = true
        s.focus = .results
        var commandLine = seed
        commandLine.merge(s.variables.commandLine) { _, given in given }
        var variables = RunVariables(commandLine: commandLine, environment: s.variables.environment,
                                     processEnvironment: s.variables.processEnvironment, builtins: s.variables.builtins)
        variables.allowedEnvironmentNames = s.variables.allowedEnvironmentNames
        return effects.run(plan, variables: variables, trust: s.trust, id: s.runCount)
    }

    /// Events of a run arrived: the rows fill in; the tick goes on while the run does.
    func runProgress(id: Int, events: [RunEvent], elapsed: Double, finished: Bool, _ s: inout AppState) -> [Command<AppMessage>] {
        guard var run = s.run, run.id == id else { return [] }
        let wasRunning = run.isRunning
        run.take(events)
        if finished {
            run.isRunning = false
        } else {
            run.elapsed = max(run.elapsed, elapsed)
        }
        s.run = run
        if run.isRunning { return [effects.runTick(id: id)] }
        if wasRunning {
            let (passed, failed) = run.counts
            s.notice = "Run '\(run.title)' finished: \(passed) passed, \(failed) failed" + (run.total > run.results.count ? ", \(run.total - run.results.count) skipped." : ".")
        }
        return finished ? [effects.loadRecentHistory(limit: run.results.count)].compactMap { $0 } : []
    }

    /// `run.show`: shows the results pane of the last run again, or hides it.
    func toggleRunResults(_ s: inout AppState) {
        guard s.run != nil else {
            s.notice = "Nothing ran yet; select a folder in the sidebar and press x (or \"Run the collection\" in the palette)."
            return
        }
        s.showsRunResults.toggle()
        s.focus = s.showsRunResults ? .results : .response
    }

    /// Carries out what the results pane asked for: open a result, stop, run failures again, close, or a notice.
    func runResultsEffect(_ effect: RunResultsEffect, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let run = s.run else { return [] }
        switch effect {
        case .open(let index):
            return openRunResult(run.results[index], run: run, &s)
        case .stop:
            s.run?.isRunning = false
            s.run?.wasStopped = true
            s.notice = "Run stopped; the requests in flight were cancelled."
            return [.cancel(id: "run")]
        case .runFailedAgain:
            let failedSteps = Set(run.failures.map(\.entry.stepIndex))
            let steps = run.steps.enumerated().filter { failedSteps.contains($0.offset) }.map(\.element)
            let seeds = run.capturedByPassingRequests
            let title = run.title.hasSuffix(" (failed)") ? run.title : run.title + " (failed)"
            let failedRows = Set(run.failures.compactMap(\.entry.dataRowIndex))
            // Each row runs again with what its own passing requests captured, as captures of its pass would be.
            let rows = run.dataRows.enumerated().filter { failedRows.contains($0.offset) }.map { index, row in
                var row = row
                for (name, value) in (seeds.byRow[index] ?? [:]).sorted(by: { $0.key < $1.key }) {
                    row.columns.append(DataColumn(name: name, value: value))
                }
                return row
            }
            return startRun(steps, title: title, seed: seeds.withoutRow, dataRows: rows, &s)
        case .close:
            s.showsRunResults = false
            s.focus = s.isSidebarVisible ? .sidebar : .url
        case .notify(let text):
            s.notice = text
        }
        return []
    }

    /// Opens a result: its saved request in the panes, its response in the viewer, its checks marked in the Checks tab.
    func openRunResult(_ result: RunResult, run: RunResultsState, _ s: inout AppState) -> [Command<AppMessage>] {
        guard run.steps.indices.contains(result.entry.stepIndex) else { return [] }
        let step = run.steps[result.entry.stepIndex]
        if let savedID = step.request.id, let open = s.tabID(editingSaved: savedID) {
            s.showTab(id: open)
        } else {
            s.openTab(RequestDraft(saved: step.request))
            s.compareDraftWithCollection()
        }
        s.checkReport = CheckReport(result: result, rules: step.request.captures)
        s.showsRunResults = false
        s.focus = .request
        s.editor.tab = .checks
        s.send.count += 1
        s.send.inFlight = nil
        s.lastRequest = nil
        s.notice = "Opened '\(result.path)' as the run sent it; Alt+R shows the run's results again."
        if let response = result.exchange?.response {
            s.viewer.startFormatting()
            return [effects.format(response, id: s.send.count)].routed(to: s.tabs.activeID) + fileCheckCommands(s)
        }
        s.viewer.fail(result.error.map { "Not sent in the run: " + $0 } ?? "The run kept no response for this request.")
        return fileCheckCommands(s)
    }
}

extension CheckReport {
    /// The report of a run's result: its checks, and its captures matched to the rules they came from.
    public init(result: RunResult, rules: [CaptureRule]) {
        var captures: [CaptureRule: Result<CapturedValue, CaptureFailure>] = [:]
        for value in result.captures {
            if let rule = rules.first(where: { $0.variable == value.variable }) { captures[rule] = .success(value) }
        }
        for failure in result.captureFailures { captures[failure.rule] = .failure(failure) }
        self.init(checks: result.checks, captures: captures, status: result.status)
    }
}
