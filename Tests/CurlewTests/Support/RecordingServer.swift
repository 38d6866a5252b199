import Foundation
import TestServers
import TestSupport

/// A loopback HTTP server that answers every request with `200 ok` and writes down the request as it came: the
/// request line and header lines as raw bytes and the body (Content-Length or chunked, after a `100 Continue` when
/// asked), one JSON line each in a log file.
struct RecordingServer {
    /// One request as the server read it.
    struct Recorded: Hashable {
        var line: Data
        var headerLines: [Data]
        var body: Data

        /// The request line as text.
        var lineText: String { String(decoding: line, as: UTF8.self) }
    }

    private static let script = #"""
    import base64, json, sys, threading
    log_path = sys.argv[1]
    lock = threading.Lock()

    def serve(connection):
        connection.settimeout(60)
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                chunk = connection.recv(65536)
                if not chunk:
                    return
                data += chunk
            head, data = data.split(b"\r\n\r\n", 1)
            lines = head.split(b"\r\n")
            length, chunked, expect = 0, False, False
            for line in lines[1:]:
                name, _, value = line.partition(b":")
                name, value = name.strip().lower(), value.strip().lower()
                if name == b"content-length":
                    length = int(value)
                elif name == b"transfer-encoding" and value == b"chunked":
                    chunked = True
                elif name == b"expect" and value == b"100-continue":
                    expect = True
            if expect:
                connection.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
            def more():
                chunk = connection.recv(65536)
                if not chunk:
                    raise EOFError()
                return chunk
            body = b""
            if chunked:
                while True:
                    while b"\r\n" not in data:
                        data += more()
                    size_line, data = data.split(b"\r\n", 1)
                    size = int(size_line.split(b";")[0], 16)
                    while len(data) < size + 2:
                        data += more()
                    body += data[:size]
                    data = data[size + 2:]
                    if size == 0:
                        break
            else:
                while len(data) < length:
                    data += more()
                body = data[:length]
            record = {"line": base64.b64encode(lines[0]).decode(), "headers": [base64.b64encode(line).decode() for line in lines[1:]],
                      "body": base64.b64encode(body).decode()}
            with lock:
                with open(log_path, "a") as log:
                    log.write(json.dumps(record) + "\n")
            connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        except (EOFError, OSError, ValueError):
            pass
        finally:
            connection.close()

    serve_connections(serve)
    """#

    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    /// The log the server writes.
    let logPath: String

    /// Starts a server of its own writing to a new log in `folder`.
    static func start(logIn folder: String) async throws -> RecordingServer {
        let logPath = folder + "/requests.jsonl"
        let port = try await Blocking.run { try ScriptServer.launch(script: script, arguments: [logPath], name: "recording-\(UUID().uuidString)") }
        return RecordingServer(baseURL: "http://127.0.0.1:\(port)", logPath: logPath)
    }

    /// The requests recorded so far, in the order they ended; clears the log.
    func takeRecorded() throws -> [Recorded] {
        guard let data = FileManager.default.contents(atPath: logPath) else { return [] }
        try FileManager.default.removeItem(atPath: logPath)
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] ?? [:]
            func decoded(_ value: Any?) -> Data { (value as? String).flatMap { Data(base64Encoded: $0) } ?? Data() }
            return Recorded(line: decoded(object["line"]), headerLines: ((object["headers"] as? [Any]) ?? []).map(decoded), body: decoded(object["body"]))
        }
    }
}
