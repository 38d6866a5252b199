import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

@Suite struct RunReportTests {
    /// A plan of two requests with two data rows, and the four results of a run of it, the last one failed.
    func sample() throws -> (RunPlan, [RunResult]) {
        let steps = RunHarness.steps([SavedRequest(name: "Login", url: "http://h/login"), SavedRequest(name: "Profile <me>", url: "http://h/me")], file: "api.json")
        let rows = [DataRow(number: 1, line: 2, columns: []), DataRow(number: 2, line: 3, columns: [])]
        let plan = RunPlan(steps: steps, dataRows: rows)
        let check = try Check.parse("jsonpath \"$.token\" == \"tok-ann\"")
        let results = (0..<plan.count).map { index in
            let entry = plan.entry(at: index)
            let step = steps[entry.stepIndex]
            var result = RunResult(
                entry: entry, name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
                dataRow: entry.dataRowIndex.map { $0 + 1 }, method: "GET", url: step.request.url, status: 200, duration: 0.012,
                bodySize: 10, checks: [CheckResult(check: check, passed: true, actual: "\"tok-ann\"", expected: "== \"tok-ann\"")])
            if index == 3 {
                result.checks = [CheckResult(check: check, passed: false, actual: "\"tok-bob\u{1}\"", expected: "== \"tok-ann\"")]
            }
            return result
        }
        return (plan, results)
    }

    /// Writes a report of the sample run; with `stoppingAfter`, of only its first results, as a run that stopped.
    func write(_ format: RunReportFormat, stoppingAfter count: Int? = nil) throws -> String {
        let (plan, results) = try sample()
        let path = TemporaryFolder.path("curlew-report")
        var report = try format.open(path)
        try report.begin(plan: plan)
        let written = results.prefix(count ?? results.count)
        for result in written { try report.add(result) }
        let failed = written.filter { !$0.passed }.count
        try report.end(RunTotals(passed: written.count - failed, failed: failed, skipped: results.count - written.count, duration: 0.1))
        return path
    }

    @Test func junitHasTheStructureCIToolsRead() throws {
        let path = try write(.junit)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["Tests [row 1]", "Tests [row 2]"])
        #expect(suites.map { $0.attribute(forName: "tests")?.stringValue } == ["2", "2"])
        #expect(suites.map { $0.attribute(forName: "failures")?.stringValue } == ["0", "1"])
        let cases = suites[1].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["Login", "Profile <me>"])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        let text = try #require(failure.stringValue)
        #expect(text.contains("jsonpath \"$.token\" == \"tok-ann\"  actual: \"tok-bob\""))
        #expect(text.contains("at api.json: Profile <me>, data row 2"))
        #expect(failure.attribute(forName: "message")?.stringValue?.contains("tok-bob") == true)
        #expect(suites[0].elements(forName: "testcase").allSatisfy { $0.elements(forName: "failure").isEmpty })
    }

    @Test func junitListsTheRequestsLeftUnrunAsSkipped() throws {
        // The run stopped after the first row's first request (as --bail does on a failure).
        let path = try write(.junit, stoppingAfter: 1)
        let root = try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: path)).rootElement())
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["Tests [row 1]", "not run"])
        #expect(suites[1].attribute(forName: "skipped")?.stringValue == "3")
        #expect(suites[1].attribute(forName: "tests")?.stringValue == "3")
        let skipped = suites[1].elements(forName: "testcase")
        #expect(skipped.map { $0.attribute(forName: "name")?.stringValue } == ["Profile <me>", "Login", "Profile <me>"])
        #expect(skipped.allSatisfy { $0.elements(forName: "skipped").count == 1 })
        #expect(skipped[2].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue?.hasSuffix("data row 2") == true)
        #expect(suites[0].elements(forName: "testcase").count == 1)
    }

    @Test func jsonLinesReportHasADocumentedLinePerResult() throws {
        let path = try write(.jsonl)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["type"] as? String } == ["start", "result", "result", "result", "result", "end"])
        #expect(objects[0]["total"] as? Int == 4)
        let failed = objects[4]
        let keys: Set<String> = [
            "type", "index", "iteration", "dataRow", "collection", "path", "name", "origin", "method", "url", "status", "passed",
            "durationMs", "bytesSent", "bytesReceived", "bodySize", "attempts", "error", "checks", "captures", "captureFailures",
        ]
        #expect(Set(failed.keys) == keys)
        #expect(failed["passed"] as? Bool == false)
        #expect(failed["dataRow"] as? Int == 2)
        let check = try #require((failed["checks"] as? [[String: Any]])?.first)
        #expect(check["actual"] as? String == "\"tok-bob\u{1}\"")
        #expect(check["expected"] as? String == "== \"tok-ann\"")
        #expect(objects[5]["passed"] as? Int == 3)
        #expect(objects[5]["failed"] as? Int == 1)
    }

    @Test func tapReportListsEachRequestAndThePlanLast() throws {
        let path = try write(.tap)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "TAP version 13")
        #expect(lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") } == [
            "ok 1 - Login [row 1]", "ok 2 - Profile <me> [row 1]", "ok 3 - Login [row 2]", "not ok 4 - Profile <me> [row 2]",
        ])
        #expect(lines.contains("  ---"))
        #expect(lines.contains("      actual: \"\\\"tok-bob\\u0001\\\"\""))
        #expect(lines.dropLast().last == "1..4")
    }

    @Test func tapReportMarksTheRequestsLeftUnrunAsSkipped() throws {
        let path = try write(.tap, stoppingAfter: 2)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.suffix(4) == [
            "ok 3 - Login [row 2] # SKIP not run: the run stopped before it",
            "ok 4 - Profile <me> [row 2] # SKIP not run: the run stopped before it",
            "1..4", "# 2 skipped",
        ])
    }
}
