import CWakeup
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A self-pipe that lets other threads wake a loop sleeping in `poll()`: the UI's run loop, a client's transport thread.
///
/// `signal()` writes one byte (never blocks: the pipe is non-blocking, and a full pipe already means "wake up"); the
/// loop polls `readDescriptor` and calls `drain()` after waking. Both ends are made close-on-exec with the pipe, so a
/// process spawned by another thread never inherits them, and are closed when the last reference goes: no one can
/// signal after that, so a signal never writes to a descriptor number the process has reused. The type holds only
/// immutable descriptors, so it is safely `Sendable`.
public final class WakeupPipe: Sendable {
    /// The end the loop polls for readability.
    public let readDescriptor: Int32
    /// The end `signal()` writes to.
    public let writeDescriptor: Int32

    /// Opens the pipe; fails when the process is out of file descriptors.
    public init() throws(WakeupPipeError) {
        var ends: [Int32] = [-1, -1]
        guard cwakeup_pipe(&ends) == 0 else { throw WakeupPipeError(errno: errno) }
        readDescriptor = ends[0]
        writeDescriptor = ends[1]
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

/// The wake-up pipe could not be made.
public struct WakeupPipeError: Error, Equatable, Sendable {
    /// The system's error number.
    public var errno: Int32
}
