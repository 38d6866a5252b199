import Foundation

/// A loopback server for runner tests, started once per test process. Every request with `name=N` in its query
/// is logged as `start N` when it arrives and `end N` before its answer goes out.
///
/// - `GET /barrier?name=X&parties=N`: holds each request until N requests named X are in flight at once, then
///   answers 200 `{"together": true}`; 504 if they are not all there within 20 seconds.
/// - `GET /hold?name=A&until=C[&seconds=S]`: holds until a request named C has arrived (at most S seconds, default 20), then answers 200 `{"t": "tok-A"}`;
///   504 when the time is up.
/// - `GET /record?name=N`: answers 200 with the query as a JSON object.
/// - `GET /flaky?name=N&fails=K`: answers 503 to the first K requests named N, then 200 `{"calls": …}`.
/// - `GET /status?code=C`: answers with status C.
/// - `GET /set-cookie?cookie=C&value=V[&seconds=S][&until=U]`: waits S seconds (default 0), or with `until` until a
///   request named U has arrived (at most S seconds, then 504), and answers 200 `{}` setting cookie C to V.
/// - `GET /cookies`: answers 200 `{"cookie": …}`, the request's `Cookie` header or null.
/// - `GET /log?prefix=P[&wait=S]`: the log lines whose name starts with P, as a JSON array of strings; with `wait`,
///   first waits until there is at least one (at most S seconds).
public enum RunTestServer {
    private static let script = #"""
    import http.server, json, threading, time
    from urllib.parse import urlparse, parse_qs

    LOCK = threading.Condition()
    LOG = []
    BARRIERS = {}
    CALLS = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def answer(self, status, value, extra=()):
            body = json.dumps(value).encode()
            name = self.query.get("name")
            if name is not None:
                with LOCK:
                    LOG.append("end " + name)
                    LOCK.notify_all()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for header, text in extra:
                self.send_header(header, text)
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self):
            url = urlparse(self.path)
            self.query = {k: v[0] for k, v in parse_qs(url.query).items()}
            name = self.query.get("name")
            if name is not None:
                with LOCK:
                    LOG.append("start " + name)
                    LOCK.notify_all()
            if url.path == "/barrier":
                with LOCK:
                    key = self.query.get("name", "").split("-")[0]
                    if key not in BARRIERS:
                        BARRIERS[key] = threading.Barrier(int(self.query.get("parties", "2")))
                    barrier = BARRIERS[key]
                try:
                    barrier.wait(20)
                    self.answer(200, {"together": True})
                except threading.BrokenBarrierError:
                    self.answer(504, {"together": False})
            elif url.path == "/hold":
                until = "start " + self.query.get("until", "")
                with LOCK:
                    arrived = LOCK.wait_for(lambda: until in LOG, float(self.query.get("seconds", "20")))
                if arrived:
                    self.answer(200, {"t": "tok-" + (name or "")})
                else:
                    self.answer(504, {"t": None})
            elif url.path == "/record":
                self.answer(200, self.query)
            elif url.path == "/flaky":
                with LOCK:
                    CALLS[name] = CALLS.get(name, 0) + 1
                    calls = CALLS[name]
                if calls <= int(self.query.get("fails", "0")):
                    self.answer(503, {"calls": calls})
                else:
                    self.answer(200, {"calls": calls})
            elif url.path == "/status":
                self.answer(int(self.query.get("code", "200")), {})
            elif url.path == "/set-cookie":
                seconds = float(self.query.get("seconds", "0"))
                status = 200
                if "until" in self.query:
                    until = "start " + self.query["until"]
                    with LOCK:
                        status = 200 if LOCK.wait_for(lambda: until in LOG, seconds) else 504
                else:
                    time.sleep(seconds)
                cookie = self.query.get("cookie", "c") + "=" + self.query.get("value", "") + "; Path=/"
                self.answer(status, {}, [("Set-Cookie", cookie)])
            elif url.path == "/cookies":
                self.answer(200, {"cookie": self.headers.get("Cookie")})
            elif url.path == "/log":
                prefix = self.query.get("prefix", "")
                matches = lambda: [line for line in LOG if line.split(" ", 1)[1].startswith(prefix)]
                with LOCK:
                    LOCK.wait_for(matches, float(self.query.get("wait", "0")))
                    lines = [line for line in LOG if line.split(" ", 1)[1].startswith(prefix)]
                self.answer(200, lines)
            else:
                self.answer(404, {})

    serve_http(Handler)
    """#

    private static let started: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: script, name: "run-test-server")
    }

    /// `http://127.0.0.1:PORT` of the server (started on first use).
    public static func baseURL() throws(ServerStartError) -> String {
        "http://127.0.0.1:\(try started.get())"
    }
}
