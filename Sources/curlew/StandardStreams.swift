import Foundation

/// Writing to stdout and stderr without buffering surprises, and knowing whether stdout is a terminal.
enum StandardStreams {
    /// Whether stdout is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    /// Whether stderr is a terminal.
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes text holding data from outside curlew (a server, a file) to stdout: with its control
    /// characters drawn as symbols when stdout is a terminal, as exact bytes otherwise.
    static func writeOutside(_ text: String) {
        writeOut(stdoutIsTerminal ? ResponseOutput.visible(text) : text)
    }

    /// Writes bytes to stdout as they are.
    static func writeOut(_ data: Data) {
        write(data, to: STDOUT_FILENO)
    }

    /// Writes text to stdout.
    static func writeOut(_ text: String) {
        writeOut(Data(text.utf8))
    }

    /// Copies a file to stdout in chunks, each passed through `transform` first; false when it cannot be read.
    static func writeOut(fileAt path: String, transform: (Data) -> Data = { $0 }) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            writeOut(transform(chunk))
        }
        return true
    }

    /// Writes a message to stderr; when stderr is a terminal its control characters are drawn as symbols,
    /// since messages quote names, header values and paths from outside curlew.
    static func writeError(_ text: String) {
        write(Data((stderrIsTerminal ? ResponseOutput.visible(text) : text).utf8), to: STDERR_FILENO)
    }

    private static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { raw in
            guard var base = raw.baseAddress else { return }
            var left = raw.count
            while left > 0 {
                let written = Foundation.write(descriptor, base, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                base += written
                left -= written
            }
        }
    }
}
