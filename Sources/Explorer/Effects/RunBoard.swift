import Replay
import Locking

/// Where a run in flight leaves its events for the app's tick to collect.
///
/// The runner adds events on its own task; the tick command takes them all at once with `drain`, so a run of
/// thousands of requests wakes the screen ten times a second, not once per event.
public final class RunBoard: Sendable {
    /// One run in flight: when it began and the events not yet drained.
    private struct Entry {
        var start: ContinuousClock.Instant
        var events: [RunEvent]
    }

    /// The runs in flight by id, and the highest id that ended (run ids only grow, so every id up to it is over).
    private struct Table {
        /// The runs in flight.
        var entries: [Int: Entry] = [:]
        /// The highest run id that ended.
        var endedThrough = 0

        /// The run `id`, if it is in flight.
        subscript(id: Int) -> Entry? {
            get { entries[id] }
            set { entries[id] = newValue }
        }
    }

    private let entries = Locked(Table())

    /// Creates an empty board.
    public init() {}

    /// Records that run `id` started now. The run command calls it as its first step, so `update` writes nothing here.
    public func begin(_ id: Int) {
        entries.withLock { $0[id] = Entry(start: .now, events: []) }
    }

    /// Adds an event of run `id`.
    public func add(_ id: Int, _ event: RunEvent) {
        entries.withLock { $0[id]?.events.append(event) }
    }

    /// The events of run `id` since the last drain and the seconds since it began, or nil when it was forgotten.
    public func drain(_ id: Int) -> (events: [RunEvent], elapsed: Double)? {
        entries.withLock { table in
            guard var entry = table[id] else { return nil }
            let events = entry.events
            entry.events = []
            table[id] = entry
            let elapsed = ContinuousClock.now - entry.start
            return (events, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
    }

    /// Forgets run `id`.
    public func end(_ id: Int) {
        entries.withLock { table in
            table.entries[id] = nil
            table.endedThrough = max(table.endedThrough, id)
        }
    }

    /// Whether run `id` has ended (false while it runs and before it begins).
    public func hasEnded(_ id: Int) -> Bool {
        entries.withLock { $0.entries[id] == nil && id <= $0.endedThrough }
    }
}
