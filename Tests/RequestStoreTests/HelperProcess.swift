import Foundation

/// Runs the `store-test-helper` executable that SwiftPM builds beside the test bundle.
enum HelperProcess {
    /// The helper's path, found next to the running test binary.
    static func path() -> String? {
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("store-test-helper").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// Starts the helper with arguments; standard output goes to the returned pipe.
    static func start(_ arguments: [String]) throws -> (Process, Pipe) {
        guard let path = path() else { throw HelperMissing() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }

    /// The helper was not built; `swift build` builds it with the other targets.
    struct HelperMissing: Error, CustomStringConvertible {
        var description: String { "store-test-helper is not built; run 'swift build' before the tests" }
    }
}

/// Reads lines from a pipe as they arrive.
final class LineReader {
    private let handle: FileHandle
    private var buffer = Data()

    /// Creates a reader over a pipe's reading end.
    init(_ pipe: Pipe) { handle = pipe.fileHandleForReading }

    /// Blocks until a whole line arrives; nil at end of file.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
