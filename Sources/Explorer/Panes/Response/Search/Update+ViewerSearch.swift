import TUICore

extension ExplorerProgram {
    /// The identity a response filter is remembered under: the saved request's id, else its method and URL.
    static func viewerFilterKey(_ s: AppState) -> String {
        if let id = s.draft.savedID { return "saved " + id }
        return s.draft.method.rawValue + " " + s.draft.url.text
    }

    /// The commands the response viewer's search and filter need after an update: the next search chunk,
    /// a filter run or stop; and the filter remembered for the request (stored, or restored on a new response).
    func viewerSearchAndFilterCommands(_ s: inout AppState) -> [Command<AppMessage>] {
        var commands: [Command<AppMessage>] = []
        let key = Self.viewerFilterKey(s)
        if let remembered = s.viewer.takeFilterToRemember() {
            if remembered.isEmpty {
                s.viewerFilters.forget(key)
            } else {
                s.viewerFilters.remember(remembered, for: key)
            }
        }
        if s.viewer.takeFilterRestore(), let remembered = s.viewerFilters.use(key) {
            s.viewer.restoreFilter(remembered)
        }
        for work in s.viewer.takeFilterWork() {
            switch work {
            case .stop:
                commands.append(.cancel(id: Self.viewerFilterCommand))
            case .run(let job):
                commands.append(.perform(id: Self.viewerFilterCommand) { .viewerFiltered(await job.run()) })
            }
        }
        if let job = s.viewer.takeSearchJob() {
            commands.append(.perform(id: Self.viewerSearchCommand) {
                let chunk = job.run()
                return Task.isCancelled ? nil : .viewerSearched(chunk)
            })
        }
        return commands
    }

    /// The id of the running search chunk; a newer search's chunk cancels it.
    static let viewerSearchCommand = "viewer.search"
    /// The id of the running filter; Esc or a newer filter cancels it (killing a shell command).
    static let viewerFilterCommand = "viewer.filter"
}
