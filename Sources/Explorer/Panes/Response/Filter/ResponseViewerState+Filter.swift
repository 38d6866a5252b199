import TUICore

/// Work for the app that a filter action left: a run to start or a running command to stop.
public enum FilterWork: Sendable {
    /// Start this run off the UI thread (`FilterJob.run()`), replacing any running one.
    case run(FilterJob)
    /// Stop the running filter (a shell command is killed).
    case stop
}

extension ResponseViewerState {
    /// Opens the filter line with the filter last typed, on the Body tab it filters.
    mutating func openFilter() -> ResponseEffect? {
        guard let document, !document.body.isEmpty else { return .notify("There is no response body to filter yet.") }
        search.isEditing = false
        filter.isEditing = true
        tab = .body
        filter.field.moveCursor(to: filter.field.characters.count)
        return nil
    }

    /// Applies the line's filter to the Body tab (an empty line removes the filter).
    mutating func commitFilter() -> ResponseEffect? {
        filter.isEditing = false
        let text = filter.field.text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            removeFilter()
            filter.toRemember = ""
            return nil
        }
        applyFilter(text)
        filter.toRemember = text
        return nil
    }

    /// Closes the filter line, stops a running filter and shows the whole body again; the request forgets its filter.
    mutating func cancelFilter() {
        filter.isEditing = false
        removeFilter()
        filter.toRemember = ""
    }

    /// Shows the Body tab through `text` once its run is done (a new generation; older runs are ignored).
    private mutating func applyFilter(_ text: String) {
        if filter.running { filter.stopDue = true }
        filter.generation += 1
        filter.applied = text
        filter.running = true
        filter.runDue = true
        let what = FilterState.isCommand(text) ? "Running \(text) on the body… (Esc stops it)" : "Filtering with \(text)…"
        filter.output = PaneText([.text([what], coloring: .notice(.muted))])
        textRevision += 1
        tab = .body
        scroll[.body] = .top
    }

    /// Removes the applied filter, stopping it when it runs.
    private mutating func removeFilter() {
        if filter.running { filter.stopDue = true }
        let hadFilter = filter.applied != nil
        filter.generation += 1
        filter.applied = nil
        filter.running = false
        filter.runDue = false
        filter.output = nil
        if hadFilter {
            textRevision += 1
            scroll[.body] = .top
        }
    }

    /// Stops a running filter, else clears the search (Esc in the pane).
    mutating func dismiss() {
        if filter.running {
            cancelFilter()
        } else if search.isActive {
            clearSearch()
        }
    }

    /// A new response is shown: its body is not filtered until the app restores the request's filter.
    mutating func filterDocumentChanged() {
        removeFilter()
        filter.isEditing = false
        filter.restoreDue = true
        textRevision += 1
    }

    /// Restores a filter remembered for the request: a JSONPath query is applied again, a shell command only
    /// waits in the filter line (press `f`, then Enter, to run it).
    public mutating func restoreFilter(_ text: String) {
        filter.field = TextFieldState(text: text)
        filter.field.moveCursor(to: filter.field.characters.count)
        if !FilterState.isCommand(text), document.map({ !$0.body.isEmpty }) == true { applyFilter(text) }
    }

    /// Whether a new response is waiting for the app to restore its request's filter (asking clears it).
    public mutating func takeFilterRestore() -> Bool {
        defer { filter.restoreDue = false }
        return filter.restoreDue
    }

    /// The filter the user applied or cleared since the last call ("" when cleared), for the app to remember.
    public mutating func takeFilterToRemember() -> String? {
        defer { filter.toRemember = nil }
        return filter.toRemember
    }

    /// The filter work due after an update: a stop first, then a run; the app calls this after every update.
    public mutating func takeFilterWork() -> [FilterWork] {
        var work: [FilterWork] = []
        if filter.stopDue {
            filter.stopDue = false
            work.append(.stop)
        }
        if filter.runDue, let applied = filter.applied, let document {
            filter.runDue = false
            work.append(.run(FilterJob(generation: filter.generation, expression: applied, body: document.body)))
        }
        return work
    }

    /// Shows what a filter run produced; runs of an older filter are ignored.
    public mutating func receiveFilter(_ outcome: FilterOutcome) {
        guard outcome.generation == filter.generation, filter.running else { return }
        filter.running = false
        filter.output = outcome.text
        textRevision += 1
    }
}
