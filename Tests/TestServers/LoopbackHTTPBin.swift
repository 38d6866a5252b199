import Foundation
import Synchronization

/// httpbin under gunicorn on a free loopback port, started once for the whole test process.
///
/// A small Python launcher binds port 0, hands the socket to gunicorn, prints the port once the
/// server answers, and stops the server when its stdin closes (when the test process ends).
public enum LoopbackHTTPBin {
    /// Why the server did not start.
    public struct StartError: Error, CustomStringConvertible {
        /// What happened.
        public var description: String
    }

    private static let script = #"""
    import ctypes, os, select, signal, socket, subprocess, sys, time, urllib.request
    # The test process blocks signals in its threads; unblock them so gunicorn stops on SIGTERM.
    signal.pthread_sigmask(signal.SIG_SETMASK, set())
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
    # Stop when stdin closes or, should a tmux server have inherited the pipe, when the test process is gone.
    parent = os.getppid()
    while os.getppid() == parent:
        ready, _, _ = select.select([sys.stdin], [], [], 0.5)
        if ready and not os.read(sys.stdin.fileno(), 65536):
            break
    child.terminate()
    try:
        child.wait(5)
    except Exception:
        child.kill()
    """#

    private static let pipes = Mutex<[FileHandle]>([])

    private static let started: Result<Int, StartError> = {
        let path = NSTemporaryDirectory() + "curlew-explorer-httpbin-\(getpid()).py"
        do {
            try script.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            return .failure(StartError(description: "cannot write the launcher: \(error)"))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(StartError(description: "cannot start python3: \(error)"))
        }
        pipes.withLock { $0.append(input.fileHandleForWriting) }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            return .failure(StartError(description: "httpbin did not start (is `pip install httpbin gunicorn` done?)"))
        }
        return .success(port)
    }()

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
