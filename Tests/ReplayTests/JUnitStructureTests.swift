import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

/// The JUnit report against what CI tools read (Jenkins, GitLab, GitHub actions): `testsuites` holding `testsuite`
/// elements whose `tests`, `failures`, `errors`, `skipped` and `time` add up from their `testcase` children, each
/// testcase with `name`, `classname` and `time`, `failure` and `error` with `message` and `type`, and `skipped`.
@Suite struct JUnitStructureTests {
    /// A run of three requests: one passes, one fails a check, one cannot be sent; a fourth is left unrun.
    private func report() throws -> XMLElement {
        let steps = RunHarness.steps([
            SavedRequest(name: "Ok", url: "http://h/ok"), SavedRequest(name: "Check & fail", url: "http://h/check"),
            SavedRequest(name: "Refused", url: "http://h:9/"), SavedRequest(name: "Never", url: "http://h/never"),
        ], file: "api.json")
        let plan = RunPlan(steps: steps)
        let check = try Check.parse("status == 200")
        let results = (0..<3).map { index in
            let step = steps[index]
            var result = RunResult(
                entry: plan.entry(at: index), name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
                dataRow: nil, method: "GET", url: step.request.url, status: 200, duration: 0.25,
                checks: [CheckResult(check: check, passed: true, actual: "200", expected: "== 200")])
            if index == 1 { result.checks = [CheckResult(check: check, passed: false, actual: "500 <b>", expected: "== 200")] }
            if index == 2 {
                result.status = nil
                result.checks = []
                result.error = "Could not connect to h:9: the connection was refused."
            }
            return result
        }
        let path = TemporaryFolder.path("curlew-junit", suffix: ".xml")
        var report = try RunReportFormat.junit.open(path)
        try report.begin(plan: plan)
        for result in results { try report.add(result) }
        try report.end(RunTotals(passed: 1, failed: 2, skipped: 1, duration: 0.75))
        return try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: path)).rootElement())
    }

    private func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attribute(forName: name)?.stringValue
    }

    @Test func suitesAndTestcasesCarryTheAttributesCIToolsRead() throws {
        let root = try report()
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 2)
        for suite in suites {
            let cases = suite.elements(forName: "testcase")
            for name in ["name", "tests", "failures", "errors", "skipped", "time", "timestamp"] {
                #expect(attribute(suite, name) != nil, "testsuite without \(name)")
            }
            #expect(attribute(suite, "tests") == String(cases.count))
            #expect(attribute(suite, "failures") == String(cases.filter { !$0.elements(forName: "failure").isEmpty }.count))
            #expect(attribute(suite, "errors") == String(cases.filter { !$0.elements(forName: "error").isEmpty }.count))
            #expect(attribute(suite, "skipped") == String(cases.filter { !$0.elements(forName: "skipped").isEmpty }.count))
            let time = try #require(attribute(suite, "time").flatMap(Double.init))
            let sum = cases.compactMap { attribute($0, "time").flatMap(Double.init) }.reduce(0, +)
            #expect(abs(time - sum) < 0.001)
            for testcase in cases {
                #expect(attribute(testcase, "name")?.isEmpty == false)
                #expect(attribute(testcase, "classname")?.isEmpty == false)
                #expect(attribute(testcase, "time").flatMap(Double.init) != nil)
            }
        }
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.map { attribute($0, "name") } == ["Ok", "Check & fail", "Refused"])
        #expect(cases[0].children?.isEmpty ?? true)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(attribute(failure, "type") == "check")
        #expect(attribute(failure, "message")?.contains("status == 200") == true)
        #expect(failure.stringValue?.contains("actual: 500 <b>") == true)
        let error = try #require(cases[2].elements(forName: "error").first)
        #expect(attribute(error, "type") == "send")
        #expect(attribute(error, "message")?.contains("connection was refused") == true)
        #expect(attribute(suites[1], "name") == "not run")
        let skipped = try #require(suites[1].elements(forName: "testcase").first?.elements(forName: "skipped").first)
        #expect(attribute(skipped, "message")?.hasPrefix("not run") == true)
    }
}
