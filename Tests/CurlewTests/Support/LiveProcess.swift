import Foundation
import Locking
import TestSupport

/// A program running with its stdout (or stderr) read as it comes, so a test can wait for some output while the
/// program is still running, signal it, and read its memory use.
final class LiveProcess: Sendable {
    /// What has been read so far; past `keptLimit` bytes only the count grows.
    private struct Output {
        var kept = Data()
        var count = 0
        var ended = false
    }

    /// How much of stdout is kept for `output`.
    static let keptLimit = 1 << 20

    private let process: Process
    private let state = Locked(Output())
    private let changed = NSCondition()
    /// The pipe read only at the end: stderr, or stdout when stderr is the one watched.
    private let errors: Pipe
    /// Whether stderr is the stream read as it comes.
    private let watchesErrors: Bool

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// Starts `executable` with stdout and stderr piped and stdin empty; `watchingErrors` reads stderr as it comes
    /// instead of stdout, and `unset` names environment variables left out.
    init(_ executable: String, _ arguments: [String], watchingErrors: Bool = false, unset: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ProcessRunner.proxyVariables + unset { environment[name] = nil }
        process.environment = environment
        let output = Pipe()
        errors = Pipe()
        watchesErrors = watchingErrors
        process.standardOutput = watchingErrors ? errors : output
        process.standardError = watchingErrors ? output : errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = reader.availableData
                changed.lock()
                state.withLock { output in
                    if chunk.isEmpty {
                        output.ended = true
                    } else {
                        output.count += chunk.count
                        let room = LiveProcess.keptLimit - output.kept.count
                        if room > 0 { output.kept.append(chunk.prefix(room)) }
                    }
                }
                changed.broadcast()
                changed.unlock()
                if chunk.isEmpty { return }
            }
        }.start()
    }

    /// Starts the curlew binary under test.
    static func curlew(_ arguments: [String]) throws -> LiveProcess {
        try LiveProcess(ProcessRunner.curlewPath, arguments)
    }

    /// Starts the curlew binary with its stderr read as it comes and no display to open a browser on.
    static func curlewWatchingErrors(_ arguments: [String]) throws -> LiveProcess {
        try LiveProcess(ProcessRunner.curlewPath, arguments, watchingErrors: true, unset: ["DISPLAY", "WAYLAND_DISPLAY"])
    }

    /// Starts the curlew binary with a terminal for stdout (through `script`), so it draws for a terminal.
    static func curlewOnTerminal(_ arguments: [String]) throws -> LiveProcess {
        let command = ([ProcessRunner.curlewPath] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try LiveProcess("/usr/bin/script", ["-qfec", "stty -onlcr; exec " + command, "/dev/null"])
    }

    /// stdout so far (its first `keptLimit` bytes) as text.
    var output: String { String(decoding: state.withLock { $0.kept }, as: UTF8.self) }

    /// How many bytes stdout has carried so far.
    var byteCount: Int { state.withLock { $0.count } }

    /// Waits until `condition` holds for the output (text kept, bytes counted), stdout ends or `limit` seconds
    /// pass; returns whether it held.
    func wait(limit: TimeInterval = 180, until condition: @escaping @Sendable (String, Int) -> Bool) async throws -> Bool {
        try await Blocking.run { [self] in
            let deadline = Date(timeIntervalSinceNow: limit)
            changed.lock()
            defer { changed.unlock() }
            while true {
                let (text, count, ended) = state.withLock { (String(decoding: $0.kept, as: UTF8.self), $0.count, $0.ended) }
                if condition(text, count) { return true }
                if ended || Date() >= deadline { return false }
                _ = changed.wait(until: deadline)
            }
        }
    }

    /// Waits until stdout holds `text`.
    func waitForOutput(containing text: String) async throws -> Bool {
        try await wait { output, _ in output.contains(text) }
    }

    /// Sends a signal.
    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// The peak resident memory (VmHWM) in kilobytes, from /proc.
    func peakMemoryKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap({ Int($0) }) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return value
    }

    /// Waits for the end and returns the exit status, stdout kept and stderr.
    func finish() async throws -> ProcessResult {
        try await Blocking.run { [self] in
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            _ = try? Self.waitForEnd(self)
            let live = state.withLock { $0.kept }
            return ProcessResult(status: process.terminationStatus, stdout: watchesErrors ? err : live, stderr: watchesErrors ? live : err)
        }
    }

    private static func waitForEnd(_ live: LiveProcess) throws {
        live.changed.lock()
        defer { live.changed.unlock() }
        while !live.state.withLock({ $0.ended }) { live.changed.wait() }
    }
}
