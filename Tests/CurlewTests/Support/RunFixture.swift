import Foundation
import Testing
import TestServers
import TestSupport

/// A temporary folder holding a collection written by a test, a data folder for the history, and any other
/// files the test writes there; removed when the test ends.
final class RunFixture {
    /// The folder.
    let path: String
    /// The collection file.
    var collection: String { path + "/api.json" }
    /// The data folder given with `--data-dir`.
    var dataDirectory: String { path + "/data" }

    /// Writes a collection named `API` with these request objects (JSON text each) and folders.
    init(requests: [String], folders: [String] = [], variables: String? = nil) throws {
        path = TemporaryFolder.path("curlew-run")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        var members = [#""format": "curlew.collection""#, #""version": 2"#, #""name": "API""#]
        if let variables { members.append(#""variables": \#(variables)"#) }
        if !folders.isEmpty { members.append(#""folders": [\#(folders.joined(separator: ", "))]"#) }
        members.append(#""requests": [\#(requests.joined(separator: ", "))]"#)
        try write("api.json", "{\n  " + members.joined(separator: ",\n  ") + "\n}\n")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Runs `curlew run` on the collection with the arguments after it; the history goes to the fixture's data folder.
    func run(_ arguments: [String] = [], history: Bool = false) async throws -> ProcessResult {
        var all = ["run", collection] + arguments + ["--data-dir", dataDirectory]
        if !history { all.append("--no-history") }
        return try await ProcessRunner.curlew(all, environment: [:])
    }

    /// The stdout lines of a result.
    static func lines(_ result: ProcessResult) -> [String] {
        result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(result.output.hasSuffix("\n") ? 1 : 0).map { $0 }
    }

    /// A JSON request object.
    static func request(_ name: String, _ url: String, method: String = "GET", checks: [String] = [], captures: [String] = [], extra: String = "") -> String {
        var members = [#""name": \#(quote(name))"#, #""method": "\#(method)""#, #""url": \#(quote(url))"#]
        if !checks.isEmpty { members.append(#""checks": [\#(checks.map(quote).joined(separator: ", "))]"#) }
        if !captures.isEmpty { members.append(#""captures": [\#(captures.map(quote).joined(separator: ", "))]"#) }
        if !extra.isEmpty { members.append(extra) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A JSON string literal.
    static func quote(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data("[\"\"]".utf8)
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    /// A port on loopback that nothing listens on.
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
