/// What a run reports as it goes, in this order: `started` for each request as it is sent, `finished` for
/// each request in plan order (whatever order the responses came in), warnings, and `ended` last.
public enum RunEvent: Hashable, Sendable {
    /// A request was scheduled and is being sent.
    case started(RunStart)
    /// A request is done: sent (maybe several times), checked and its values captured.
    case finished(RunResult)
    /// Something the user should know that fails no request, e.g. the history could not be written.
    case warning(String)
    /// The run is over; nothing follows.
    case ended(RunTotals)
}

/// A request that is starting.
public struct RunStart: Hashable, Sendable {
    /// The plan entry.
    public var entry: RunEntry
    /// How many requests the plan holds.
    public var total: Int
    /// The request's name.
    public var name: String
    /// Its path in the collection, e.g. `Users/Login`.
    public var path: String
    /// Its method.
    public var method: String
    /// The number of its data row, from 1, when the run has rows.
    public var dataRow: Int?

    /// Creates a start event.
    public init(entry: RunEntry, total: Int, name: String, path: String, method: String, dataRow: Int?) {
        self.entry = entry
        self.total = total
        self.name = name
        self.path = path
        self.method = method
        self.dataRow = dataRow
    }
}

/// The totals of a run.
public struct RunTotals: Hashable, Sendable {
    /// Requests whose checks all held.
    public var passed: Int
    /// Requests that failed a check, a capture, or could not be sent.
    public var failed: Int
    /// Requests never started (after `bail`, or because the run was cancelled).
    public var skipped: Int
    /// Seconds from the start of the run to its end.
    public var duration: Double
    /// Whether the run was cancelled before its end.
    public var cancelled: Bool

    /// Creates totals.
    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0, duration: Double = 0, cancelled: Bool = false) {
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.duration = duration
        self.cancelled = cancelled
    }

    /// Whether every request passed and none was skipped.
    public var allPassed: Bool { failed == 0 && skipped == 0 && !cancelled }
}
