import Foundation
import RequestKit
import TestServers
import Testing

/// The loopback server of event streams, as the app's tests use it: URLs, and the acknowledgment that releases
/// the next part of a gated stream.
enum EventStreams {
    /// A URL on the server.
    static func url(_ path: String) throws -> String {
        try EventStreamServer.baseURL() + path
    }

    /// Lets the gated stream `name` send its part `step + 1` (or end after its last).
    static func acknowledge(_ name: String, step: Int) async throws {
        let response = try await AppHarness.client.send(Request(url: try url("/ack?name=\(name)&step=\(step)")))
        try #require(response.statusCode == 200)
    }

    /// The same, without async: one HTTP/1.0 request on a plain socket, for the synchronous tmux tests.
    static func acknowledgeNow(_ name: String, step: Int) throws {
        let base = try EventStreamServer.baseURL()
        guard let port = UInt16(base.split(separator: ":").last ?? "") else { throw StreamTestError("no port in \(base)") }
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw StreamTestError("no socket for the acknowledgment") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw StreamTestError("cannot reach the event-stream server") }
        let request = Array("GET /ack?name=\(name)&step=\(step) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[0..<count]
        }
        guard String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.0 200") || String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 200") else {
            throw StreamTestError("the acknowledgment was refused: \(String(decoding: answer.prefix(80), as: UTF8.self))")
        }
    }
}

/// A failure of the event-stream test helpers.
struct StreamTestError: Error, CustomStringConvertible {
    /// What went wrong.
    var description: String

    /// Wraps a message.
    init(_ description: String) {
        self.description = description
    }
}
