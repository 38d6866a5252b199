import Foundation

/// httpbin under gunicorn on a free loopback port, started once per test process.
enum HTTPBinServer {
    private static let launcher = #"""
    import os, signal, socket, subprocess, sys, time, urllib.request
    # Swift's Process starts children with the parent's blocked signals; unblock them so SIGTERM works.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(256)
    port = sock.getsockname()[1]
    fd = sock.fileno()
    os.set_inheritable(fd, True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", "fd://%d" % fd, "--worker-class", "gthread",
         "--workers", "2", "--threads", "40", "--keep-alive", "5", "--log-level", "warning", "httpbin:app"],
        pass_fds=[fd], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + 60
    while True:
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/status/200" % port, timeout=5).read()
            break
        except Exception:
            if time.time() > deadline or server.poll() is not None:
                server.kill()
                sys.exit(1)
            time.sleep(0.1)
    print(port, flush=True)
    sys.stdin.read()
    server.terminate()
    try:
        server.wait(5)
    except Exception:
        server.kill()
    """#

    private static let shared: Result<ServerProcess, Error> = Result {
        try ServerProcess.launchPython(script: launcher, name: "httpbin")
    }

    /// The running server, started on first use.
    static func server() throws -> ServerProcess { try shared.get() }

    /// A URL on the server; the first call blocks while the server starts.
    static func url(_ path: String) throws -> String { try server().url(path) }

    /// The running server, started on a thread of its own so the cooperative pool is not held up.
    static func ready() async throws -> ServerProcess { try await Blocking.run { try shared.get() } }
}
