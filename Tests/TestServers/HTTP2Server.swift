import Foundation

/// nghttpd (Debian's `nghttp2-server`), an HTTP/2-only server, on free loopback ports: one over TLS (h2 through
/// ALPN, with a self-signed certificate made with `openssl` at test time) and one in cleartext that speaks HTTP/2
/// with prior knowledge. Both serve a folder holding `hello.txt` (`hello over h2\n`); started once per test process.
public enum HTTP2Server {
    private static let script = #"""
    import ctypes, os, shutil, signal, socket, subprocess, sys, time

    docroot, tls, certificate, key = sys.argv[1:5]
    nghttpd = shutil.which("nghttpd") or "/usr/sbin/nghttpd"
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    command = [nghttpd, "--address=127.0.0.1", "-d", docroot]
    command += [str(port), key, certificate] if tls == "tls" else ["--no-tls", str(port)]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             preexec_fn=lambda: ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL))
    deadline = time.time() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
            break
        except OSError:
            if time.time() > deadline or child.poll() is not None:
                child.kill(); sys.exit(1)
            time.sleep(0.05)
    print(port, flush=True)
    wait_for_parent()
    child.terminate()
    """#

    /// The server's self-signed certificate (PEM), for 127.0.0.1 and localhost; trust it as the CA file.
    public static func certificate() throws -> String { try files.get().certificate }

    /// The body of `/hello.txt`.
    public static let helloBody = "hello over h2\n"

    private static let files: Result<(docroot: String, certificate: String, key: String), ServerStartError> = Result { () throws(ServerStartError) in
        let directory = try ScriptServer.directory.get() + "/http2"
        let docroot = directory + "/docroot"
        do {
            try FileManager.default.createDirectory(atPath: docroot, withIntermediateDirectories: true)
            try helloBody.write(toFile: docroot + "/hello.txt", atomically: true, encoding: .utf8)
        } catch {
            throw ServerStartError(description: "cannot prepare \(docroot): \(error)")
        }
        let certificate = directory + "/server.pem"
        let key = directory + "/server.key"
        try ScriptServer.run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "2",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ])
        return (docroot, certificate, key)
    }

    private static func launch(tls: Bool) -> Result<Int, ServerStartError> {
        Result { () throws(ServerStartError) in
            let made = try files.get()
            do {
                return try ScriptServer.launch(script: script, arguments: [made.docroot, tls ? "tls" : "plain", made.certificate, made.key],
                                               name: tls ? "nghttpd-tls" : "nghttpd-plain")
            } catch {
                throw ServerStartError(description: "nghttpd did not start (install Debian's nghttp2-server: make test-deps): \(error)")
            }
        }
    }

    private static let tlsPort = launch(tls: true)
    private static let plainPort = launch(tls: false)

    /// An https:// URL on the TLS server (h2 through ALPN).
    public static func tlsURL(_ path: String) throws -> String { "https://127.0.0.1:\(try tlsPort.get())\(path)" }

    /// An http:// URL on the cleartext server (HTTP/2 with prior knowledge only).
    public static func plainURL(_ path: String) throws -> String { "http://127.0.0.1:\(try plainPort.get())\(path)" }
}
