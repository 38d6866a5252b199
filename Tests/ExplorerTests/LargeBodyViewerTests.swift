import Foundation
import RequestKit
import Testing
import TestServers
@testable import Explorer

/// A body that outgrows the transport's memory part (it continues in a temporary file) is still shown whole.
@Suite struct LargeBodyViewerTests {
    /// Serves a JSON array of 9 MiB and more at any path.
    static let script = #"""
    import http.server
    body = b"[" + b",".join(b'{"id": %d, "name": "item"}' % i for i in range(400000)) + b"]"
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args):
            pass
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
    serve_http(Handler)
    """#

    @Test func aBodyPastTheMemoryPartIsReadBackForTheViewer() async throws {
        let port = try ScriptServer.launch(script: Self.script, name: "large-body")
        let response = try await Client().send(Request(method: .get, url: "http://127.0.0.1:\(port)/big"))
        #expect(response.body.isEmpty && response.temporaryBody != nil, "the body should have continued in a temporary file")
        let document = ResponseDocument.make(from: response)
        #expect(document.bodySize > Int64(ResponseSizeLimit.memoryPart))
        #expect(document.bodyKind == .json)
        #expect(document.bodyPath == nil)
    }
}
