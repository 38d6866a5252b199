import Foundation
import Locking
import TestServers
import TestSupport

/// Servers the command-line tests talk to, each started once per test process on a free loopback port.
///
/// Each runs under a `sh` or Python wrapper that reads stdin until end of file and then stops the
/// server, so servers end with the test process: the kernel closes the pipe that the tests hold.
enum LoopbackServers {
    /// Why a server could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    private static let keepAlive = Locked<[FileHandle]>([])

    /// An HTTPS server answering every GET with `200 ok`; ends when its stdin closes.
    private static let tlsServer = #"""
    import http.server, socketserver, ssl, sys, threading
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args):
            pass
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")
    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True
    server = Server(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(sys.argv[1], sys.argv[2])
    server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    """#

    /// Self-signed certificate and key made by openssl, and the HTTPS server using them.
    private static let tls: Result<(port: Int, certificate: String), Error> = Result {
        let directory = try temporaryDirectory()
        let certificate = directory + "/server.pem", key = directory + "/server-key.pem"
        let made = try runQuietly("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-keyout", key, "-out", certificate,
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        guard made == 0 else { throw LaunchError(description: "openssl req failed with \(made)") }
        let script = directory + "/tls-server.py"
        try tlsServer.write(toFile: script, atomically: true, encoding: .utf8)
        let line = try readLine(try launch("/usr/bin/env", ["python3", script, certificate, key]))
        guard let port = Int(line.trimmingCharacters(in: .whitespaces)) else {
            throw LaunchError(description: "the TLS server did not report a port: \(line)")
        }
        return (port, certificate)
    }

    /// `http://127.0.0.1:PORT/path` on httpbin.
    static func httpbin(_ path: String) async throws -> String {
        try await Blocking.run { try LoopbackHTTPBin.url(path) }
    }

    /// `https://127.0.0.1:PORT/` on the TLS server.
    static func tlsURL() async throws -> String {
        "https://127.0.0.1:\(try await Blocking.run { try tls.get().port })/"
    }

    /// The TLS server's self-signed certificate (PEM).
    static func tlsCertificate() async throws -> String {
        try await Blocking.run { try tls.get().certificate }
    }

    /// A temporary directory for this test process.
    static func temporaryDirectory() throws -> String {
        try directory.get()
    }

    private static let directory: Result<String, Error> = Result {
        let path = NSTemporaryDirectory() + "curlew-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Starts a program whose stdin stays open for the life of the tests and returns its stdout.
    private static func launch(_ executable: String, _ arguments: [String]) throws -> FileHandle {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        keepAlive.withLock { $0 += [input.fileHandleForWriting, output.fileHandleForReading] }
        return output.fileHandleForReading
    }

    /// Reads one line of a server's output.
    private static func readLine(_ handle: FileHandle) throws -> String {
        var bytes = Data()
        while true {
            guard let chunk = try handle.read(upToCount: 1), let byte = chunk.first else {
                throw LaunchError(description: "the server ended before it was ready (output: \(String(decoding: bytes, as: UTF8.self)))")
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    private static func runQuietly(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
