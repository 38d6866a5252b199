import Foundation
import Testing

/// `--help` of curlew and of each command: at most 80 columns, naming the man page.
@Suite struct HelpTextTests {
    /// The help commands and the man page each must name.
    static let helps: [(arguments: [String], manPage: String)] = [
        (["--help"], "man curlew"),
        (["send", "--help"], "man curlew-send"),
        (["run", "--help"], "man curlew-run"),
        (["import", "--help"], "man curlew-import"),
        (["export", "--help"], "man curlew-export"),
        (["history", "--help"], "man curlew-history"),
        (["auth", "--help"], "man curlew-auth"),
        (["completions", "--help"], "man curlew"),
    ]

    @Test("fits 80 columns and names the man page", arguments: helps)
    func fits(arguments: [String], manPage: String) async throws {
        let result = try await ProcessRunner.curlew(arguments)
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 5)
        for line in lines { #expect(line.count <= 80, "\(arguments): \(line.count) columns: \(line)") }
        #expect(result.output.contains(manPage))
    }
}
