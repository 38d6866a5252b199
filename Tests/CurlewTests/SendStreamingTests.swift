import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// `curlew send` on streamed responses: output as it arrives (proved by a server that waits for the test to
/// see each event before it sends the next), JSON Lines, flat memory on an endless stream, Ctrl+C, idle timeout.
@Suite struct SendStreamingTests {
    /// The bytes of the scripted stream, part by part, as the server sends them.
    static let scriptParts = [
        ": welcome\nretry: 3000\nid: 1\nevent: greeting\ndata: hello\n\n",
        "id: 2\ndata: {\"n\": 2, \"items\": [1, 2], \"text\": \"two\"}\n\n",
        "data: line one\r\ndata: line two\r\n\r\n",
        "event: done\ndata: bye \u{1B}[2J\n\n",
    ]

    /// A stream paced by the test's acknowledgments lasts as long as the test takes, which on a loaded machine
    /// can pass the default 30 s limit of a whole transfer.
    static let pacedByTheTest = ["--timeout", "300"]

    private func server() async throws -> String {
        try await Blocking.run { try EventStreamServer.baseURL() }
    }

    /// Lets the server send part `step + 1` of stream `name`.
    private func acknowledge(_ name: String, step: Int) async throws {
        let response = try await Client().send(prepared: PreparedRequest(method: .get, url: try await server() + "/ack?name=\(name)&step=\(step)", headers: [], body: []), options: RequestOptions(timeout: 30))
        #expect(response.text == "ok")
    }

    private func temporaryFolder() -> String {
        TemporaryFolder.path("curlew-stream")
    }

    @Test func pipedOutputIsEachEventsBytesBeforeTheNextIsSent() async throws {
        let name = UUID().uuidString
        let live = try LiveProcess.curlew(["send", try await server() + "/script?name=\(name)", "--no-history"] + Self.pacedByTheTest)
        var expected = ""
        for (step, part) in Self.scriptParts.enumerated() {
            expected += part
            // The server sends part `step + 2` only after the acknowledgment below, so this output came alone.
            let whole = expected
            #expect(try await live.wait { output, _ in output == whole })
            if step < Self.scriptParts.count - 1 { try await acknowledge(name, step: step + 1) }
        }
        let result = try await live.finish()
        #expect(result.status == 0)
        #expect(result.output == expected)
    }

    @Test func aTerminalGetsEventsDrawnOneByOneAndSanitized() async throws {
        let name = UUID().uuidString
        let live = try LiveProcess.curlewOnTerminal(["send", try await server() + "/script?name=\(name)", "--no-history"] + Self.pacedByTheTest)
        #expect(try await live.waitForOutput(containing: "hello\n"))
        let first = live.output
        #expect(first.contains("greeting"))
        #expect(first.contains("retry 3000 ms"))
        #expect(first.contains("+0."))
        #expect(!first.contains("items"))
        try await acknowledge(name, step: 1)
        #expect(try await live.waitForOutput(containing: "\"text\""))
        // The JSON data is pretty-printed: one member per line, colored.
        #expect(live.output.contains("\u{1B}[1;34m\"items\"\u{1B}[0m"))
        try await acknowledge(name, step: 2)
        #expect(try await live.waitForOutput(containing: "line one\nline two\n"))
        try await acknowledge(name, step: 3)
        let result = try await live.finish()
        #expect(result.status == 0)
        #expect(result.output.contains("done"))
        #expect(result.output.contains("bye ␛[2J"))
        #expect(!result.output.contains("\u{1B}[2J"))
    }

