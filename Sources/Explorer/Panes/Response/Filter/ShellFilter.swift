import BodyIndex
import Dispatch
import Foundation
import Locking
#if canImport(Glibc)
import Glibc
#endif

/// What a shell filter command left: its output (the first `ShellFilter.outputLimit` bytes), its error
/// output (the first `ShellFilter.errorLimit` bytes), how it ended, and how much output was dropped.
public struct ShellFilterResult: Equatable, Sendable {
    /// How the command ended.
    public enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it (SIGKILL when Esc stopped it).
        case signalled(Int32)
        /// It could not be started; the text says why.
        case notStarted(String)
    }

    /// The start of standard output.
    public var output: [UInt8]
    /// Bytes of standard output past the limit, read and dropped.
    public var droppedOutput: Int
    /// The start of standard error.
    public var errors: [UInt8]
    /// How it ended.
    public var ending: Ending

    /// Whether the command exited with status 0.
    public var succeeded: Bool { ending == .exited(0) }
}

/// The process of a running shell filter, so that it can be stopped from another thread.
///
/// The command runs in a process group of its own; `kill()` sends SIGKILL to the whole group, so a
/// pipeline (`sh -c 'a | b'`) stops with it.
public final class ShellFilterProcess: Sendable {
    /// The group's id once started, whether a stop was asked for, and who waits for the start.
    private struct State {
        var group: pid_t?
        var killed = false
        var started = false
        var waiters: [CheckedContinuation<pid_t?, Never>] = []
    }

    /// The state, shared by the thread running the command and whoever stops it.
    private let state = Locked(State())

    /// Creates a handle for a command not started yet.
    public init() {}

    /// Stops the command (at once if it runs, or before it starts).
    public func kill() {
        let group = state.withLock { state -> pid_t? in
            state.killed = true
            return state.group
        }
        if let group { _ = Glibc.kill(-group, SIGKILL) }
    }

    /// Waits until the command has started (its process group id) or will never start (nil).
    public func started() async -> pid_t? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> (Bool, pid_t?) in
                if state.started { return (true, state.group) }
                state.waiters.append(continuation)
                return (false, nil)
            }
            if ready.0 { continuation.resume(returning: ready.1) }
        }
    }

    /// Records the start (nil: not started); returns false when a stop was asked for before it, so the caller kills it.
    fileprivate func didStart(_ group: pid_t?) -> Bool {
        let (waiters, killed) = state.withLock { state -> ([CheckedContinuation<pid_t?, Never>], Bool) in
            state.group = group
            state.started = true
            let waiting = state.waiters
            state.waiters = []
            return (waiting, state.killed)
        }
        for waiter in waiters { waiter.resume(returning: group) }
        return !killed
    }

    /// Whether a stop was asked for.
    fileprivate var wasKilled: Bool { state.withLock { $0.killed } }
}

/// Runs a filter command with `/bin/sh -c`, the body on its standard input, off the UI thread.
///
/// The body goes through a temporary file (so a command that does not read it cannot block), standard
/// output and error are read as they come and kept up to their limits (the rest is read and dropped),
/// and cancelling the task kills the command's process group.
public enum ShellFilter {
    /// The most standard output kept.
    public static let outputLimit = 16 << 20
    /// The most standard error kept.
    public static let errorLimit = 64 << 10

    /// Runs `command` on `input`; the task's cancellation (or `process.kill()`) stops it.
    public static func run(_ command: String, input: [UInt8], process: ShellFilterProcess = ShellFilterProcess()) async -> ShellFilterResult {
        await run(command, input: BodyBytes(input), process: process)
    }

    /// Runs `command` on a body's bytes; the task's cancellation (or `process.kill()`) stops it.
    public static func run(_ command: String, input: BodyBytes, process: ShellFilterProcess = ShellFilterProcess()) async -> ShellFilterResult {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ShellFilterResult, Never>) in
                DispatchQueue.global().async {
                    continuation.resume(returning: runBlocking(command, input: input, process: process))
                }
            }
        } onCancel: {
            process.kill()
        }
    }

    /// Runs the command on the calling thread until it ends and its output pipes close.
    static func runBlocking(_ command: String, input: BodyBytes, process: ShellFilterProcess) -> ShellFilterResult {
        func notStarted(_ reason: String) -> ShellFilterResult {
            _ = process.didStart(nil)
            return ShellFilterResult(output: [], droppedOutput: 0, errors: [], ending: .notStarted(reason))
        }
        if process.wasKilled { return notStarted("stopped before it started") }
        let inputPath = NSTemporaryDirectory() + "curlew-filter-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).in"
        guard FileManager.default.createFile(atPath: inputPath, contents: input.data, attributes: [.posixPermissions: 0o600]) else {
            return notStarted("the body could not be written to \(inputPath)")
        }
        defer { unlink(inputPath) }
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { return notStarted("no pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return notStarted("no pipe: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildSignals.configure(&attributes, ownGroup: true)
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", command]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &argv, environ)
        close(outPipe[1])
        close(errPipe[1])
        guard status == 0 else {
            close(outPipe[0]); close(errPipe[0])
            return notStarted("/bin/sh could not be started: \(String(cString: strerror(status)))")
        }
        if !process.didStart(pid) { _ = Glibc.kill(-pid, SIGKILL) }
        var result = ShellFilterResult(output: [], droppedOutput: 0, errors: [], ending: .exited(0))
        drain(output: outPipe[0], errors: errPipe[0], into: &result)
        close(outPipe[0])
        close(errPipe[0])
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) == -1, errno == EINTR {}
        let signal = exit & 0x7F
        result.ending = signal == 0 ? .exited((exit >> 8) & 0xFF) : .signalled(signal)
        return result
    }

    /// Reads both pipes until both are closed, keeping each up to its limit.
    private static func drain(output: Int32, errors: Int32, into result: inout ShellFilterResult) {
        var fds = [pollfd(fd: output, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
        var open = 2
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while open > 0 {
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(fds[index].fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                if count <= 0 {
                    fds[index].fd = -1
                    open -= 1
                    continue
                }
                if index == 0 {
                    let room = max(0, outputLimit - result.output.count)
                    result.output += chunk[0..<min(room, count)]
                    result.droppedOutput += count - min(room, count)
                } else {
                    let room = max(0, errorLimit - result.errors.count)
                    result.errors += chunk[0..<min(room, count)]
                }
            }
        }
    }
}
