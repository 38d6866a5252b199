#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that lets other threads wake a loop sleeping in `poll()`.
///
/// `signal()` writes one byte (never blocks: the pipe is non-blocking, and a full pipe
/// already means "wake up"); the loop polls `readDescriptor` and calls `drain()` after
/// waking. The type holds only immutable descriptors, so it is safely `Sendable`.
public final class WakeupPipe: Sendable {
    /// The end the loop polls for readability.
    public let readDescriptor: Int32
    /// The end `signal()` writes to.
    public let writeDescriptor: Int32

    /// Opens the pipe; fails when the process is out of file descriptors.
    public init() throws(RuntimeError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .wakeupPipe(errno: errno) }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
        for fd in fds {
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop; safe from any thread.
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    public func drain() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &scratch, scratch.count) > 0 {}
    }

    /// Blocks until the pipe is signalled or `timeout` passes (nil waits forever).
    ///
    /// Returns true when woken by a signal.
    public func wait(timeout: Duration?) -> Bool {
        var fds = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
        let ms = timeout.map { Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1
        let result = poll(&fds, 1, ms)
        return result > 0
    }
}

/// Errors of the UI runtime.
public enum RuntimeError: Error, Equatable, CustomStringConvertible {
    /// The wake-up pipe could not be created.
    case wakeupPipe(errno: Int32)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .wakeupPipe(let code):
            return "cannot create the UI wake-up pipe (errno \(code)); the process may be out of file descriptors, close some and retry"
        }
    }
}
