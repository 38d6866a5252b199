import Glibc

/// Waits with poll(2) for descriptors to become ready, instead of spinning.
enum SocketWait {
    /// Waits until `socket` is ready for `events` or `milliseconds` pass (-1 waits forever); true when ready.
    static func wait(for socket: Int32, events: Int16, milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: socket, events: events, revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }

    /// Which of `sockets` are readable (or closed, or in error) after waiting up to `milliseconds` (-1 for ever).
    static func readable(_ sockets: [Int32], milliseconds: Int32) -> [Bool] {
        var descriptors = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard ready > 0 else { return sockets.map { _ in false } }
        return descriptors.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }
}
