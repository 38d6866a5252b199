import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// `curlew run` checks on Server-Sent Event streams (`sse count`, `sse event N …`) and the stream time limit.
@Suite struct RunStreamChecksTests {
    private func server() async throws -> String {
        try await Blocking.run { try EventStreamServer.baseURL() }
    }

    @Test func checksReadTheEventsOfAStreamThatEnds() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Ticks", try await server() + "/ticks?count=5&interval=1", checks: [
                "sse count == 5",
                "sse event 2 jsonpath \"$.i\" == 2",
                "sse event -1 id == \"4\"",
                "sse event 0 type == \"message\"",
                "sse events count == 5",
                "sse event 9 not exists",
            ]),
        ])
        let result = try await fixture.run()
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(RunFixture.lines(result).last == "1 passed, 0 failed")
    }

    @Test func aFailingSSECheckSaysWhatCame() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Ticks", try await server() + "/ticks?count=3&interval=1", checks: ["sse count == 4"]),
        ])
        let result = try await fixture.run()
        #expect(result.status == 1)
        #expect(result.output.contains("sse count == 4  actual: 3"))
    }

    @Test func theRunsStreamTimeoutStopsAStreamAndChecksWhatCame() async throws {
        let name = UUID().uuidString
        let fixture = try RunFixture(requests: [
            RunFixture.request("Held", try await server() + "/hold?name=\(name)", checks: ["status == 200", "sse count == 1", "sse event 0 == \"first\""]),
        ])
        let result = try await fixture.run(["--stream-timeout", "1"])
        _ = try await Client().send(prepared: PreparedRequest(method: .get, url: try await server() + "/ack?name=\(name)&step=1", headers: [], body: []), options: RequestOptions())
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(RunFixture.lines(result).last == "1 passed, 0 failed")
    }

    @Test func aRequestsOwnStreamSecondsStopsALongStream() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Long", try await server() + "/ticks?count=100000&interval=5", checks: ["sse count > 0", "sse event 0 jsonpath \"$.i\" == 0"],
                               extra: #""options": {"streamSeconds": 1}"#),
        ])
        let result = try await fixture.run()
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
    }

    @Test func aBadStreamTimeoutIsAUsageError() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("A", "http://127.0.0.1:9/")])
        let result = try await fixture.run(["--stream-timeout", "soon"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--stream-timeout"))
    }
}
