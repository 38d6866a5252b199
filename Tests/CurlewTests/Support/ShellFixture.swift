import Foundation
import TestSupport

/// A temporary folder with a collection (`shop.json`: a folder `Users` with `List users`, and `Ping`), two environments
/// beside it, and a config and data folder of its own; shells started through it find the curlew under test on `$PATH`.
final class ShellFixture {
    /// The folder.
    let path: String

    /// Writes the collection and environments.
    init() throws {
        path = TemporaryFolder.path("curlew-shell")
        try FileManager.default.createDirectory(atPath: path + "/config", withIntermediateDirectories: true)
        try write("shop.json", """
        {"format": "curlew.collection", "version": 2, "name": "Shop",
         "folders": [{"name": "Users", "requests": [{"name": "List users", "url": "http://127.0.0.1:1/users"}]}],
         "requests": [{"name": "Ping", "url": "http://127.0.0.1:1/ping"}]}
        """)
        for name in ["staging", "prod"] {
            try write("\(name).env.json", #"{"format": "curlew.environment", "version": 1, "name": "\#(name)", "variables": []}"#)
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file in the folder.
    func write(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
    }

    /// The environment for a shell: curlew's folder first on `$PATH`, data and config folders inside the fixture.
    var environment: [String: String] {
        let binaries = (ProcessRunner.curlewPath as NSString).deletingLastPathComponent
        return ["PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "CURLEW_HOME": path + "/data", "XDG_CONFIG_HOME": path + "/config", "HOME": path]
    }

    /// Runs `script` with `shell -c`, in the fixture's folder.
    func run(_ shell: String, _ script: String) async throws -> ProcessResult {
        try await ProcessRunner.run(shell, ["-c", "cd '\(path)' && " + script], environment: environment)
    }

    /// The path of a shell on this machine, if it is installed.
    static func installed(_ name: String) -> String? {
        ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
