import Foundation
import TestServers

/// A server started by the tests: a Python script that prints its port, run by `ScriptServer`,
/// which ends it with the test process.
struct ServerProcess: Sendable {
    /// Why a server or a helper program could not be started.
    struct LaunchError: Error, CustomStringConvertible {
        /// What went wrong.
        var description: String
    }

    /// The port the server listens on, on 127.0.0.1.
    let port: Int

    /// Runs `python3` with a script and arguments, and waits for the port line.
    static func launchPython(script: String, arguments: [String] = [], name: String) throws -> ServerProcess {
        ServerProcess(port: try ScriptServer.launch(script: script, arguments: arguments, name: name))
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
