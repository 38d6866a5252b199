import RequestKit
import Synchronization

/// Where requests in flight leave their progress for the spinner tick to read.
///
/// The transport calls `record` on its own thread; the tick command reads with `reading`.
/// Entries live from `begin` to `end` of a send.
public final class ProgressBoard: Sendable {
    private struct Entry {
        var start: ContinuousClock.Instant
        var progress: TransferProgress
    }

    private let entries = Mutex<[Int: Entry]>([:])

    /// Creates an empty board.
    public init() {}

    /// Records that send `id` started now.
    public func begin(_ id: Int) {
        entries.withLock { $0[id] = Entry(start: .now, progress: TransferProgress()) }
    }

    /// Stores the latest progress of send `id`.
    public func record(_ id: Int, _ progress: TransferProgress) {
        entries.withLock { $0[id]?.progress = progress }
    }

    /// Forgets send `id`.
    public func end(_ id: Int) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// The time since send `id` began and its progress, or nil when it has ended.
    public func reading(_ id: Int) -> (elapsed: Duration, progress: TransferProgress)? {
        entries.withLock { table in
            table[id].map { (ContinuousClock.now - $0.start, $0.progress) }
        }
    }
}
