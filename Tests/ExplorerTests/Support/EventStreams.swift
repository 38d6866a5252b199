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
}
