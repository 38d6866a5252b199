import Foundation
import TUICore

/// A snapshot that did not match its recorded file.
public struct SnapshotMismatch: Error, CustomStringConvertible {
    /// The snapshot file compared against.
    public let path: String
    /// The first differing lines, expected then actual.
    public let details: String

    /// What differed and how to update the recording.
    public var description: String {
        "snapshot \(path) differs:\n\(details)\nIf the new screen is right, run the tests with RECORD_SNAPSHOTS=1 to record it."
    }
}

/// Compares screens with text files recorded next to the tests.
///
/// Files live in `__Snapshots__/<name>.txt` beside the test source file. With the
/// environment variable `RECORD_SNAPSHOTS=1` the file is (re)written and the check passes;
/// otherwise a missing file or a difference throws `SnapshotMismatch`.
public enum Snapshot {
    /// Checks `text` against the recorded snapshot `name`.
    public static func assert(_ text: String, named name: String, file: StaticString = #filePath) throws {
        let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let url = directory.appendingPathComponent(name + ".txt")
        let body = text.hasSuffix("\n") ? text : text + "\n"
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(body.utf8).write(to: url)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw SnapshotMismatch(path: url.path, details: "no recorded snapshot; actual:\n\(body)")
        }
        let expected = String(decoding: data, as: UTF8.self)
        if expected == body { return }
        let e = expected.components(separatedBy: "\n")
        let a = body.components(separatedBy: "\n")
        var lines: [String] = []
        for i in 0..<max(e.count, a.count) where (i < e.count ? e[i] : nil) != (i < a.count ? a[i] : nil) {
            lines.append("line \(i + 1):\n  expected: \(i < e.count ? e[i] : "<none>")\n  actual:   \(i < a.count ? a[i] : "<none>")")
            if lines.count == 5 { break }
        }
        throw SnapshotMismatch(path: url.path, details: lines.joined(separator: "\n"))
    }

    /// Checks the screen of a backend (text only, or text and styles) against snapshot `name`.
    public static func assert(_ backend: InMemoryBackend, named name: String, styled: Bool = false, file: StaticString = #filePath) throws {
        let text = styled ? backend.styledSnapshot() : backend.snapshot().joined(separator: "\n")
        try assert(text, named: name, file: file)
    }

    /// Checks a buffer against snapshot `name`.
    public static func assert(_ buffer: Buffer, named name: String, styled: Bool = false, file: StaticString = #filePath) throws {
        let text = styled ? ScreenText.styled(buffer) : ScreenText.lines(of: buffer).joined(separator: "\n")
        try assert(text, named: name, file: file)
    }
}
