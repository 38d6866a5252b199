import Foundation

/// A small HTTP forward proxy on loopback that records every request it relays, started once per test process.
///
/// Requests in absolute form (`GET http://host:port/path`) are sent on to their origin and the
/// answer comes back with `Via: 1.1 curlew-test-proxy` added; `CONNECT host:port` opens a tunnel
/// (how HTTPS goes through a proxy). Each relayed request is logged as `METHOD TARGET`, before
/// anything is relayed, so the line is there by the time the client has its response.
public enum ForwardProxy {
    /// The `Via` header value the proxy adds to relayed responses.
    public static let via = "1.1 curlew-test-proxy"

    private static let script = #"""
    import http.client, http.server, select, socket, sys, threading
    from urllib.parse import urlsplit

    log_path = sys.argv[1]
    lock = threading.Lock()
    HOP_BY_HOP = {"connection", "proxy-connection", "keep-alive", "transfer-encoding", "te", "trailer",
                  "upgrade", "proxy-authorization", "proxy-authenticate", "content-length"}

    def record(line):
        with lock, open(log_path, "a") as log:
            log.write(line + "\n")

    class Proxy(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def relay(self):
            target = urlsplit(self.path)
            if target.scheme != "http" or not target.hostname:
                self.send_error(400, "a proxy expects an absolute http:// URL")
                return
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length) if length else None
            headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_BY_HOP}
            record("%s %s" % (self.command, self.path))
            path = (target.path or "/") + ("?" + target.query if target.query else "")
            upstream = http.client.HTTPConnection(target.hostname, target.port or 80, timeout=60)
            try:
                upstream.request(self.command, path, body=body, headers=headers)
                response = upstream.getresponse()
                data = response.read()
            except OSError as error:
                self.send_error(502, "cannot reach %s: %s" % (target.netloc, error))
                return
            finally:
                upstream.close()
            self.send_response(response.status, response.reason)
            for name, value in response.getheaders():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Via", "1.1 curlew-test-proxy")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = relay

        def do_CONNECT(self):
            host, _, port = self.path.rpartition(":")
            record("CONNECT %s" % self.path)
            try:
                upstream = socket.create_connection((host.strip("[]"), int(port)), timeout=60)
            except (OSError, ValueError) as error:
                self.send_error(502, "cannot reach %s: %s" % (self.path, error))
                return
            self.send_response(200, "Connection established")
            self.end_headers()
            self.close_connection = True
            ends = [self.connection, upstream]
            try:
                while True:
                    readable, _, _ = select.select(ends, [], [], 60)
                    if not readable:
                        return
                    for end in readable:
                        data = end.recv(65536)
                        if not data:
                            return
                        (upstream if end is self.connection else self.connection).sendall(data)
            except OSError:
                pass
            finally:
                upstream.close()

    serve_http(Proxy)
    """#

    private static let started: Result<(port: Int, log: String), ServerStartError> = Result { () throws(ServerStartError) in
        let log = try ScriptServer.directory.get() + "/forward-proxy.log"
        guard FileManager.default.createFile(atPath: log, contents: Data()) else {
            throw ServerStartError(description: "cannot create the proxy log \(log)")
        }
        return (try ScriptServer.launch(script: script, arguments: [log], name: "forward-proxy"), log)
    }

    /// The proxy's port, starting it on first use.
    public static func port() throws -> Int { try started.get().port }

    /// `http://127.0.0.1:PORT`, the proxy URL to configure.
    public static func url() throws -> String { "http://127.0.0.1:\(try port())" }

    /// Every request relayed so far, as `METHOD TARGET` lines in arrival order.
    public static func relayed() throws -> [String] {
        let text = try String(contentsOfFile: try started.get().log, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }
}
