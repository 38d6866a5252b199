import Replay
import Synchronization

/// Where a run in flight leaves its events for the app's tick to collect.
///
/// The runner adds events on its own task; the tick command takes them all at once with `drain`, so a run of
/// thousands of requests wakes the screen ten times a second, not once per event.
public final class RunBoard: Sendable {
    private struct Entry {
        var start: ContinuousClock.Instant
        var events: [RunEvent]
    }

    private let entries = Mutex<[Int: Entry]>([:])

    /// Creates an empty board.
    public init() {}

    /// Records that run `id` started now.
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
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }
}
