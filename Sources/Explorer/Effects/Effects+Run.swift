import RequestKit
import RequestStore
import Replay
import TUICore

extension Effects {
    /// Runs a plan off the UI thread as run `id`: events go to the board, and ticks bring them to `update`.
    ///
    /// The run keeps each exchange whole, so a result can be opened in the panes. Cancelling the command (`id: "run"`)
    /// stops the run and the transfers in flight.
    func run(_ plan: RunPlan, variables: RunVariables, trust: TrustPolicy, id: Int) -> [Command<AppMessage>] {
        let board = runBoard
        let paths = storePaths
        let run = Command<AppMessage>.perform(id: "run") {
            board.begin(id)
            let history = paths.map { HistoryStore(paths: $0) }
            var options = RunOptions(exchanges: .full)
            options.trust = trust
            options.settingNames = .app
            let runner = Runner(plan: plan, variables: variables, options: options, history: history)
            await runner.run { event in board.add(id, event) }
            let rest = board.drain(id)
            board.end(id)
            return .runProgress(id: id, events: rest?.events ?? [], elapsed: rest?.elapsed ?? 0, finished: true)
        }
        return [run, runTick(id: id)]
    }

    /// Reads the newest history entries (after a run wrote its exchanges there), for the sidebar; nothing without a data folder.
    func loadRecentHistory(limit: Int) -> Command<AppMessage>? {
        guard let paths = storePaths else { return nil }
        return .perform {
            guard let result = try? HistoryStore(paths: paths).query(HistoryQuery(limit: max(1, min(limit, 200)))) else { return nil }
            return .historyLoaded(result.entries)
        }
    }

    /// Reads the newest `limit` history entries a sidebar History filter matches, from the whole file (a newer
    /// read replaces one under way); nothing without a data folder.
    func searchHistory(filter: String, limit: Int) -> Command<AppMessage>? {
        guard let paths = storePaths else { return nil }
        return .perform(id: "history.search") {
            // Typing starts a search per key; a newer one cancels this one during the pause, so only the last reads the file.
            try? await Task.sleep(for: Self.historySearchPause)
            if Task.isCancelled { return nil }
            let found = try? HistoryStore(paths: paths).entries(matching: { summary in
                filter.isEmpty || SidebarRows.matches(filter, method: summary.method.rawValue, status: summary.status, url: summary.url)
            }, limit: limit)
            guard let found else { return .historySearched(filter: filter, entries: [], more: false) }
            return .historySearched(filter: filter, entries: found.entries, more: found.more)
        }
    }

    /// How long a History search waits for the next key before it reads the history file.
    static let historySearchPause = Duration.milliseconds(120)

    /// Reads the rows of a CSV or JSON data file (a relative path against the collection's folder).
    func loadDataRows(_ path: String, baseDirectory: String?) -> Command<AppMessage> {
        .perform {
            let full = FileInspection.resolve(path, baseDirectory: baseDirectory)
            do throws(DataFileError) {
                return .dataRowsLoaded(.success(try DataFile.load(full)))
            } catch {
                return .dataRowsLoaded(.failure(SendFailure("Not run: \(error)")))
            }
        }
    }

    /// One tick of a run: after the interval, the events since the last tick.
    func runTick(id: Int) -> Command<AppMessage> {
        let board = runBoard
        let interval = tickInterval
        return .perform {
            try? await Task.sleep(for: interval)
            guard let (events, elapsed) = board.drain(id) else {
                // Not begun yet (the run command starts alongside): tick again; once ended, the ticks are over.
                return board.hasEnded(id) ? nil : .runProgress(id: id, events: [], elapsed: 0, finished: false)
            }
            return .runProgress(id: id, events: events, elapsed: elapsed, finished: false)
        }
    }
}
