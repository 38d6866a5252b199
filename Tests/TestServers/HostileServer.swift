/// A loopback HTTP server that misbehaves on purpose, for the tests of what curlew does with a hostile server.
///
/// Paths (answers are HTTP/1.1, one connection each):
/// - `/bomb/gzip`, `/bomb/deflate`, `/bomb/br`, `/bomb/zstd`: a small compressed body that inflates to 256 MiB
///   of zero bytes, sent with that Content-Encoding and no Content-Length;
/// - `/endless`: a chunked body that never ends;
/// - `/small`: 100 bytes; `/zeros/N`: N zero bytes with a Content-Length;
/// - `/escapes`: a reason phrase and header values holding terminal escape sequences (OSC 52, CSI 2J, C1);
/// - `/many-headers`: 100,000 header fields; `/huge-header`: one 10 MB header line;
/// - `/malformed-status`: a status line that is not HTTP;
/// - `/redirect/SCHEME`: a 302 to `SCHEME://127.0.0.1/etc/passwd`;
/// - `/redirect-port/PORT`: a 302 to `http://127.0.0.1:PORT/`;
/// - `/bidi`, `/bidi/text`, `/bidi/events`: a reason phrase, a header value (`X-Evil`) and a body holding bidi
///   controls (U+202E, U+202C, U+2066, U+2069), a zero-width space, U+2028 and U+FEFF: the body a JSON object,
///   plain text, or an event stream whose event type, id and data (text, then JSON) hold them;
/// - `/dribble/head`: a head of about 90 bytes sent one byte a second, then a 2-byte body;
/// - `/dribble/head-then-silence`: a status line and five header lines 0.4 s apart, the blank line, then nothing for 30 s;
/// - `/dribble/body`: a head at once, then a 100-byte body one byte every 1.3 seconds;
/// - `/silent`: reads the request and sends nothing for 30 seconds;
/// - `/cookies/many/BATCH`: 50 cookies (libcurl's most per response) named `BATCH-0` … `BATCH-49`, each with a
///   value of 3900 bytes, about 197 KB of cookie jar.
public enum HostileServer {
    /// How many bytes each bomb inflates to.
    public static let bombSize = 256 << 20

    private static let script = #"""
    import socket, subprocess, sys, threading, time, zlib

    SIZE = 256 << 20
    bombs = {}
    bomb_lock = threading.Lock()

    def zeros():
        block = bytes(1 << 20)
        for _ in range(SIZE >> 20):
            yield block

    def make_bomb(kind):
        if kind == "gzip":
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        elif kind == "deflate":
            packer = zlib.compressobj(9, zlib.DEFLATED, 15)
        elif kind == "br":
            import brotlicffi
            packer = brotlicffi.Compressor(quality=5)
            return b"".join(packer.process(block) for block in zeros()) + packer.finish()
        elif kind == "zstd":
            command = "head -c %d /dev/zero | zstd -q -3 -c" % SIZE
            return subprocess.run(["sh", "-c", command], stdout=subprocess.PIPE, check=True).stdout
        else:
            return None
        return b"".join(packer.compress(block) for block in zeros()) + packer.flush()

    def bomb(kind):
        with bomb_lock:
            if kind not in bombs:
                bombs[kind] = make_bomb(kind)
            return bombs[kind]

    def read_head(connection):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                return None
            data += chunk
        return data.split(b"\r\n", 1)[0].decode("latin-1").split(" ")[1]

