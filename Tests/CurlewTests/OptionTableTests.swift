import Foundation
import Testing

/// Every option in a command's table (as the completions offer it) is read by that command's parser, and an
/// option outside the table is refused: the table and the reader cannot drift apart.
@Suite struct OptionTableTests {
    /// Each command, with arguments that make it stop after reading its command line (nothing is sent or written).
    static let commands: [(name: String, before: [String])] = [
        ("send", ["--print-curl", "http://127.0.0.1:1/"]),
        ("run", ["/nonexistent/collection.json"]),
        ("import", ["curl", "/nonexistent/commands.txt"]),
        ("export", ["hurl", "/nonexistent/collection.json"]),
        ("history", ["--limit", "1"]),
        ("auth", ["status", "--data-dir", "/nonexistent/data"]),
    ]

    @Test("each option of the table is read", arguments: commands)
    func everyOptionIsRead(name: String, before: [String]) async throws {
        let fixture = try ShellFixture()
        let listed = try await ProcessRunner.curlew(["__complete", "bash", "curlew \(name) -"], environment: fixture.environment)
        let options = listed.output.split(separator: "\n").dropFirst(2).map(String.init)
        #expect(options.count >= 3, "\(listed.output)")
        for option in options {
            let result = try await ProcessRunner.curlew([name] + before + [option, "x", "y"], environment: fixture.environment)
            #expect(!result.errorOutput.contains("unknown option"), "\(name) \(option): \(result.errorOutput)")
            #expect(!result.errorOutput.contains("but not read"), "\(name) \(option): \(result.errorOutput)")
        }
    }

    @Test("an option outside the table is refused, naming it and the help", arguments: commands)
    func unknownOption(name: String, before: [String]) async throws {
        let result = try await ProcessRunner.curlew([name] + before + ["--no-such-option"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("unknown option '--no-such-option'"), "\(result.errorOutput)")
    }

    @Test("short flags from the table combine, and long options take =VALUE")
    func shortsAndInlineValues() async throws {
        let fixture = try ShellFixture()
        let combined = try await ProcessRunner.curlew(["run", fixture.path + "/shop.json", "-qv"], environment: fixture.environment)
        #expect(combined.errorOutput.contains("--quiet and --verbose cannot be used together"), "\(combined.errorOutput)")
        let inline = try await ProcessRunner.curlew(["send", "--print-curl", "--env=staging", "--from=" + fixture.path + "/shop.json", "Ping"],
                                                    environment: fixture.environment)
        #expect(inline.status == 0, "\(inline.errorOutput)")
        #expect(inline.output.contains("http://127.0.0.1:1/ping"))
    }
}
