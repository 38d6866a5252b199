/// A loopback server of streamed responses (Server-Sent Events and NDJSON), started once per test process.
///
/// Streams are sent with chunked transfer encoding, one chunk per event, flushed at once. A stream named X
/// sends its part N+1 only after the test has called `GET /ack?name=X&step=N`, so a test proves that the
/// client showed part N while part N+1 had not been sent yet, without waiting on a clock. A stream whose
/// acknowledgment does not come within 120 seconds ends where it is.
///
/// - `GET /script?name=X`: `text/event-stream` in four parts: (1) a comment, `retry: 3000`, `id: 1`,
///   `event: greeting`, `data: hello`; (2) `id: 2` and a JSON object as data; (3) two data lines with CR LF
///   line ends; (4) `event: done`, `data: bye ESC[2J` (an escape sequence a terminal must not get); then the stream ends.
/// - `GET /ndjson?name=X`: `application/x-ndjson`, three JSON lines `{"n":1,…}`, gated the same way.
/// - `GET /json?name=X`: `application/json`, one object `{"items": [...]}` of 90 items `{"id": I, "name": "item I"}`
///   in three parts of 30 items, cut right after a comma, gated the same way.
/// - `GET /hold?name=X`: one event (`data: first`), then the stream stays open until `step=1` is acknowledged.
/// - `GET /ticks?count=N&interval=MS`: N events MS milliseconds apart, each `{"i": I, "sent": NANOSECONDS}`
///   with the server's wall clock at sending; `id` is I.
/// - `GET /endless?size=B`: events of B data bytes as fast as the client reads them, until it goes away.
/// - `GET /ack?name=X&step=N`: releases part N+1 of stream X; answers 200 `ok`.
public enum EventStreamServer {
    private static let script = #"""
    import http.server, json, threading, time
    from urllib.parse import urlparse, parse_qs

    GATES = {}
    GATES_LOCK = threading.Lock()

    def gate(name, step):
        with GATES_LOCK:
            key = (name, int(step))
            if key not in GATES:
                GATES[key] = threading.Event()
            return GATES[key]

    SCRIPT = [
        b": welcome\nretry: 3000\nid: 1\nevent: greeting\ndata: hello\n\n",
        b'id: 2\ndata: {"n": 2, "items": [1, 2], "text": "two"}\n\n',
        b"data: line one\r\ndata: line two\r\n\r\n",
        b"event: done\ndata: bye \x1b[2J\n\n",
    ]

    NDJSON = [b'{"n":1,"text":"one"}\n', b'{"n":2,"text":"two"}\n', b'{"n":3,"text":"three"}\n']

    def items(first, last):
        return b",".join(b'{"id": %d, "name": "item %d"}' % (i, i) for i in range(first, last))

    JSON_PARTS = [b'{"items": [' + items(0, 30) + b",", items(30, 60) + b",", items(60, 90) + b"]}"]

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def start(self, content_type):
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.flush()

        def chunk(self, data):
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

        def end(self):
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

        def gated(self, name, parts, content_type):
            self.start(content_type)
            for step, part in enumerate(parts):
                if step > 0 and not gate(name, step).wait(120):
                    self.close_connection = True
                    return
                self.chunk(part)
            self.end()

        def do_GET(self):
            url = urlparse(self.path)
            query = {k: v[0] for k, v in parse_qs(url.query).items()}
            name = query.get("name", "")
            try:
                if url.path == "/script":
                    self.gated(name, SCRIPT, "text/event-stream")
                elif url.path == "/ndjson":
                    self.gated(name, NDJSON, "application/x-ndjson")
                elif url.path == "/json":
                    self.gated(name, JSON_PARTS, "application/json")
                elif url.path == "/hold":
                    self.start("text/event-stream; charset=utf-8")
                    self.chunk(b"data: first\n\n")
                    gate(name, 1).wait(300)
                    self.end()
                elif url.path == "/ticks":
                    self.start("text/event-stream")
                    interval = int(query.get("interval", "100")) / 1000.0
                    for i in range(int(query.get("count", "10"))):
                        if i > 0:
                            time.sleep(interval)
                        self.chunk(b'id: %d\ndata: {"i": %d, "sent": %d}\n\n' % (i, i, time.time_ns()))
                    self.end()
                elif url.path == "/endless":
                    self.start("text/event-stream")
                    payload = b"x" * int(query.get("size", "1024"))
                    event = b"data: " + payload + b"\n\n"
                    batch = event * max(1, 65536 // len(event))
                    while True:
                        self.chunk(batch)
                elif url.path == "/ack":
                    gate(name, query.get("step", "1")).set()
                    body = b"ok"
                    self.send_response(200)
                    self.send_header("Content-Type", "text/plain")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                else:
                    self.send_response(404)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

    serve_http(Handler)
    """#

    private static let started: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: script, name: "event-stream-server")
    }

    /// `http://127.0.0.1:PORT` of the server (started on first use).
    public static func baseURL() throws(ServerStartError) -> String {
        "http://127.0.0.1:\(try started.get())"
    }
}
