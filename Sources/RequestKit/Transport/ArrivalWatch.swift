import CCurl

/// When bytes last arrived for a transfer, so that an idle limit can say what it stopped: libcurl's low-speed check
/// counts body bytes only, so a head arriving slowly looks to it like silence.
///
/// Arrivals are seen in the header and body callbacks (whole header lines and body chunks) and, between them, in
/// the kernel's count of bytes received on the connection's socket, sampled with each progress callback: a head
/// sent a byte at a time shows there long before its first line is complete.
struct ArrivalWatch {
    private var socket: Int32 = -1
    private var socketBytes: Int64 = 0
    private var lastArrival: ContinuousClock.Instant?
    /// Whether the last header line was the blank line that ends a head.
    private var headEnded = false

    /// Something arrived now.
    mutating func arrived() {
        lastArrival = .now
    }

    /// A header line arrived now; `blank` when it ends a head.
    mutating func headerLine(blank: Bool) {
        arrived()
        headEnded = blank
    }

    /// Watches the socket of a new connection.
    mutating func watch(socket: Int32) {
        self.socket = socket
        socketBytes = 0
    }

    /// Reads the socket's count of bytes received; more than last time is an arrival.
    mutating func sample() {
        guard socket >= 0 else { return }
        let received = ccurl_socket_bytes_received(socket)
        if received > socketBytes {
            socketBytes = received
            arrived()
        }
    }

    /// What an idle limit of `limit` seconds stopped, now, with `bodyBytes` of body received.
    func stop(limit: Double, bodyBytes: Int64) -> IdleStop {
        guard let lastArrival else { return .silent }
        let elapsed = ContinuousClock.now - lastArrival
        let ago = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        if ago >= limit { return .silent }
        let rounded = (ago * 10).rounded() / 10
        if bodyBytes > 0 { return .bodyTrickling(bodyBytes: bodyBytes, lastByteAgo: rounded) }
        return headEnded ? .headWithoutBody(lastByteAgo: rounded) : .headArriving(lastByteAgo: rounded)
    }
}