    def serve(connection):
        try:
            path = read_head(connection)
            if path is None:
                return
            send = connection.sendall
            if path.startswith("/bomb/"):
                body = bomb(path[6:])
                send(b"HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: "
                     + path[6:].encode() + b"\r\nConnection: close\r\n\r\n")
                send(body)
            elif path == "/endless":
                send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n")
                chunk = b"%x\r\n" % (1 << 16) + b"a" * (1 << 16) + b"\r\n"
                while True:
                    send(chunk)
            elif path.startswith("/zeros/"):
                count = int(path[7:])
                send(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % count)
                block = bytes(1 << 20)
                while count > 0:
                    send(block[:min(count, len(block))])
                    count -= len(block)
            elif path == "/small":
                send(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\n" + b"s" * 100)
            elif path == "/escapes":
                body = b'{"a": "\xc2\x9b31m\xc2\x85 x\x7f"}\n'
                send(b"HTTP/1.1 200 OK\x1b[2J\x9b31m\r\nX-Evil: \x1b]52;c;ZXZpbA==\x07\x1b[2J\r\n"
                     + b"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
            elif path == "/many-headers":
                send(b"HTTP/1.1 200 OK\r\n" + b"".join(b"X-H%d: v\r\n" % i for i in range(100000))
                     + b"Content-Length: 2\r\nConnection: close\r\n\r\nok")
            elif path == "/huge-header":
                send(b"HTTP/1.1 200 OK\r\nX-Huge: " + b"h" * (10 << 20) + b"\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
            elif path == "/malformed-status":
                send(b"SPDY/9 twohundred\r\n\r\nhello")
            elif path.startswith("/redirect/"):
                send(b"HTTP/1.1 302 Found\r\nLocation: " + path[10:].encode() + b"://127.0.0.1/etc/passwd\r\nContent-Length: 0\r\n\r\n")
            elif path.startswith("/redirect-port/"):
                send(b"HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:" + path[15:].encode() + b"/\r\nContent-Length: 0\r\n\r\n")
            elif path.startswith("/bidi"):
                evil = "safe\u202etxt.exe\u202c \u2066x\u2069 z\u200bw\u2028\ufeff".encode()
                if path == "/bidi/events":
                    kind = b"text/event-stream"
                    body = b"event: " + evil + b"\nid: " + evil + b"\ndata: " + evil + b"\n\ndata: {\"v\": \"" + evil + b"\"}\n\n"
                elif path == "/bidi/text":
                    kind = b"text/plain"
                    body = evil + b"\n"
                else:
                    kind = b"application/json"
                    body = b'{"name": "' + evil + b'"}\n'
                head = b"HTTP/1.1 200 OK " + evil + b"\r\nX-Evil: " + evil + b"\r\nContent-Type: " + kind
                send(head + b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body)
            elif path == "/dribble/head":
                for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 50 + b"\r\nContent-Length: 2\r\n\r\nok":
                    send(bytes([byte]))
                    time.sleep(1)
            elif path == "/dribble/head-then-silence":
                send(b"HTTP/1.1 200 OK\r\n")
                for index in range(5):
                    time.sleep(0.4)
                    send(b"X-Line-%d: v\r\n" % index)
                send(b"Content-Length: 2\r\n\r\n")
                time.sleep(30)
            elif path == "/dribble/body":
                send(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n")
                for _ in range(100):
                    time.sleep(1.3)
                    send(b"x")
            elif path == "/silent":
                time.sleep(30)
            elif path.startswith("/cookies/many/"):
                batch = path[14:].encode()
                cookies = b"".join(b"Set-Cookie: %s-%d=%s; Path=/\r\n" % (batch, i, b"v" * 3900) for i in range(50))
                send(b"HTTP/1.1 200 OK\r\n" + cookies + b"Content-Length: 2\r\nConnection: close\r\n\r\nok")
            else:
                send(b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        except OSError:
            pass
        finally:
            try:
                connection.close()
            except OSError:
                pass

    serve_connections(serve)
    """#

    private static let port: Result<Int, ServerStartError> = Result { () throws(ServerStartError) -> Int in
        try ScriptServer.launch(script: script, name: "hostile-server")
    }

    /// `http://127.0.0.1:PORT` + `path` on the hostile server, started on first use.
    public static func url(_ path: String) throws(ServerStartError) -> String {
        "http://127.0.0.1:\(try port.get())\(path)"
    }
}
