import Foundation
import Locking

/// Why a loopback test server could not be started.
public struct ServerStartError: Error, CustomStringConvertible {
    /// What happened.
    public var description: String
}

/// Runs a Python server script as a child process that prints its port and stops with the tests.
///
/// The script's port line is read from its stdout. The launcher adds `wait_for_parent()`, which a
/// script calls last: it returns when the script's stdin closes (the kernel closes the pipe when the
/// test process ends, however it ends) or when the test process is no longer its parent.
public enum ScriptServer {
    /// The Python helper every script can call after it has printed its port.
    private static let prelude = #"""
    import os as _os, select as _select, signal as _signal, sys as _sys
    # The test process blocks signals in its threads; unblock them so the server stops on SIGTERM.
    _signal.pthread_sigmask(_signal.SIG_SETMASK, set())

    def wait_for_parent():
        parent = _os.getppid()
        while _os.getppid() == parent:
            ready, _, _ = _select.select([_sys.stdin], [], [], 0.5)
            if ready and not _os.read(_sys.stdin.fileno(), 65536):
                return

    def serve_connections(serve):
        """Accepts connections on a free loopback port, prints it, runs serve(connection) on a thread each, until the tests end."""
        import socket as _socket, threading as _threading
        listener = _socket.socket(_socket.AF_INET, _socket.SOCK_STREAM)
        listener.setsockopt(_socket.SOL_SOCKET, _socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        print(listener.getsockname()[1], flush=True)

        def accept_loop():
            while True:
                connection, _ = listener.accept()
                _threading.Thread(target=serve, args=(connection,), daemon=True).start()

        _threading.Thread(target=accept_loop, daemon=True).start()
        wait_for_parent()

    def serve_http(handler):
        """Serves an http.server handler class on a free loopback port, prints it, a thread per connection, until the tests end."""
        import http.server as _http_server, socketserver as _socketserver, threading as _threading

        class _Server(_socketserver.ThreadingMixIn, _http_server.HTTPServer):
            daemon_threads = True
            allow_reuse_address = True

        server = _Server(("127.0.0.1", 0), handler)
        print(server.server_address[1], flush=True)
        _threading.Thread(target=server.serve_forever, daemon=True).start()
        wait_for_parent()

    """#

    /// Write ends of the servers' stdin pipes, held open for the life of the test process.
    private static let pipes = Locked<[FileHandle]>([])

    /// The directory for this test process's server scripts, logs and certificates.
    static let directory: Result<String, ServerStartError> = {
        let path = NSTemporaryDirectory() + "curlew-test-servers-\(getpid())"
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            return .success(path)
        } catch {
            return .failure(ServerStartError(description: "cannot create \(path): \(error)"))
        }
    }()

    /// Starts `python3` on the script with arguments and returns the port it prints (waiting up to its start-up).
    public static func launch(script: String, arguments: [String] = [], name: String) throws(ServerStartError) -> Int {
        let path = try directory.get() + "/\(name).py"
        do {
            try (prelude + script).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ServerStartError(description: "cannot write the \(name) server script: \(error)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", path] + arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ServerStartError(description: "cannot start python3 for the \(name) server: \(error)")
        }
        pipes.withLock { $0.append(input.fileHandleForWriting) }
        var line = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw ServerStartError(description: "the \(name) server did not report a port (got '\(String(decoding: line, as: UTF8.self))')")
        }
        return port
    }

    /// Runs a program to completion with its output discarded; fails unless it exits with 0.
    static func run(_ executable: String, _ arguments: [String]) throws(ServerStartError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ServerStartError(description: "cannot run \(executable): \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServerStartError(description: "\(executable) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
    }
}
