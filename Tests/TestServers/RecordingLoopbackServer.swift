import Foundation

/// A loopback HTTP server that writes down every request it receives, for tests of what curlew must not send.
///
/// Each request (any method, any path) is appended to the log file given at start: its request line, its headers
/// and its body, then a line `-- end --`. It answers 200 with `ok` and, for `/set-cookies/N`, N cookies of 4 KB.
public struct RecordingLoopbackServer: Sendable {
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String
    /// The file the requests are written to.
    public var logPath: String

    private static let script = #"""
    import http.server, sys, threading

    LOG = sys.argv[1]
    LOCK = threading.Lock()

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def record(self):
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                while True:
                    size = int(self.rfile.readline().strip() or b"0", 16)
                    if size == 0:
                        self.rfile.readline()
                        break
                    body += self.rfile.read(size)
                    self.rfile.readline()
            with LOCK, open(LOG, "ab") as log:
                log.write(self.requestline.encode("latin-1") + b"\n" + bytes(self.headers) + body + b"\n-- end --\n")
            answer = b"ok"
            self.send_response(200)
            if self.path.startswith("/set-cookies/"):
                for index in range(int(self.path.rsplit("/", 1)[1])):
                    self.send_header("Set-Cookie", "c%d=%s; Path=/" % (index, "v" * 4000))
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = record

    serve_http(Handler)
    """#

    /// Starts a server of its own that logs to `logPath` (created empty).
    public static func start(logPath: String) throws(ServerStartError) -> RecordingLoopbackServer {
        FileManager.default.createFile(atPath: logPath, contents: Data())
        let port = try ScriptServer.launch(script: script, arguments: [logPath], name: "recording-server-\(UUID().uuidString.prefix(8))")
        return RecordingLoopbackServer(baseURL: "http://127.0.0.1:\(port)", logPath: logPath)
    }

    /// Everything received so far.
    public var received: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    /// How many requests arrived so far.
    public var requestCount: Int {
        received.components(separatedBy: "\n-- end --\n").count - 1
    }
}
