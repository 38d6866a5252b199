import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

/// Hurl's `report.json` as curlew writes it: the keys of Hurl's own shape (its `HurlResultJson`), one object per
/// file and pass, and an existing report kept and added to.
@Suite struct HurlJSONReportTests {
    static let fileKeys: Set<String> = ["filename", "entries", "success", "time", "cookies"]
    static let entryKeys: Set<String> = ["index", "line", "calls", "captures", "asserts", "time", "curl_cmd"]
    static let requestKeys: Set<String> = ["method", "url", "headers", "cookies", "query_string"]
    static let responseKeys: Set<String> = ["http_version", "status", "headers", "cookies"]
    static let timingKeys: Set<String> = [
        "begin_call", "end_call", "name_lookup", "connect", "app_connect", "pre_transfer", "start_transfer", "total",
    ]

    /// Writes a run of two files (two entries, then one) to `path`.
    private func write(to path: String) throws {
        let first = RunHarness.steps([SavedRequest(name: "One", url: "http://h/one"), SavedRequest(name: "Two", url: "http://h/two")], file: "a.hurl")
        let second = RunHarness.steps([SavedRequest(name: "Three", url: "http://h/three")], file: "b.hurl")
        let plan = RunPlan(steps: first + second)
        let check = try Check.parse("status == 200")
        var report = try RunReportFormat.hurlJSON.open(path)
        try report.begin(plan: plan)
        for index in 0..<plan.count {
            let step = plan.steps[index]
            var result = RunResult(
                entry: plan.entry(at: index), name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
                dataRow: nil, method: "GET", url: step.request.url + "?q=a%20b", status: 200, duration: 0.02,
                checks: [CheckResult(check: check, passed: index != 1, actual: index == 1 ? "500" : "200", expected: "== 200")])
            result.excerpt = ExchangeExcerpt.make(
                prepared: PreparedRequest(method: .get, url: result.url, headers: ["Cookie": "session=abcdefgh"]),
                response: Response(statusCode: 200, headers: ["Set-Cookie": "session=abcdefgh"], timings: Timings(dns: 0.001, connect: 0.002, firstByte: 0.01, total: 0.02)),
                startedAt: Date(), secrets: [], url: result.url, bodyBytes: 16)
            try report.add(result)
        }
        try report.end(RunTotals(passed: 2, failed: 1, skipped: 0, duration: 0.06))
    }

    private func files(at path: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test func theReportHasHurlsShape() throws {
        let path = TemporaryFolder.path("curlew-hurl-report", suffix: ".json")
        try write(to: path)
        let files = try files(at: path)
        #expect(files.map { $0["filename"] as? String } == ["a.hurl", "b.hurl"])
        #expect(files.map { $0["success"] as? Bool } == [false, true])
        for file in files {
            #expect(Set(file.keys) == Self.fileKeys)
            for entry in try #require(file["entries"] as? [[String: Any]]) {
                #expect(Set(entry.keys) == Self.entryKeys)
                let call = try #require((entry["calls"] as? [[String: Any]])?.first)
                #expect(Set(call.keys) == ["request", "response", "timings"])
                #expect(Set(try #require(call["request"] as? [String: Any]).keys) == Self.requestKeys)
                #expect(Set(try #require(call["response"] as? [String: Any]).keys) == Self.responseKeys)
                let timings = try #require(call["timings"] as? [String: Any])
                #expect(Set(timings.keys) == Self.timingKeys)
                #expect(timings["total"] as? Int == 20_000)
                #expect(timings["connect"] as? Int == 3000)
                #expect((entry["curl_cmd"] as? String)?.hasPrefix("curl ") == true)
            }
        }
        let entries = try #require(files[0]["entries"] as? [[String: Any]])
        #expect(entries.map { $0["index"] as? Int } == [1, 2])
        let asserts = try #require(entries[1]["asserts"] as? [[String: Any]])
        #expect(asserts.first?["success"] as? Bool == false)
        #expect((asserts.first?["message"] as? String)?.contains("actual: 500") == true)
        let request = try #require((entries[0]["calls"] as? [[String: Any]])?.first?["request"] as? [String: Any])
        let query = try #require(request["query_string"] as? [[String: String]])
        #expect(query == [["name": "q", "value": "a b"]])
        // Cookie headers are masked, as in every report.
        #expect((request["headers"] as? [[String: String]])?.first?["value"] == "[redacted]")
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("abcdefgh"))
    }

    @Test func anExistingReportIsKeptAndAddedTo() throws {
        let path = TemporaryFolder.path("curlew-hurl-report", suffix: ".json")
        try write(to: path)
        try write(to: path)
        #expect(try files(at: path).map { $0["filename"] as? String } == ["a.hurl", "b.hurl", "a.hurl", "b.hurl"])
        try Data("{\"not\": \"an array\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: RunReportError.self) { try RunReportFormat.hurlJSON.open(path) }
    }
}
