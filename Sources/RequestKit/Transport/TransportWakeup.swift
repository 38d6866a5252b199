import CCurl
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Wakes the transport thread from its poll, from any thread: a non-blocking pipe whose read end the poll watches
/// beside the transfers.
///
/// The descriptors are kept behind a lock, and the transport thread closes them under the same lock once it has
/// ended, so a late `wake()` (a cancellation racing the end of the client) writes nowhere instead of to a
/// descriptor number the process may have reused.
final class TransportWakeup: Sendable {
    /// The write end, or -1 once closed.
    private let writeEnd: Mutex<Int32>
    /// The read end, for the transport thread's poll; only that thread reads and closes it.
    let pollDescriptor: Int32

    /// Opens the pipe, non-blocking and close-on-exec in one call (so a process spawned meanwhile never inherits
    /// it); nil when the process has no descriptor left.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard ccurl_wakeup_pipe(&ends) == 0 else { return nil }
        pollDescriptor = ends[0]
        writeEnd = Mutex(ends[1])
    }

    /// Interrupts the transport thread's poll in progress, or its next one; a full pipe already does.
    func wake() {
        writeEnd.withLock { descriptor in
            guard descriptor >= 0 else { return }
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }
    }

    /// Empties the pipe after the poll was woken (one read: a wake-up writes one byte, and anything left over
    /// only wakes the next poll at once); called by the transport thread.
    func drain() {
        var scratch = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        _ = withUnsafeMutableBytes(of: &scratch) { read(pollDescriptor, $0.baseAddress, $0.count) }
    }

    /// Closes both ends; called by the transport thread once it has ended.
    func close() {
        writeEnd.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = Glibc.close(descriptor)
            _ = Glibc.close(pollDescriptor)
            descriptor = -1
        }
    }
}

/// The multi handle on its way from the client that made it to the transport thread, the only one that uses it.
final class MultiHandoff: Sendable {
    private let slot: Mutex<UnsafeMutableRawPointer?>

    /// Holds a handle just made, which the caller no longer uses.
    init(_ multi: sending UnsafeMutableRawPointer) {
        slot = Mutex(multi)
    }

    /// Takes the handle out, once; nil after that.
    func take() -> UnsafeMutableRawPointer? {
        slot.withLock { slot in
            let multi = slot
            slot = nil
            return multi
        }
    }
}