    @Test func formatJSONWritesOneObjectPerEvent() async throws {
        let name = UUID().uuidString
        let live = try LiveProcess.curlew(["send", try await server() + "/script?name=\(name)", "--no-history", "--format", "json"] + Self.pacedByTheTest)
        for step in 1...3 {
            #expect(try await live.wait { output, _ in output.split(separator: "\n").count == step })
            try await acknowledge(name, step: step)
        }
        let result = try await live.finish()
        #expect(result.status == 0)
        let objects = try result.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.count == 4)
        #expect(objects.map { $0["event"] as? String } == ["greeting", "message", "message", "done"])
        #expect(objects.map { $0["data"] as? String } == ["hello", "{\"n\": 2, \"items\": [1, 2], \"text\": \"two\"}", "line one\nline two", "bye \u{1B}[2J"])
        #expect(objects.map { $0["id"] as? String } == ["1", "2", "2", "2"])
        let times = objects.compactMap { $0["t"] as? Double }
        #expect(times.count == 4)
        #expect(times == times.sorted())
        #expect(objects.allSatisfy { Set($0.keys) == ["t", "event", "id", "data"] })
    }

    @Test func jsonLinesArePrettyPrintedOnATerminalAsTheyArrive() async throws {
        let name = UUID().uuidString
        let live = try LiveProcess.curlewOnTerminal(["send", try await server() + "/ndjson?name=\(name)", "--no-history"] + Self.pacedByTheTest)
        #expect(try await live.waitForOutput(containing: "\"one\""))
        #expect(!live.output.contains("two"))
        #expect(live.output.contains("\u{1B}[1;34m\"text\"\u{1B}[0m"))
        try await acknowledge(name, step: 1)
        #expect(try await live.waitForOutput(containing: "\"two\""))
        try await acknowledge(name, step: 2)
        let result = try await live.finish()
        #expect(result.status == 0)
        #expect(result.output.contains("\"three\""))
    }

    @Test func memoryStaysFlatOnAnEndlessStream() async throws {
        // No transfer limit: 160 MiB through a debug build on a loaded machine can take longer than the default 30 s.
        let live = try LiveProcess.curlew(["send", try await server() + "/endless?size=1000", "--no-history", "--timeout", "0"])
        #expect(try await live.wait { _, count in count >= 16 << 20 })
        let early = try live.peakMemoryKilobytes()
        // Past the 8 MiB kept for the history and past the 100 MiB limit of a body kept whole.
        #expect(try await live.wait { _, count in count >= 160 << 20 })
        let late = try live.peakMemoryKilobytes()
        live.signal(SIGINT)
        let result = try await live.finish()
        #expect(result.status == 0)
        if SanitizedRun.measuresMemory { #expect(late - early < 4096, "peak memory grew from \(early) kB to \(late) kB over 144 MiB of stream") }
        #expect(result.errorOutput.contains("stopped (Ctrl+C)"))
    }

    @Test func ctrlCEndsCleanlyAndTheHistoryKeepsWhatCame() async throws {
        let name = UUID().uuidString
        let folder = temporaryFolder()
        let live = try LiveProcess.curlew(["send", try await server() + "/hold?name=\(name)", "--data-dir", folder] + Self.pacedByTheTest)
        #expect(try await live.waitForOutput(containing: "data: first\n\n"))
        live.signal(SIGINT)
        let result = try await live.finish()
        try await acknowledge(name, step: 1)
        #expect(result.status == 0)
        #expect(result.output == "data: first\n\n")
        let history = try String(contentsOfFile: folder + "/history.jsonl", encoding: .utf8)
        let line = try #require(history.split(separator: "\n").last)
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(entry["status"] as? Int == 200)
        let response = try #require(entry["response"] as? [String: Any])
        #expect(response["body"] as? String == "data: first\n\n")
        #expect(response["stoppedEarly"] as? Bool == true)
        let events = try #require(response["events"] as? [[String: Any]])
        #expect(events.count == 1)
        #expect(events.first?["data"] as? String == "first")
        #expect(events.first?["event"] as? String == "message")
        #expect((events.first?["t"] as? Double).map { $0 >= 0 } == true)
        let id = try #require(entry["id"] as? String)
        let shown = try await ProcessRunner.curlew(["history", "show", id, "--data-dir", folder])
        #expect(shown.status == 0)
        #expect(shown.output.contains("(stopped before the server ended the body)"))
        #expect(shown.output.contains("data: first\n"))
        #expect(shown.output.contains("events: 1\n+0."))
        #expect(shown.output.contains("s  message\nfirst"))
    }

    @Test func idleTimeoutStopsASilentStream() async throws {
        let name = UUID().uuidString
        let result = try await ProcessRunner.curlew(["send", try await server() + "/hold?name=\(name)", "--no-history", "--idle-timeout", "1"])
        try await acknowledge(name, step: 1)
        #expect(result.status == 28)
        #expect(result.output == "data: first\n\n")
        #expect(result.errorOutput.contains("No data arrived for 1 s"))
        #expect(result.errorOutput.contains("--idle-timeout"))
    }

    @Test func idleTimeoutSaysAHeadWasStillArriving() async throws {
        let result = try await ProcessRunner.curlew(["send", try HostileServer.url("/dribble/head"), "--no-history", "--idle-timeout", "3"])
        #expect(result.status == 28)
        #expect(result.errorOutput.contains("The response head was still arriving when the idle limit of 3 s ran out"), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("No data arrived"))
        #expect(result.errorOutput.contains("(--idle-timeout)"))
    }

    @Test func idleTimeoutIsRangeChecked() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1:9/", "--idle-timeout", "-3"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--idle-timeout"))
    }
}
