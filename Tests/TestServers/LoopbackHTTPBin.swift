import Foundation

/// httpbin under gunicorn on a free loopback port, started once for the whole test process.
///
/// A small Python script (run by `ScriptServer`) binds port 0, hands the socket to gunicorn, prints the
/// port once the server answers, and stops the server when the test process ends.
public enum LoopbackHTTPBin {
    private static let script = #"""
    import ctypes, os, signal, socket, subprocess, sys, time, urllib.request
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(128)
    port = s.getsockname()[1]
    os.set_inheritable(s.fileno(), True)
    child = subprocess.Popen([sys.executable, "-m", "gunicorn", "-b", "fd://%d" % s.fileno(), "-k", "gthread",
                              "-w", "2", "--threads", "40", "--keep-alive", "5", "--log-level", "warning", "httpbin:app"],
                             pass_fds=[s.fileno()], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             preexec_fn=lambda: ctypes.CDLL("libc.so.6").prctl(1, signal.SIGKILL))
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/get" % port, timeout=5).read()
            break
        except Exception:
            if time.time() > deadline or child.poll() is not None:
                child.kill(); sys.exit(1)
            time.sleep(0.1)
    print(port, flush=True)
    wait_for_parent()
    child.terminate()
    try:
        child.wait(5)
    except Exception:
        child.kill()
    """#

    private static let started: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        do {
            return try ScriptServer.launch(script: script, arguments: [], name: "httpbin")
        } catch {
            throw ServerStartError(description: "httpbin did not start (is `pip install httpbin gunicorn` done?): \(error)")
        }
    }

    /// The port, starting the server on first use.
    public static func port() throws -> Int { try started.get() }

    /// A URL on the server.
    public static func url(_ path: String) throws -> String { "http://127.0.0.1:\(try port())\(path)" }

    /// Where the running server listens.
    public struct Address: Sendable {
        /// The loopback port.
        public let port: Int

        /// A URL on the server.
        public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
    }

    /// The running server, started on a thread of its own so that async tests do not hold up the cooperative pool.
    public static func ready() async throws -> Address {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Address, Error>) in
            Thread { continuation.resume(with: Result { Address(port: try port()) }) }.start()
        }
    }
}
