import Replay
import TUICore

/// The run results pane: one row per finished request (and data row), the requests in flight, and the totals.
///
/// A value the app keeps in its state, with the same shape as the sidebar: the app feeds it events (`take`),
/// maps keys with `handle(key:keyMap:)`, runs the result through `apply(_:)` and carries out the returned effect.
public struct RunResultsState: Hashable, Sendable {
    /// The number of the run, so events of an older run are ignored.
    public var id: Int
    /// What runs, e.g. "API" or "API/Users".
    public var title: String
    /// The requests of the plan, to open a result's request and to run failures again.
    public var steps: [RunStep]
    /// The data rows the plan runs its requests for, if any.
    public var dataRows: [DataRow]
    /// How many requests the plan holds.
    public var total: Int
    /// Finished requests, in plan order.
    public private(set) var results: [RunResult]
    /// Requests started and not finished yet, by plan index.
    public private(set) var inFlight: [Int: RunStart]
    /// Whether the run is still going.
    public var isRunning: Bool
    /// Whether the user stopped the run.
    public var wasStopped: Bool
    /// Warnings the run reported (e.g. the history could not be written).
    public private(set) var warnings: [String]
    /// Seconds since the run started, as last ticked.
    public var elapsed: Double
    /// The selected row.
    public private(set) var selected: Int
    /// The first row shown.
    public private(set) var scrollTop: Int
    /// The number of rows the list has room for, as last set by `setViewport(for:)`.
    public private(set) var viewportHeight: Int
    /// Bytes of request and response bodies the kept exchanges hold.
    public private(set) var keptBytes: Int

    /// The most body bytes a run keeps for opening results; results past it keep their row but not their exchange.
    public static let exchangeBudget = 64 * 1024 * 1024
    /// The values each passing request captured, secret ones as captured, by plan index; kept apart from the
    /// exchanges (which the budget may drop) for running the failures again, and never shown.
    private var capturedByEntry: [Int: [CapturedValue]] = [:]

    /// A run that is starting.
    public init(id: Int, title: String, steps: [RunStep], total: Int) {
        self.id = id
        self.title = title
        self.steps = steps
        self.dataRows = []
        self.total = total
        results = []
        inFlight = [:]
        isRunning = true
        wasStopped = false
        warnings = []
        elapsed = 0
        selected = 0
        scrollTop = 0
        viewportHeight = 10
        keptBytes = 0
    }

    /// How many finished requests passed and failed.
    public var counts: (passed: Int, failed: Int) {
        let passed = results.filter(\.passed).count
        return (passed, results.count - passed)
    }

    /// The finished results that failed.
    public var failures: [RunResult] { results.filter { !$0.passed } }

    /// What the passing requests captured (secret values as captured, when the run kept exchanges), for running the
    /// failures again: by data row, and for the requests of a run without rows; a later request's value wins.
    public var capturedByPassingRequests: (withoutRow: [String: String], byRow: [Int: [String: String]]) {
        var withoutRow: [String: String] = [:]
        var byRow: [Int: [String: String]] = [:]
        for result in results where result.passed {
            let values = capturedByEntry[result.entry.index] ?? result.captures.filter { !$0.isSecret }
            for value in values {
                if let row = result.entry.dataRowIndex {
                    byRow[row, default: [:]][value.variable] = value.value
                } else {
                    withoutRow[value.variable] = value.value
                }
            }
        }
        return (withoutRow, byRow)
    }

    /// Takes in events of the run, in the order they came.
    public mutating func take(_ events: [RunEvent]) {
        for event in events {
            switch event {
            case .started(let start):
                inFlight[start.entry.index] = start
                total = max(total, start.total)
            case .finished(var result):
                inFlight[result.entry.index] = nil
                if let exchange = result.exchange {
                    if result.passed, !exchange.captured.isEmpty { capturedByEntry[result.entry.index] = exchange.captured }
                    let requestBytes = exchange.request.body.reduce(0) { total, segment in
                        if case .bytes(let data) = segment { return total + data.count }
                        return total
                    }
                    let size = requestBytes + (exchange.response?.body.count ?? 0)
                    if keptBytes + size > Self.exchangeBudget {
                        result.exchange = nil
                    } else {
                        keptBytes += size
                    }
                }
                results.append(result)
            case .warning(let text):
                if warnings.count < 20 { warnings.append(text) }
            case .ended(let totals):
                isRunning = false
                inFlight = [:]
                elapsed = totals.duration
                if totals.cancelled { wasStopped = true }
            }
        }
        keepSelectionVisible()
    }

    /// Records the area the pane is rendered into, so paging knows its height.
    public mutating func setViewport(for area: Rect) {
        viewportHeight = max(1, RunResultsLayout(area: area).list.height)
        keepSelectionVisible()
    }

    /// Carries out a user action; returns work for the app, or nil.
    public mutating func apply(_ action: RunResultsAction) -> RunResultsEffect? {
        switch action {
        case .moveUp: move(to: selected - 1)
        case .moveDown: move(to: selected + 1)
        case .pageUp: move(to: selected - max(1, viewportHeight - 1))
        case .pageDown: move(to: selected + max(1, viewportHeight - 1))
        case .first: move(to: 0)
        case .last: move(to: results.count - 1)
        case .select(let index): move(to: index)
        case .open:
            guard results.indices.contains(selected) else { return .notify("No request has finished yet.") }
            return .open(selected)
        case .runFailedAgain:
            if isRunning { return .notify("The run is still going; wait for it to end, or press Esc to stop it.") }
            if failures.isEmpty { return .notify("Nothing failed, so there is nothing to run again.") }
            return .runFailedAgain
        case .stopOrClose:
            return isRunning ? .stop : .close
        }
        return nil
    }

    private mutating func move(to index: Int) {
        guard !results.isEmpty else { return }
        selected = max(0, min(results.count - 1, index))
        keepSelectionVisible()
    }

    private mutating func keepSelectionVisible() {
        let height = max(1, viewportHeight)
        if selected < scrollTop { scrollTop = selected }
        if selected >= scrollTop + height { scrollTop = selected - height + 1 }
        scrollTop = max(0, min(scrollTop, max(0, results.count - height)))
    }
}
