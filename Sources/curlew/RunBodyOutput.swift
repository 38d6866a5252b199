import CommandLineArguments
import Foundation
import Replay
import RequestStore
import Locking
import TerminalSafety

/// `curlew run --output FILE`: writes the body of the last entry of each run of a file to FILE (or standard output
/// for `-`), in plan order, as Hurl's `--output` does. The path is the user's own, so the file root does not apply:
/// the file is replaced when the run starts and each body is added to it.
final class RunBodyOutput: Sendable {
    /// What the output keeps between results.
    private struct State {
        /// The open file, or nil for standard output.
        var descriptor: Int32?
        /// The run of a file the pending body belongs to.
        var current: FileRun?
        /// The body of the last result of `current` so far.
        var pending: Data?
        /// Why a write failed, once one did.
        var failure: String?
    }

    /// One run of one file: its path, pass, repetition and data row.
    private struct FileRun: Hashable {
        var file: String
        var pass: Int
        var iteration: Int
        var dataRow: Int?
    }

    /// The path that writes no last bodies: only the bodies of `output: -` options go to standard output.
    static let noFile = ""

    private let plan: RunPlan
    private let path: String
    private let state: Locked<State>

    /// Opens the output: standard output for `-`, else FILE, created or emptied.
    init(path: String, plan: RunPlan) throws(UsageError) {
        self.plan = plan
        self.path = path
        var descriptor: Int32?
        if path != "-", path != Self.noFile {
            let opened = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard opened >= 0 else { throw UsageError(message: "--output cannot create '\(path)': \(String(cString: strerror(errno)))") }
            descriptor = opened
        }
        state = Locked(State(descriptor: descriptor))
    }

    /// Takes one event of the run.
    func handle(_ event: RunEvent) {
        state.withLock { state in
            switch event {
            case .finished(let result):
                if result.bodyToStandardOutput, let body = result.body { Self.writeToStandardOutput(body) }
                let step = plan.steps.indices.contains(result.entry.stepIndex) ? plan.steps[result.entry.stepIndex] : nil
                let run = FileRun(file: step?.collectionFile ?? "", pass: result.entry.pass, iteration: result.entry.iteration, dataRow: result.entry.dataRowIndex)
                if run != state.current { flush(&state) }
                state.current = run
                if path != Self.noFile, !result.bodyToStandardOutput, let body = result.body { state.pending = body }
            case .ended:
                flush(&state)
                if let descriptor = state.descriptor { _ = close(descriptor) }
                state.descriptor = nil
            case .started, .warning:
                break
            }
        }
    }

    /// Writes a body to standard output: as it is into a pipe or file, with controls made visible on a terminal.
    static func writeToStandardOutput(_ body: Data) {
        guard StandardStreams.stdoutIsTerminal else {
            StandardStreams.writeOut(body)
            return
        }
        StandardStreams.writeOut(VisibleText.string(String(decoding: body, as: UTF8.self), keepingLineFeeds: true, keepingTabs: true))
    }

    /// Why writing failed, if it did.
    var failure: String? { state.withLock { $0.failure } }

    /// Writes the pending body.
    private func flush(_ state: inout State) {
        defer { state.pending = nil }
        guard path != Self.noFile, let body = state.pending, state.failure == nil else { return }
        guard let fileDescriptor = state.descriptor else {
            Self.writeToStandardOutput(body)
            return
        }
        let descriptor = fileDescriptor
        let failed: Bool = body.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, base + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += written
            }
            return false
        }
        if failed { state.failure = "--output could not write to '\(path)': \(String(cString: strerror(errno)))" }
    }
}
