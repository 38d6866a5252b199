import Foundation

/// Compresses test bodies with tools independent of libcurl: the `zstd` and `gzip` command lines and
/// Python's `brotlicffi` (installed with httpbin) and `zlib`.
enum ContentCoding {
    /// The `Content-Encoding` names libcurl here decodes.
    static let all = ["zstd", "gzip", "br", "deflate"]

    /// Writes `data` compressed for `coding` to a fresh file and returns its path.
    static func compressedFile(_ data: Data, coding: String) throws -> String {
        let plain = try Wire.temporaryFile("plain.txt", contents: data)
        let output = try TestFiles.path("body.\(coding)")
        switch coding {
        case "zstd":
            try run(["zstd", "-q", "-19", "-f", plain, "-o", output])
        case "gzip":
            try run(["gzip", "-9", "-n", "-k", "-f", plain])
            try FileManager.default.moveItem(atPath: plain + ".gz", toPath: output)
        case "br":
            try run(["python3", "-c", "import sys, brotlicffi; open(sys.argv[2], 'wb').write(brotlicffi.compress(open(sys.argv[1], 'rb').read()))", plain, output])
        case "deflate":
            try run(["python3", "-c", "import sys, zlib; open(sys.argv[2], 'wb').write(zlib.compress(open(sys.argv[1], 'rb').read(), 9))", plain, output])
        default:
            throw ServerProcess.LaunchError(description: "no compressor for '\(coding)'")
        }
        return output
    }

    /// Text of about `count` bytes that compresses well but not trivially: numbered lines of varying words.
    static func sampleText(count: Int) -> Data {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo"]
        var text = ""
        var line = 0
        while text.utf8.count < count {
            text += "\(line): " + (0..<(line % 7 + 3)).map { words[($0 * 7 + line * 3) % words.count] }.joined(separator: " ") + "\n"
            line += 1
        }
        return Data(text.utf8)
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        // Standard error goes to a file, not a pipe: a server another test starts at the same moment could inherit a
        // pipe's write end and keep a read to its end waiting forever.
        let errorPath = NSTemporaryDirectory() + "curlew-coding-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).err"
        guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errors = FileHandle(forWritingAtPath: errorPath) else {
            throw ServerProcess.LaunchError(description: "cannot create \(errorPath) for the compressor's messages")
        }
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        try? errors.close()
        let message = FileManager.default.contents(atPath: errorPath) ?? Data()
        guard process.terminationStatus == 0 else {
            throw ServerProcess.LaunchError(description: "\(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(String(decoding: message, as: UTF8.self)). Run 'make test-deps'.")
        }
    }
}
