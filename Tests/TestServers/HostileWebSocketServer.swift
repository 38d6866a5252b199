import Foundation

/// A raw-socket WebSocket server that breaks the protocol on purpose, one way per path, and records the close code
/// the client answers with.
///
/// `ws://…/case/NAME/ID` hand-shakes properly, then sends what NAME says and reads the client's frames until it
/// closes; `GET /report/ID` (plain HTTP) waits up to 20 s for that connection to end and answers with the code of the
/// client's close frame (`none` when it sent none). NAME is one of:
/// - `oversized`: a binary frame of 2000 bytes;
/// - `invalid-utf8`: a text frame holding C0 AF;
/// - `split-invalid-utf8`: a text fragment holding CE, then a continuation holding 41;
/// - `bad-opcode`: a frame with opcode 3;
/// - `masked`: a masked text frame;
/// - `reserved`: a text frame with RSV1 set (no extension was agreed);
/// - `long-ping`: a ping whose length field says 126;
/// - `drop`: a text message "hi", then the connection closed without a close frame;
/// - `escapes`: a text message holding terminal escapes (CSI 2J, OSC 52, a bidi override), then a normal close.
public enum HostileWebSocketServer {
    private static let script = #"""
    import base64, hashlib, threading

    reports = {}
    condition = threading.Condition()

    def read_head(connection):
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(4096)
            if not chunk:
                return None, b""
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        return head.decode("latin-1"), rest

    def read_exactly(connection, buffered, count):
        while len(buffered) < count:
            chunk = connection.recv(65536)
            if not chunk:
                return None
            buffered += chunk
        return buffered

    def client_close_code(connection, buffered):
        while True:
            buffered = read_exactly(connection, buffered, 2)
            if buffered is None:
                return "none"
            opcode, length = buffered[0] & 0x0F, buffered[1] & 0x7F
            header = 2
            if length == 126:
                buffered = read_exactly(connection, buffered, 4)
                if buffered is None: return "none"
                length, header = int.from_bytes(buffered[2:4], "big"), 4
            elif length == 127:
                buffered = read_exactly(connection, buffered, 10)
                if buffered is None: return "none"
                length, header = int.from_bytes(buffered[2:10], "big"), 10
            buffered = read_exactly(connection, buffered, header + 4 + length)
            if buffered is None:
                return "none"
            key = buffered[header:header + 4]
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(buffered[header + 4:header + 4 + length]))
            buffered = buffered[header + 4 + length:]
            if opcode == 8:
                return str(int.from_bytes(payload[:2], "big")) if len(payload) >= 2 else "empty"

    def frame(first, payload, masked=False):
        length = len(payload)
        if length < 126:
            header = bytes([first, (0x80 if masked else 0) | length])
        else:
            header = bytes([first, (0x80 if masked else 0) | 126]) + length.to_bytes(2, "big")
        if masked:
            key = b"\x01\x02\x03\x04"
            return header + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        return header + payload

    CASES = {
        "oversized": frame(0x82, bytes(2000)),
        "invalid-utf8": frame(0x81, b"\xc0\xaf"),
        "split-invalid-utf8": frame(0x01, b"\xce") + frame(0x80, b"A"),
        "bad-opcode": frame(0x83, b"x"),
        "masked": frame(0x81, b"hidden", masked=True),
        "reserved": frame(0xC1, b"x"),
        "long-ping": bytes([0x89, 126, 0, 126]) + bytes(126),
        "drop": frame(0x81, b"hi"),
        "escapes": frame(0x81, "\x1b[2J\x1b]52;c;SGVsbG8=\x07\u202eevil".encode()) + frame(0x88, (1000).to_bytes(2, "big")),
    }

    def serve(connection):
        try:
            head, rest = read_head(connection)
            if head is None:
                return
            target = head.split(" ")[1]
            parts = target.split("/")
            if parts[1] == "report":
                with condition:
                    condition.wait_for(lambda: parts[2] in reports, timeout=20)
                    answer = reports.get(parts[2], "no connection")
                connection.sendall(("HTTP/1.1 200 OK\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(answer), answer)).encode())
                return
            name, ident = parts[2], parts[3]
            key = [line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("sec-websocket-key:")][0]
            accept = base64.b64encode(hashlib.sha1((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").encode()).digest()).decode()
            connection.sendall(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Accept: %s\r\n\r\n" % accept).encode())
            connection.sendall(CASES[name])
            if name == "drop":
                code = "dropped"
            else:
                code = client_close_code(connection, rest)
            with condition:
                reports[ident] = code
                condition.notify_all()
        finally:
            connection.close()

    serve_connections(serve)
    """#

    private static let port = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: script, name: "hostile-websocket")
    }

    /// The ws:// URL of a case, and the id its report is filed under.
    public static func url(case name: String) throws -> (url: String, id: String) {
        let id = UUID().uuidString
        return ("ws://127.0.0.1:\(try port.get())/case/\(name)/\(id)", id)
    }

    /// The http:// URL whose answer is the close code the client sent on the connection `id` (after it ended).
    public static func reportURL(id: String) throws -> String {
        "http://127.0.0.1:\(try port.get())/report/\(id)"
    }
}
