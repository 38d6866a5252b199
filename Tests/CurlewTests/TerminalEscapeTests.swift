import Foundation
import Testing
import TestServers
import TestSupport

/// Nothing from a server or a file reaches a terminal as an escape sequence; pipes keep the exact bytes.
@Suite struct TerminalEscapeTests {
    /// Runs curlew under `script`, so that stdout and stderr are a pseudo-terminal, and returns what it showed.
    private func onTerminal(_ arguments: [String]) async throws -> Data {
        let command = ([ProcessRunner.curlewPath] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try await ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"]).stdout
    }

    /// Whether the bytes hold the server's escape sequences (OSC, clear screen), BEL or a C1 control
    /// (as UTF-8, C2 80–9F); curlew's own color sequences are allowed.
    private func holdsControls(_ bytes: Data) -> Bool {
        if bytes.range(of: Data("\u{1B}]".utf8)) != nil || bytes.range(of: Data("\u{1B}[2J".utf8)) != nil { return true }
        let array = [UInt8](bytes)
        for (index, byte) in array.enumerated() {
            if byte == 0x07 { return true }
            if byte == 0xC2, index + 1 < array.count, (0x80...0x9F).contains(array[index + 1]) { return true }
        }
        return false
    }

    /// The UTF-8 of the invisible characters `/bidi` sends: bidi controls, a zero-width space, U+2028, U+FEFF.
    private static let invisible = ["\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200B}", "\u{2028}", "\u{FEFF}"].map { Data($0.utf8) }

    /// Whether the bytes hold any of them raw.
    private func holdsInvisible(_ bytes: Data) -> Bool {
        Self.invisible.contains { bytes.range(of: $0) != nil }
    }

    @Test(arguments: [["-i"], ["-v"], ["--format", "json"]])
    func bidiControlsInTheHeadAndAJSONBodyAreShownVisibly(flags: [String]) async throws {
        let shown = try await onTerminal(["send", "--no-history", try HostileServer.url("/bidi")] + flags)
        #expect(!holdsInvisible(shown), "\(String(decoding: shown, as: UTF8.self))")
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains("safe<U+202E>txt.exe<U+202C> <U+2066>x<U+2069> z<U+200B>w<U+2028><U+FEFF>"))
    }

    @Test func bidiControlsInATextBodyAndAStreamAreShownVisibly() async throws {
        for path in ["/bidi/text", "/bidi/events"] {
            let shown = try await onTerminal(["send", "--no-history", try HostileServer.url(path)])
            #expect(!holdsInvisible(shown), "\(path): \(String(decoding: shown, as: UTF8.self))")
            #expect(String(decoding: shown, as: UTF8.self).contains("safe<U+202E>txt.exe"), "\(path)")
        }
    }

    @Test func pipesKeepTheInvisibleCharactersOfTheBody() async throws {
        let result = try await ProcessRunner.curlew(["send", "--no-history", "-i", try HostileServer.url("/bidi/text")])
        #expect(result.status == 0)
        #expect(holdsInvisible(result.stdout))
        #expect(result.stdout.range(of: Data("<U+".utf8)) == nil)
    }

    @Test func historyShowAndRunFailuresShowBidiControlsVisibly() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("evil", try HostileServer.url("/bidi"), checks: [#"header "X-Evil" == "plain""#, #"jsonpath "$.name" == "plain""#]),
        ])
        let run = try await onTerminal(["run", fixture.collection, "--data-dir", fixture.dataDirectory])
        #expect(!holdsInvisible(run), "\(String(decoding: run, as: UTF8.self))")
        #expect(String(decoding: run, as: UTF8.self).contains("<U+202E>"))
        let list = try await ProcessRunner.curlew(["history", "--data-dir", fixture.dataDirectory, "--json"])
        let id = try #require(String(decoding: list.stdout, as: UTF8.self).firstMatch(of: /"id": "([^"]+)"/)?.1)
        let shown = try await onTerminal(["history", "--data-dir", fixture.dataDirectory, "show", String(id)])
        #expect(String(decoding: shown, as: UTF8.self).contains("X-Evil: safe<U+202E>"))
        #expect(!holdsInvisible(shown))
    }

    @Test(arguments: [["-i"], ["-v"], ["--format", "json"]])
    func headerValuesReasonAndJSONAreShownVisibly(flags: [String]) async throws {
        let url = try HostileServer.url("/escapes")
        let shown = try await onTerminal(["send", "--no-history", url] + flags)
        #expect(!holdsControls(shown))
        let text = String(decoding: shown, as: UTF8.self)
        #expect(text.contains("␛") || text.contains("\u{FFFD}"))
    }

    @Test func jsonBodyC1ControlsAreReplacedOnATerminal() async throws {
        let folder = TemporaryFolder.path("curlew-c1")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shown = try await onTerminal(["send", "--no-history", try HostileServer.url("/escapes")])
        #expect(!holdsControls(shown))
    }

    @Test func pipesKeepTheExactHeadBytes() async throws {
        let result = try await ProcessRunner.curlew(["send", "--no-history", "-i", try HostileServer.url("/escapes")])
        #expect(result.status == 0)
        #expect(result.stdout.range(of: Data("\u{1B}]52;c;".utf8)) != nil)
    }

    @Test func historyShowDrawsStoredEscapesVisibly() async throws {
        let folder = TemporaryFolder.path("curlew-esc")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sent = try await ProcessRunner.curlew(["send", "--data-dir", folder, try HostileServer.url("/escapes")])
        #expect(sent.status == 0)
        let list = try await ProcessRunner.curlew(["history", "--data-dir", folder, "--json"])
        let id = try #require(String(decoding: list.stdout, as: UTF8.self).firstMatch(of: /"id": "([^"]+)"/)?.1)
        let shown = try await onTerminal(["history", "--data-dir", folder, "show", String(id)])
        #expect(String(decoding: shown, as: UTF8.self).contains("X-Evil"))
        #expect(!holdsControls(shown))
    }

    @Test func namesFromFilesInMessagesAndExportCommentsAreShownVisibly() async throws {
        let folder = TemporaryFolder.path("curlew-esc")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collection = """
        {
          "format": "curlew.collection",
          "version": 1,
          "name": "api",
          "requests": [
            {"name": "evil\\u001b]52;c;ZXZpbA==\\u0007\\u001b[2J", "method": "GET", "url": "http://127.0.0.1:1/"}
          ]
        }

        """
        try collection.write(toFile: folder + "/api.json", atomically: true, encoding: .utf8)
        let unset = collection.replacingOccurrences(of: "evil\\u001b]52;c;ZXZpbA==\\u0007\\u001b[2J", with: "unset")
            .replacingOccurrences(of: "http://127.0.0.1:1/", with: "http://127.0.0.1:1/{{missing\\u001b[2J}}")
        try unset.write(toFile: folder + "/unset.json", atomically: true, encoding: .utf8)
        let exported = try await onTerminal(["export", "curl", folder + "/api.json"])
        #expect(String(decoding: exported, as: UTF8.self).contains("evil"))
        #expect(!holdsControls(exported))
        let sent = try await onTerminal(["send", "--no-history", "--from", folder + "/unset.json", "unset"])
        #expect(String(decoding: sent, as: UTF8.self).contains("missing␛[2J"))
        #expect(!holdsControls(sent))
    }
}
