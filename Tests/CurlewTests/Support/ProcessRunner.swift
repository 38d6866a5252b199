import Foundation
import Synchronization

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

    private static func runBlocking(_ executable: String, _ arguments: [String], environment: [String: String]?) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment {
            var merged = ProcessInfo.processInfo.environment
            for name in proxyVariables { merged[name] = nil }
            merged.merge(environment) { _, new in new }
            process.environment = merged
        }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorData = Mutex(Data())
        let errorsDone = DispatchSemaphore(value: 0)
        Thread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorData.withLock { $0 = data }
            errorsDone.signal()
        }.start()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        errorsDone.wait()
        process.waitUntilExit()
        let err = errorData.withLock { $0 }
        return ProcessResult(status: process.terminationStatus, stdout: out, stderr: err)
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
