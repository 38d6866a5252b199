import Foundation

/// A new folder in the system's temporary folder, removed when the value is dropped; and unique paths there
/// (`PREFIX-UUID`, a new one on every call) for tests that make their own.
public final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Makes a folder named `prefix-UUID` under the system's temporary folder.
    public init(_ prefix: String = "curlew-tests") throws {
        let base = TemporaryFolder.url(prefix)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        path = base.path
    }

    /// A path inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A new path named `prefix-UUID` and then `suffix` (an extension, a file inside); nothing is made there.
    public static func path(_ prefix: String, suffix: String = "") -> String {
        url(prefix).path + suffix
    }

    /// A new path named `prefix-UUID`, as a file URL; nothing is made there.
    public static func url(_ prefix: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    }
}
