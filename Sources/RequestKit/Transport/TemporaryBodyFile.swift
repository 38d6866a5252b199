import Foundation

/// A temporary file that holds a response body too large for memory; the file is removed when the
/// last response holding it goes away.
public final class TemporaryBodyFile: Hashable, Sendable {
    /// Where the body is.
    public let path: String

    /// Takes charge of the file at `path`.
    init(path: String) {
        self.path = path
    }

    deinit {
        unlink(path)
    }

    public static func == (lhs: TemporaryBodyFile, rhs: TemporaryBodyFile) -> Bool { lhs.path == rhs.path }

    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
