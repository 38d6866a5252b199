import Foundation

/// Runs `/bin/sh -c` command lines for tests, their standard output collected in a file rather than a pipe: a server
/// another test starts at the same moment could inherit a pipe's write end and keep a read to its end waiting forever.
enum ShellCommand {
    /// Runs `command`; returns its exit status and standard output (standard error is dropped).
    static func run(_ command: String) throws -> (status: Int32, output: Data) {
        let outputPath = NSTemporaryDirectory() + "curlew-shell-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).out"
        guard FileManager.default.createFile(atPath: outputPath, contents: nil), let output = FileHandle(forWritingAtPath: outputPath) else {
            throw ServerProcess.LaunchError(description: "cannot create \(outputPath) for the output of: \(command)")
        }
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try? output.close()
        return (process.terminationStatus, FileManager.default.contents(atPath: outputPath) ?? Data())
    }
}
