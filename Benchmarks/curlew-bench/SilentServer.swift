import Foundation

/// A loopback HTTP server that reads each request and never answers, for measuring cancellation.
///
/// Every connection gets a thread that reads until the end of the request head, reports it on
/// `requests`, then keeps reading until the client closes the connection.
struct SilentServer: Sendable {
    /// Why the server could not start.
    struct StartError: Error, CustomStringConvertible {
        /// What failed.
        var description: String
    }

    /// The port on 127.0.0.1.
    let port: Int
    /// One element per request head received.
    let requests: AsyncStream<Void>

    /// Binds a free loopback port and starts accepting on a thread of its own.
    static func start() throws(StartError) -> SilentServer {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw StartError(description: "socket() failed: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && listen(listener, 128) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard listening else {
            close(listener)
            throw StartError(description: "cannot listen on a loopback port: \(String(cString: strerror(errno)))")
        }
        let (requests, continuation) = AsyncStream.makeStream(of: Void.self)
        Thread {
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return
                }
                Thread { holdOpen(connection, reportingTo: continuation) }.start()
            }
        }.start()
        return SilentServer(port: Int(UInt16(bigEndian: address.sin_port)), requests: requests)
    }

    /// Reads one request head, reports it, then reads and drops bytes until the client closes.
    private static func holdOpen(_ connection: Int32, reportingTo continuation: AsyncStream<Void>.Continuation) {
        var received: [UInt8] = []
        var reported = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            if !reported {
                received += buffer[0..<count]
                if received.count >= 4, containsHeadEnd(received) {
                    reported = true
                    continuation.yield()
                }
            }
        }
        close(connection)
    }

    private static func containsHeadEnd(_ bytes: [UInt8]) -> Bool {
        let end: [UInt8] = [13, 10, 13, 10]
        return (0...(bytes.count - 4)).contains { Array(bytes[$0..<($0 + 4)]) == end }
    }
}
