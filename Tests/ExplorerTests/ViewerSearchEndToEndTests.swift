import Foundation
import TestServers
import Testing

/// The real binary in tmux: a big JSON body from a loopback server is searched and filtered (in the serialized tmux suite).
extension EndToEndTests {
    /// Serves a JSON body of about 7 MB, one object with a unique email near its end, at any path.
    static let bigBodyScript = #"""
    import http.server
    items = []
    for i in range(120000):
        email = b"needle@example.test" if i == 119990 else b"user%d@example.test" % i
        items.append(b'{"id": %d, "email": "%s", "tags": ["a", "b"], "active": %s}' % (i, email, b"true" if i % 2 else b"false"))
    body = b'{"items": [' + b",".join(items) + b"]}"
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

    @Test("a big JSON body: / finds a value near its end and counts it, f filters it with JSONPath")
    func searchAndFilterBigBody() throws {
        let port = try ScriptServer.launch(script: Self.bigBodyScript, name: "viewer-search-big-body")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type("http://127.0.0.1:\(port)/items")
        try tmux.keys("Enter")
        _ = try tmux.waitFor("200 OK", timeout: 30)
        // 120,000 items of 9 lines each, and 4 around them: the counter reaches that once the whole body is indexed.
        _ = try tmux.waitUntil("the whole body", timeout: 30) { !$0.contains("Formatting") && $0.contains("/1080004 ") }
        try tmux.keys("Tab")
        try tmux.keys("Tab")
        try tmux.keys("/")
        try tmux.type("needle@")
        var screen = try tmux.waitFor("1/1 ", timeout: 30)
        #expect(screen.contains(#""email": "needle@example.test""#))
        #expect(screen.contains(#""id": 119990"#))
        try tmux.keys("Enter")
        screen = try tmux.waitFor("/needle@ 1/1")
        try tmux.keys("f")
        try tmux.type("$.items[?@.id == 119990].email")
        try tmux.keys("Enter")
        screen = try tmux.waitUntil("the filter's path and value", timeout: 30) { $0.contains("$['items'][119990]['email']") && $0.contains(#""needle@example.test""#) }
        #expect(screen.contains("1 value matches"))
        try tmux.keys("f")
        try tmux.keys("C-u")
        try tmux.type("| wc -c")
        try tmux.keys("Enter")
        screen = try tmux.waitFor("exit status 0", timeout: 30)
        #expect(screen.contains("| wc -c"))
    }
}
