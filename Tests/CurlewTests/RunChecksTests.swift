import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestServers

/// `curlew run` with checks and captures: chaining, cookies, failure lines and reports.
@Suite struct RunChecksTests {
    private func loginCollection(token: String) async throws -> RunFixture {
        try RunFixture(requests: [
            RunFixture.request(
                "Login", try await LoopbackServers.httpbin("/anything/login"), method: "POST", checks: ["status == 200"],
                captures: ["token: jsonpath \"$.json.token\""], extra: #""body": {"type": "json", "text": "{\"token\": \"\#(token)\"}"}"#),
            RunFixture.request(
                "Profile", try await LoopbackServers.httpbin("/anything/me"), checks: ["jsonpath \"$.headers.Authorization\" == \"Bearer tok-ann\""],
                extra: #""auth": {"type": "bearer", "token": "{{token}}"}"#),
        ])
    }

    @Test func aLoginsCapturedTokenAuthorizesTheNextRequest() async throws {
        let fixture = try await loginCollection(token: "tok-ann")
        let result = try await fixture.run(["--concurrency", "4"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(RunFixture.lines(result).last == "2 passed, 0 failed")
    }

    @Test func aFailedCheckIsPrintedWithWhatCameAndWhereItIsWritten() async throws {
        let fixture = try await loginCollection(token: "tok-bob")
        let result = try await fixture.run()
        #expect(result.status == 1)
        let lines = RunFixture.lines(result)
        #expect(lines[1].hasPrefix("✘ Profile"))
        #expect(lines[2] == #"    jsonpath "$.headers.Authorization" == "Bearer tok-ann"  actual: "Bearer tok-bob""#)
        #expect(lines[3] == "    at \(fixture.collection): Profile")
    }

    @Test(arguments: [true, false])
    func cookiesSetByOneRequestAreSentByTheNextUnlessTurnedOff(cookies: Bool) async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Set", try await LoopbackServers.httpbin("/cookies/set?session=abc")),
            RunFixture.request("Read", try await LoopbackServers.httpbin("/cookies"), checks: ["jsonpath \"$.cookies.session\" == \"abc\""]),
        ])
        let result = try await fixture.run(cookies ? [] : ["--no-cookies"])
        #expect(result.status == (cookies ? 0 : 1), "\(result.output)")
    }

    @Test func reportsAreWrittenInEveryFormat() async throws {
        let fixture = try await loginCollection(token: "tok-bob")
        let junit = fixture.path + "/report.xml", json = fixture.path + "/report.json", tap = fixture.path + "/report.tap"
        let jsonl = fixture.path + "/report.jsonl"
        let result = try await fixture.run(["--report", "junit:\(junit)", "--report", "json:\(json)", "--report", "tap:\(tap)", "--report", "jsonl:\(jsonl)"])
        #expect(result.status == 1)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "2")
        #expect(suite.attribute(forName: "failures")?.stringValue == "1")
        let failure = try #require(suite.elements(forName: "testcase").last?.elements(forName: "failure").first?.stringValue)
        #expect(failure.contains(#"actual: "Bearer tok-bob""#))

        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let results = try #require(report["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[1]["path"] as? String == "Profile")
        #expect(results[1]["passed"] as? Bool == false)
        #expect((report["end"] as? [String: Any])?["failed"] as? Int == 1)

        let lines = try String(contentsOfFile: jsonl, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 4)
        let profile = try #require(try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(profile["path"] as? String == "Profile")

        let tapLines = try String(contentsOfFile: tap, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(tapLines.first == "TAP version 13")
        #expect(tapLines.contains("ok 1 - Login") && tapLines.contains("not ok 2 - Profile"))
        #expect(tapLines.last == "1..2")
    }
}
