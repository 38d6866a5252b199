import Foundation
import TestSupport

/// A small HTTP server of the tests' own for what httpbin cannot do: broken, slow and exact-byte endpoints.
///
/// - `GET /close-mid-body`: promises 100000 bytes, sends 1000, closes.
/// - `GET /slow?seconds=N`: answers after N seconds.
/// - `POST|PUT /echo`: answers with the request body, byte for byte.
/// - `POST /discard`: reads the body and answers `{"received": N}`.
/// - `GET /bytes?n=N`: N bytes with a Content-Length; `&chunked=1` sends them chunked instead.
/// - `GET /headers`: several Set-Cookie fields and headers in a fixed order.
/// - `GET /http10`: an HTTP/1.0 response with a custom reason phrase.
/// - `GET /barrier?name=X&parties=N`: holds each request until N requests named X are in flight at once,
///   then answers 200 to all of them; 504 if they are not all there within 20 seconds.
/// - `GET /encoded?coding=C&file=PATH`: the bytes of the file at PATH, as they are, with `Content-Encoding: C`;
///   the request's Accept-Encoding comes back in `X-Request-Accept-Encoding`.
/// - `GET http://…` (absolute form, as sent to a proxy): answers `proxied <URL>`.
enum FaultServer {
    private static let script = #"""
    import http.server, time, json, threading
    from urllib.parse import urlparse, parse_qs

    PATTERN = bytes(range(256)) * 256
    BARRIERS = {}
    BARRIERS_LOCK = threading.Lock()

    def barrier(name, parties):
        with BARRIERS_LOCK:
            if name not in BARRIERS:
                BARRIERS[name] = threading.Barrier(parties)
            return BARRIERS[name]

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def query(self):
            return {k: v[0] for k, v in parse_qs(urlparse(self.path).query).items()}

        def route(self):
            return urlparse(self.path).path

        def read_body(self, sink):
            length = int(self.headers.get("Content-Length", "0"))
            while length > 0:
                chunk = self.rfile.read(min(length, 1 << 16))
                if not chunk:
                    break
                sink(chunk)
                length -= len(chunk)

        def send_bytes(self, status, body, content_type="application/octet-stream"):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def do_GET(self):
            path = self.route()
            if self.path.startswith("http://"):
                self.send_bytes(200, b"proxied " + self.path.encode(), "text/plain")
            elif path == "/close-mid-body":
                self.send_response(200)
                self.send_header("Content-Length", "100000")
                self.end_headers()
                self.wfile.write(b"x" * 1000)
                self.wfile.flush()
                self.close_connection = True
                self.connection.shutdown(2)
            elif path == "/barrier":
                query = self.query()
                try:
                    barrier(query.get("name", ""), int(query.get("parties", "2"))).wait(20)
                    self.send_bytes(200, b"together", "text/plain")
                except threading.BrokenBarrierError:
                    self.send_bytes(504, b"not all requests arrived", "text/plain")
            elif path == "/slow":
                time.sleep(float(self.query().get("seconds", "10")))
                self.send_bytes(200, b"done", "text/plain")
            elif path == "/bytes":
                n = int(self.query().get("n", "0"))
                chunked = self.query().get("chunked") == "1"
                self.send_response(200)
                self.send_header("Content-Type", "application/octet-stream")
                if chunked:
                    self.send_header("Transfer-Encoding", "chunked")
                else:
                    self.send_header("Content-Length", str(n))
                self.end_headers()
                sent = 0
                while sent < n:
                    piece = PATTERN[: min(len(PATTERN), n - sent)]
                    if chunked:
                        self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                    else:
                        self.wfile.write(piece)
                    sent += len(piece)
                if chunked:
                    self.wfile.write(b"0\r\n\r\n")
            elif path == "/encoded":
                query = self.query()
                with open(query["file"], "rb") as encoded:
                    body = encoded.read()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Encoding", query["coding"])
                self.send_header("Content-Length", str(len(body)))
                self.send_header("X-Request-Accept-Encoding", self.headers.get("Accept-Encoding", "(none)"))
                self.end_headers()
                self.wfile.write(body)
            elif path == "/headers":
                self.send_response(200)
                self.send_header("X-Zeta", "1")
                self.send_header("Set-Cookie", "a=1; Path=/")
                self.send_header("X-Alpha", "2")
                self.send_header("Set-Cookie", "b=2; Path=/")
                self.send_header("Content-Length", "0")
                self.end_headers()
            elif path == "/http10":
                self.wfile.write(b"HTTP/1.0 299 Custom Phrase\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
                self.close_connection = True
            else:
                self.send_bytes(404, b"not found", "text/plain")

        def do_POST(self):
            path = self.route()
            if path == "/echo":
                chunks = []
                self.read_body(chunks.append)
                self.send_bytes(200, b"".join(chunks))
            elif path == "/discard":
                count = [0]
                def sink(chunk):
                    count[0] += len(chunk)
                self.read_body(sink)
                self.send_bytes(200, json.dumps({"received": count[0]}).encode(), "application/json")
            else:
                self.send_bytes(404, b"not found", "text/plain")

        do_PUT = do_POST
        do_PATCH = do_POST

    serve_http(Handler)
    """#

    private static let shared: Result<ServerProcess, Error> = Result {
        try ServerProcess.launchPython(script: script, name: "fault")
    }

    /// The running server, started on first use.
    static func server() throws -> ServerProcess { try shared.get() }

    /// A URL on the server; the first call blocks while the server starts.
    static func url(_ path: String) throws -> String { try server().url(path) }

    /// The running server, started on a thread of its own so the cooperative pool is not held up.
    static func ready() async throws -> ServerProcess { try await Blocking.run { try shared.get() } }
}
