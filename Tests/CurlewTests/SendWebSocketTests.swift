import Foundation
import Testing
import TestServers

/// `curlew send ws://…` and `wss://…` against real servers on loopback: messages from `--message` and stdin, the
/// line and JSON outputs, exit codes, limits, and the close codes sent to a hostile server.
@Suite(.timeLimit(.minutes(1))) struct SendWebSocketTests {
    /// Runs curlew with `input` on its stdin (through the shell, so that it is a pipe).
    private func curlew(_ arguments: [String], input: String) async throws -> ProcessResult {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        return try await ProcessRunner.run("/bin/sh", ["-c", "printf '%s' \"$CURLEW_INPUT\" | '\(ProcessRunner.curlewPath)' \(quoted)"],
                                           environment: ["CURLEW_INPUT": input])
    }

    /// Each stdout line read as a JSON object.
    private func jsonLines(_ result: ProcessResult) throws -> [[String: Any]] {
        try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test func messagesGoOutAndEchoesArePrintedOnePerLine() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/echo"), "--message", "first", "--message", "second"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "first\nsecond\n")
    }

    @Test func stdinLinesAreTextMessages() async throws {
        let result = try await curlew(["send", try WebSocketServer.url("/echo")], input: "one\ntwo\r\nthree")
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "one\ntwo\nthree\n")
    }

    @Test func jsonFormatWritesBothDirections() async throws {
        let result = try await curlew(["send", try WebSocketServer.url("/echo"), "--format", "json"], input: "hi\n")
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = try jsonLines(result)
        let messages = lines.filter { $0["type"] as? String == "text" }
        #expect(messages.map { $0["dir"] as? String } == ["out", "in"])
        #expect(messages.map { $0["data"] as? String } == ["hi", "hi"])
        #expect(messages.allSatisfy { $0["t"] is Double || $0["t"] is Int })
        #expect(lines.last?["type"] as? String == "close")
    }

    @Test func binaryStdinGoesOutAsBinary() async throws {
        let result = try await curlew(["send", try WebSocketServer.url("/echo"), "--binary", "--format", "json"], input: "abc")
        #expect(result.status == 0, "\(result.errorOutput)")
        let received = try jsonLines(result).filter { $0["dir"] as? String == "in" && $0["type"] as? String == "binary" }
        #expect(received.map { $0["data"] as? String } == ["YWJj"])
    }

    @Test func closeAfterEndsOnTheNthMessage() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/fragments"), "--close-after", "1"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "Hello, fragmented world\n")
    }

    @Test func serverPingsAreAnswered() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/ping"), "--close-after", "1", "--format", "json"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let types = try jsonLines(result).map { "\($0["dir"] ?? "") \($0["type"] ?? "")" }
        #expect(types.starts(with: ["in ping", "out pong", "in text"]))
    }

    @Test func idleTimeoutClosesNormally() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/silent"), "--idle-timeout", "0.5"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }

    @Test func serverCloseWithAnUnusualCodeExits56() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/close"), "--close-after", "5"])
        #expect(result.status == 56)
        #expect(result.output == "bye\n")
        #expect(result.errorOutput.contains("4001"))
        #expect(result.errorOutput.contains("done here"))
    }

    @Test func refusedUpgradeExits22() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/refuse"), "--message", "x"])
        #expect(result.status == 22)
        #expect(result.errorOutput.contains("403"))
    }

    @Test func subprotocolIsOffered() async throws {
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/subprotocol"), "--subprotocol", "chat.v1", "--close-after", "1"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "chat.v1\n")
    }

    @Test func headersAuthAndCookiesGoWithTheHandshake() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-ws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let jar = folder.appendingPathComponent("jar.txt").path
        try "127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tabc123\n".write(toFile: jar, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["send", try WebSocketServer.url("/headers"), "-H", "X-Test: {{value}}", "--var", "value=yes",
                                                     "--bearer", "tok", "--cookie-jar", jar, "--close-after", "1"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["Authorization"] as? String == "Bearer tok")
        #expect(object["X-Test"] as? String == "yes")
        #expect(object["Cookie"] as? String == "session=abc123")
    }

    @Test func wssTrustsTheGivenCertificate() async throws {
        let url = try WebSocketServer.tlsURL("/echo")
        let trusted = try await ProcessRunner.curlew(["send", url, "--cacert", try WebSocketServer.certificate(), "--message", "secure"])
        #expect(trusted.status == 0, "\(trusted.errorOutput)")
        #expect(trusted.output == "secure\n")
        let untrusted = try await ProcessRunner.curlew(["send", url, "--message", "secure"])
        #expect(untrusted.status == 60)
        #expect(untrusted.output.isEmpty)
    }

    @Test(arguments: [("invalid-utf8", 1007, Int32(56)), ("bad-opcode", 1002, 56), ("masked", 1002, 56), ("reserved", 1002, 56), ("oversized", 1009, 63)])
    func hostileServerGetsTheRightCloseCode(name: String, code: Int, status: Int32) async throws {
        let (url, id) = try HostileWebSocketServer.url(case: name)
        let result = try await ProcessRunner.curlew(["send", url, "--max-message-size", "1k", "--no-deflate", "--close-after", "3"])
        #expect(result.status == status, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("code \(code)"))
        let report = try await ProcessRunner.curlew(["send", try HostileWebSocketServer.reportURL(id: id)])
        #expect(report.output == String(code))
    }

    @Test func droppedConnectionExits56() async throws {
        let (url, _) = try HostileWebSocketServer.url(case: "drop")
        let result = try await ProcessRunner.curlew(["send", url, "--close-after", "3"])
        #expect(result.status == 56)
        #expect(result.output == "hi\n")
        #expect(result.errorOutput.contains("without a closing handshake"))
    }

    @Test func escapesFromTheServerStayInJSONStrings() async throws {
        let (url, _) = try HostileWebSocketServer.url(case: "escapes")
        let result = try await ProcessRunner.curlew(["send", url, "--format", "json", "--close-after", "3"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(!result.output.contains("\u{1B}"))
        let text = try jsonLines(result).first { $0["type"] as? String == "text" }
        #expect((text?["data"] as? String)?.hasPrefix("\u{1B}[2J") == true)
    }

    @Test(arguments: [
        (["--close-after", "x"], "--close-after"),
        (["--max-message-size", "lots"], "--max-message-size"),
        (["--subprotocol", "a b"], "--subprotocol"),
        (["--message", "x", "--binary"], "--binary"),
    ])
    func badValuesAreUsageErrors(arguments: [String], named: String) async throws {
        let result = try await ProcessRunner.curlew(["send", "ws://127.0.0.1:9/"] + arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(named))
    }

    @Test func webSocketOptionsNeedAWebSocketURL() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1:9/", "--message", "x"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("ws://"))
    }

    @Test func interruptClosesCleanly() async throws {
        let live = try LiveProcess.curlew(["send", try WebSocketServer.url("/silent"), "--message", "x", "--close-after", "100", "--format", "json"])
        #expect(try await live.waitForOutput(containing: "\"dir\": \"out\""))
        live.signal(SIGINT)
        let result = try await live.finish()
        #expect(result.status == 0, "\(result.errorOutput)")
        let close = try jsonLines(result).last
        #expect(close?["type"] as? String == "close")
        #expect(close?["dir"] as? String == "out")
        #expect(close?["code"] as? Int == 1000)
    }
}
