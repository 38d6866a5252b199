import Locking

/// The files one run has written through the trust boundary, which it may write again (a retry, a repeat).
public final class FileWrites: Sendable {
    private let written = Locked<Set<String>>([])

    /// An empty record.
    public init() {}

    /// Whether the run wrote `path` (a real path).
    func contains(_ path: String) -> Bool {
        written.withLock { $0.contains(path) }
    }

    /// Records that the run wrote `path`.
    func insert(_ path: String) {
        _ = written.withLock { $0.insert(path) }
    }
}
