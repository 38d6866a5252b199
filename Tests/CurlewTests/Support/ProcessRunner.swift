import Foundation
import Locking
import TestSupport

/// The outcome of running a program to completion.
struct ProcessResult: Sendable {
    /// The exit status.
    var status: Int32
    /// Everything written to stdout.
    var stdout: Data
    /// Everything written to stderr.
    var stderr: Data

    /// stdout as UTF-8 text.
    var output: String { String(decoding: stdout, as: UTF8.self) }
    /// stderr as UTF-8 text.
    var errorOutput: String { String(decoding: stderr, as: UTF8.self) }
}

/// Runs programs with pipes for stdout and stderr (so stdout is never a terminal), off the cooperative pool.
enum ProcessRunner {
    /// Proxy settings libcurl reads from the environment.
    static let proxyVariables = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"]

    /// Runs a program and waits for it to end; `environment`, when given, replaces the proxy variables
    /// of the inherited environment (all of them are dropped) and adds its own.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessResult {
        try await Blocking.run { try runBlocking(executable, arguments, environment: environment) }
    }

    /// Runs the program with posix_spawn and waits for it with waitpid on this thread.
    ///
    /// The pipes are made close-on-exec, so no other child started meanwhile (a test server spawned by
    /// Foundation's `Process`, another program run here) inherits them and keeps them open: their reads end
    /// when this program ends. Foundation's `Process` is not used, since a child that inherits the socket it
    /// watches each process through keeps it from noticing that process's end.
    private static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String]?) throws -> ProcessResult {
        var merged = ProcessInfo.processInfo.environment
        if let environment {
            for name in proxyVariables { merged[name] = nil }
            merged.merge(environment) { _, new in new }
        }
        var output: [Int32] = [0, 0], errors: [Int32] = [0, 0]
        guard closeOnExecPipe(&output, O_CLOEXEC) == 0, closeOnExecPipe(&errors, O_CLOEXEC) == 0 else { throw SpawnError(description: "pipe2 failed: \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        let argv = [executable] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        var cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in cEnvironment { free(entry) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, &cArguments, &cEnvironment)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            throw SpawnError(description: "cannot run \(executable) (error \(spawned))")
        }
        let errorData = Locked(Data())
        let errorsDone = DispatchSemaphore(value: 0)
        let errorReader = errors[0]
        Thread {
            errorData.withLock { $0 = readToEnd(errorReader) }
            errorsDone.signal()
        }.start()
        let out = readToEnd(output[0])
        errorsDone.wait()
        close(output[0])
        close(errors[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ProcessResult(status: code, stdout: out, stderr: errorData.withLock { $0 })
    }

    /// Everything a descriptor gives until its end.
    private static func readToEnd(_ descriptor: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    /// A program that could not be started.
    struct SpawnError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs the curlew binary under test: `$CURLEW_BINARY`, else `.build/debug/curlew` in the package.
    static func curlew(_ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessResult {
        try await run(curlewPath, arguments, environment: environment)
    }

    /// Where the curlew binary is.
    static var curlewPath: String {
        if let path = ProcessInfo.processInfo.environment["CURLEW_BINARY"], !path.isEmpty { return path }
        return packageRoot.appendingPathComponent(".build/debug/curlew").path
    }

    /// The package's root folder.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}

/// glibc's `pipe2`, which Glibc's module map leaves out: both ends made close-on-exec atomically, so no child
/// spawned by another thread at that moment inherits them.
@_silgen_name("pipe2")
private func closeOnExecPipe(_ descriptors: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
