import Glibc

/// Waits with poll(2) for descriptors to become ready, instead of spinning.
enum SocketWait {
    /// Waits until `socket` is ready for `events` or `milliseconds` pass (-1 waits forever); true when ready.
    static func wait(for socket: Int32, events: Int16, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// What poll said of the session's socket and wake-up pipe.
    struct Readiness {
        /// The socket has bytes (or an end, or an error) to read.
        var readable = false
        /// The socket takes more bytes.
        var writable = false
        /// The wake-up pipe was signalled.
        var woken = false
    }

    /// Waits until `socket` is readable (or writable, when `wantsWrite`) or `wakeup` is signalled, up to `milliseconds`
    /// (-1 for ever).
    static func session(socket: Int32, wantsWrite: Bool, wakeup: Int32, milliseconds: Int32) -> Readiness {
        let socketEvents = Int16(POLLIN) | (wantsWrite ? Int16(POLLOUT) : 0)
        var descriptors = [pollfd(fd: socket, events: socketEvents, revents: 0), pollfd(fd: wakeup, events: Int16(POLLIN), revents: 0)]
        let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return Readiness() }
        let failed = Int16(POLLHUP | POLLERR)
        return Readiness(readable: descriptors[0].revents & (Int16(POLLIN) | failed) != 0,
                         writable: descriptors[0].revents & Int16(POLLOUT) != 0,
                         woken: descriptors[1].revents & Int16(POLLIN) != 0)
    }
}
