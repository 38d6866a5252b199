import Foundation

/// A loopback server of streamed bodies: Server-Sent Events (finite, gated, a burst, endless) and JSON lines.
///
/// Paths:
/// - `/events`: five events with comments, multi-line data, `retry:`, ids and a JSON payload, then the end.
/// - `/gated?key=K&count=N`: event 1 at once, then event `i` only after `release(key:)` was called `i - 1` times;
///   after the last event the stream stays open until one more release. No sleeps: the test decides.
/// - `/burst?count=N`: `N` small events written as fast as the socket takes them, then the end.
/// - `/endless?interval_ms=M`: an event every `M` milliseconds (0: as fast as possible) until the client goes.
/// - `/ndjson?count=N`: `N` JSON objects, one per line.
/// - `/release?key=K`: the side channel of `/gated`.
public enum EventStreamServer {
    private static let script = #"""
    import http.server, json, threading, time, urllib.parse

    released = {}
    condition = threading.Condition()

    def wait_release(key, at_least):
        with condition:
            return condition.wait_for(lambda: released.get(key, 0) >= at_least, timeout=120)

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def start(self, content_type):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()

        def do_GET(self):
            url = urllib.parse.urlparse(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            try:
                if url.path == "/release":
                    key = query.get("key", "")
                    with condition:
                        released[key] = released.get(key, 0) + 1
                        condition.notify_all()
                    body = b"released\n"
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                elif url.path == "/events":
                    self.start("text/event-stream")
                    self.wfile.write(b": a comment the client ignores\nretry: 3000\n\n")
                    self.wfile.write(b"id: 1\nevent: greeting\ndata: hello\n\n")
                    self.wfile.write(b"id: 2\ndata: first line\ndata: second line\n\n")
                    self.wfile.write(b'id: 3\nevent: update\ndata: {"user":"ada","score":42,"tags":["a","b"]}\n\n')
                    self.wfile.write(b"data: no id here\r\n\r\n")
                    self.wfile.write(b"id: 5\nevent: done\ndata: bye\n\n")
                elif url.path == "/gated":
                    key = query.get("key", "")
                    count = int(query.get("count", "3"))
                    self.start("text/event-stream")
                    for i in range(1, count + 1):
                        if i > 1 and not wait_release(key, i - 1):
                            return
                        self.wfile.write(("id: %d\nevent: step\ndata: {\"step\": %d, \"text\": \"gated event %d\"}\n\n" % (i, i, i)).encode())
                    wait_release(key, count)
                elif url.path == "/burst":
                    count = int(query.get("count", "10000"))
                    self.start("text/event-stream")
                    batch = []
                    for i in range(1, count + 1):
                        batch.append("id: %d\ndata: {\"n\": %d}\n\n" % (i, i))
                        if len(batch) == 50:
                            self.wfile.write("".join(batch).encode())
                            batch = []
                    if batch:
                        self.wfile.write("".join(batch).encode())
                elif url.path == "/endless":
                    interval = int(query.get("interval_ms", "10")) / 1000.0
                    self.start("text/event-stream")
                    n = 0
                    while True:
                        n += 1
                        self.wfile.write(("id: %d\ndata: {\"n\": %d, \"pad\": \"%s\"}\n\n" % (n, n, "x" * 64)).encode())
                        if interval > 0:
                            time.sleep(interval)
                elif url.path == "/ndjson":
                    count = int(query.get("count", "3"))
                    self.start("application/x-ndjson")
                    for i in range(1, count + 1):
                        self.wfile.write(json.dumps({"line": i, "ok": True}).encode() + b"\n")
                else:
                    self.send_error(404)
            except (BrokenPipeError, ConnectionResetError):
                pass

    serve_http(Handler)
    """#

    private static let started: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: script, arguments: [], name: "event-stream")
    }

    /// The port, starting the server on first use.
    public static func port() throws -> Int { try started.get() }

    /// A URL on the server.
    public static func url(_ path: String) throws -> String { "http://127.0.0.1:\(try port())\(path)" }

    /// Lets the gated stream `key` send its next event (or end, after its last).
    public static func release(key: String) throws {
        let port = try port()
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ServerStartError(description: "no socket for the release of \(key)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ServerStartError(description: "cannot reach the event-stream server to release \(key)") }
        let request = Array("GET /release?key=\(key) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var buffer = [UInt8](repeating: 0, count: 512)
        while buffer.withUnsafeMutableBytes({ recv(socket, $0.baseAddress, $0.count, 0) }) > 0 {}
    }
}
