import Foundation

/// A test certificate authority and the certificates it signed, made with `openssl` once per test process.
public struct MutualTLSCertificates: Sendable {
    /// The test CA's certificate (PEM): clients trust it for the server, the server for clients.
    public let authority: String
    /// The server's certificate (PEM) for 127.0.0.1 and localhost, signed by the CA.
    public let serverCertificate: String
    /// The server's private key (PEM).
    public let serverKey: String
    /// A client certificate (PEM) signed by the CA, common name `clientName`.
    public let clientCertificate: String
    /// The client certificate's private key (PEM).
    public let clientKey: String
    /// The client certificate followed by its key, in one PEM file.
    public let clientCertificateAndKey: String
    /// A self-signed client certificate (PEM) that the server does not trust.
    public let rogueCertificate: String
    /// The rogue certificate's private key (PEM).
    public let rogueKey: String
    /// The common name of the trusted client certificate.
    public static let clientName = "curlew-test-client"
}

/// HTTPS servers that require a client certificate signed by the test CA, started once per test process.
///
/// Every request gets `200` with the body `hello <common name of the client certificate>`;
/// connections are kept alive between requests. A handshake the server refuses (no client
/// certificate, or one it does not trust) ends with the TLS alert, after which the server reads
/// what the client still sends before closing, so the client receives the alert instead of a reset.
public enum MutualTLSServer {
    /// The highest TLS version a server speaks.
    public enum Version: String, Sendable, CaseIterable {
        /// TLS 1.3 only: the server checks the client certificate after the client's handshake is done.
        case tls13 = "1.3"
        /// At most TLS 1.2: the client certificate is checked inside the handshake.
        case tls12 = "1.2"
    }

    private static let script = #"""
    import socket, ssl, sys

    authority, certificate, key, version = sys.argv[1:5]
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(certificate, key)
    context.load_verify_locations(authority)
    context.verify_mode = ssl.CERT_REQUIRED
    if version == "1.2":
        context.maximum_version = ssl.TLSVersion.TLSv1_2
    else:
        context.minimum_version = ssl.TLSVersion.TLSv1_3

    def drain(connection):
        # The alert is already sent: stop writing and read the client's bytes until it closes.
        try:
            connection.settimeout(10)
            connection.shutdown(socket.SHUT_WR)
            while connection.recv(65536):
                pass
        except OSError:
            pass

    def read_request(tls, pending):
        while b"\r\n\r\n" not in pending:
            chunk = tls.recv(65536)
            if not chunk:
                return None, b""
            pending += chunk
        head, _, rest = pending.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(rest) < length:
            chunk = tls.recv(65536)
            if not chunk:
                return None, b""
            rest += chunk
        return head, rest[length:]

    def serve(connection):
        tls = context.wrap_socket(connection, server_side=True, do_handshake_on_connect=False)
        try:
            tls.settimeout(30)
            tls.do_handshake()
        except (ssl.SSLError, OSError):
            drain(tls)
            tls.close()
            return
        subject = dict(item[0] for item in tls.getpeercert().get("subject", ()))
        body = ("hello " + subject.get("commonName", "")).encode()
        pending = b""
        try:
            while True:
                head, pending = read_request(tls, pending)
                if head is None:
                    break
                tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        except (ssl.SSLError, OSError):
            pass
        finally:
            tls.close()

    serve_connections(serve)
    """#

    private static let madeCertificates: Result<MutualTLSCertificates, ServerStartError> = Result { () throws(ServerStartError) in
        let directory = try ScriptServer.directory.get() + "/mutual-tls"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ServerStartError(description: "cannot create \(directory): \(error)")
        }
        func path(_ name: String) -> String { "\(directory)/\(name)" }
        let openssl = "/usr/bin/openssl"
        try ScriptServer.run(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=curlew test CA",
            "-keyout", path("ca-key.pem"), "-out", path("ca.pem"),
        ])
        func signed(_ name: String, subject: String, extensions: String) throws(ServerStartError) {
            try ScriptServer.run(openssl, [
                "req", "-newkey", "rsa:2048", "-nodes", "-subj", subject,
                "-keyout", path("\(name)-key.pem"), "-out", path("\(name).csr"),
            ])
            do {
                try extensions.write(toFile: path("\(name).ext"), atomically: true, encoding: .utf8)
            } catch {
                throw ServerStartError(description: "cannot write \(path("\(name).ext")): \(error)")
            }
            try ScriptServer.run(openssl, [
                "x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.pem"), "-CAkey", path("ca-key.pem"),
                "-CAcreateserial", "-days", "2", "-extfile", path("\(name).ext"), "-out", path("\(name).pem"),
            ])
        }
        try signed("server", subject: "/CN=localhost", extensions: "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n")
        try signed("client", subject: "/CN=\(MutualTLSCertificates.clientName)", extensions: "extendedKeyUsage=clientAuth\n")
        try ScriptServer.run(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=rogue client",
            "-keyout", path("rogue-key.pem"), "-out", path("rogue.pem"),
        ])
        let combined = FileManager.default.contents(atPath: path("client.pem")).flatMap { certificate in
            FileManager.default.contents(atPath: path("client-key.pem")).map { certificate + $0 }
        }
        guard let combined, FileManager.default.createFile(atPath: path("client-with-key.pem"), contents: combined) else {
            throw ServerStartError(description: "cannot write \(path("client-with-key.pem"))")
        }
        return MutualTLSCertificates(
            authority: path("ca.pem"),
            serverCertificate: path("server.pem"),
            serverKey: path("server-key.pem"),
            clientCertificate: path("client.pem"),
            clientKey: path("client-key.pem"),
            clientCertificateAndKey: path("client-with-key.pem"),
            rogueCertificate: path("rogue.pem"),
            rogueKey: path("rogue-key.pem")
        )
    }

    private static func launch(_ version: Version) -> Result<Int, ServerStartError> {
        Result { () throws(ServerStartError) in
            let certificates = try madeCertificates.get()
            return try ScriptServer.launch(
                script: script,
                arguments: [certificates.authority, certificates.serverCertificate, certificates.serverKey, version.rawValue],
                name: "mutual-tls-\(version.rawValue)"
            )
        }
    }

    private static let tls13Port = launch(.tls13)
    private static let tls12Port = launch(.tls12)

    /// The CA, server and client certificates, made on first use.
    public static func certificates() throws -> MutualTLSCertificates { try madeCertificates.get() }

    /// `https://127.0.0.1:PORT` followed by a path, on the server of the given TLS version (started on first use).
    public static func url(_ path: String, version: Version = .tls13) throws -> String {
        let port = try (version == .tls13 ? tls13Port : tls12Port).get()
        return "https://127.0.0.1:\(port)\(path)"
    }
}
