import Foundation
import Synchronization

/// A server started by the tests: a child process that prints its port on the first line of stdout.
///
/// The child reads its stdin until end of file and then shuts down, so it ends with the test process
/// even when that process is killed: the kernel closes the pipe's write end that the tests hold.
struct ServerProcess: Sendable {
    /// Why a server could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The port the server listens on, on 127.0.0.1.
    let port: Int
    /// The process id, for tests that inspect the server.
    let processID: Int32

    /// Keeps every launched server's stdin pipe open for the life of the test process.
    private static let keepAlive = Mutex<[FileHandle]>([])

    /// Runs `python3` with a script file and arguments, and waits for the port line.
    static func launchPython(script: String, arguments: [String] = [], name: String) throws -> ServerProcess {
        let directory = try TestFiles.directory()
        let scriptPath = directory + "/\(name).py"
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        return try launch(executable: "/usr/bin/env", arguments: ["python3", scriptPath] + arguments, name: name)
    }

    /// Runs a program and waits (up to 60 s) for it to print its port.
    static func launch(executable: String, arguments: [String], name: String) throws -> ServerProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        keepAlive.withLock { $0.append(input.fileHandleForWriting) }
        let line = readLine(from: output.fileHandleForReading)
        guard let line, let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw LaunchError(description: "the \(name) server did not report a port (got \(line ?? "end of output"))")
        }
        return ServerProcess(port: port, processID: process.processIdentifier)
    }

    /// Reads bytes up to the first newline; nil at end of output.
    private static func readLine(from handle: FileHandle) -> String? {
        var bytes = Data()
        while true {
            guard let chunk = try? handle.read(upToCount: 1), let byte = chunk.first else {
                return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }

    /// `http://127.0.0.1:PORT` followed by a path.
    func url(_ path: String, scheme: String = "http") -> String {
        "\(scheme)://127.0.0.1:\(port)\(path)"
    }
}

/// Temporary files for one test process.
enum TestFiles {
    private static let root: Result<String, Error> = Result {
        let path = NSTemporaryDirectory() + "requestkit-tests-\(getpid())-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The test process's temporary directory.
    static func directory() throws -> String { try root.get() }

    /// A fresh path inside the temporary directory.
    static func path(_ name: String) throws -> String {
        try directory() + "/\(UUID().uuidString.prefix(8))-\(name)"
    }
}
