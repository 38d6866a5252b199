import Foundation
import TestSupport

/// Self-signed certificates made with `openssl` at test time, once per test process.
struct TestCertificates: Sendable {
    /// The server's certificate (PEM), for 127.0.0.1 and localhost.
    let certificate: String
    /// The server's private key (PEM).
    let key: String
    /// The server's certificate in DER form.
    let certificateDER: String
    /// A different self-signed certificate (PEM), whose key the server does not have.
    let otherCertificate: String

    private static let shared: Result<TestCertificates, Error> = Result {
        let directory = try TestFiles.directory() + "/certificates"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        func makeCertificate(_ name: String) throws {
            try run("/usr/bin/openssl", [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-keyout", "\(directory)/\(name)-key.pem", "-out", "\(directory)/\(name).pem",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        }
        try makeCertificate("server")
        try makeCertificate("other")
        try run("/usr/bin/openssl", ["x509", "-in", "\(directory)/server.pem", "-outform", "DER", "-out", "\(directory)/server.der"])
        return TestCertificates(
            certificate: "\(directory)/server.pem",
            key: "\(directory)/server-key.pem",
            certificateDER: "\(directory)/server.der",
            otherCertificate: "\(directory)/other.pem"
        )
    }

    /// The certificates, made on first use.
    static func get() throws -> TestCertificates { try shared.get() }

    /// The certificates, made on a thread of its own so the cooperative pool is not held up.
    static func ready() async throws -> TestCertificates { try await Blocking.run { try shared.get() } }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServerProcess.LaunchError(description: "\(executable) \(arguments.joined(separator: " ")) failed with \(process.terminationStatus)")
        }
    }
}

/// An HTTPS server with the self-signed test certificate that logs what each connection received.
///
/// For every connection it appends `handshake` once TLS is up and `closed received=N` when the
/// connection ends, N being the request bytes that arrived. It answers any request with `200 ok`.
struct TLSServer: Sendable {
    /// The server process.
    let process: ServerProcess
    /// The file the server logs connections to.
    let logPath: String

    private static let script = #"""
    import socket, ssl, sys, threading

    certificate, key, log_path = sys.argv[1], sys.argv[2], sys.argv[3]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    lock = threading.Lock()

    def log(line):
        with lock, open(log_path, "a") as log_file:
            log_file.write(line + "\n")

    def serve(connection):
        received = 0
        try:
            tls = context.wrap_socket(connection, server_side=True)
        except Exception:
            log("handshake-failed")
            connection.close()
            return
        log("handshake")
        data = b""
        try:
            while b"\r\n\r\n" not in data:
                chunk = tls.recv(65536)
                if not chunk:
                    break
                data += chunk
            received = len(data)
            if b"\r\n\r\n" in data:
                tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        except Exception:
            pass
        finally:
            log("closed received=%d" % received)
            try:
                tls.close()
            except Exception:
                pass

    serve_connections(serve)
    """#

    /// Starts a new server with its own log.
    static func start() async throws -> TLSServer {
        let certificates = try await TestCertificates.ready()
        return try await Blocking.run { try launch(certificates: certificates) }
    }

    private static func launch(certificates: TestCertificates) throws -> TLSServer {
        let logPath = try TestFiles.path("tls.log")
        try Data().write(to: URL(fileURLWithPath: logPath))
        let process = try ServerProcess.launchPython(
            script: script,
            arguments: [certificates.certificate, certificates.key, logPath],
            name: "tls-\(UUID().uuidString.prefix(6))"
        )
        return TLSServer(process: process, logPath: logPath)
    }

    /// `https://127.0.0.1:PORT` followed by a path.
    func url(_ path: String) -> String { process.url(path, scheme: "https") }

    /// The log lines written so far.
    func logLines() -> [String] {
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// Waits (up to `timeout` seconds) until a log line satisfies the predicate; returns the lines then.
    func waitForLog(timeout: Double = 10, until predicate: ([String]) -> Bool) async -> [String] {
        let deadline = ContinuousClock.now + .seconds(timeout)
        var lines = logLines()
        while !predicate(lines), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
            lines = logLines()
        }
        return lines
    }
}
