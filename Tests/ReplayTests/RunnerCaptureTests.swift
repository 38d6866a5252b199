import Foundation
import Testing
import RequestKit
import RequestStore
import TestServers
@testable import Replay
import TestSupport

/// Checks and captures in a run: values flow from a login to the requests after it, per data row.
@Suite struct RunnerCaptureTests {
    /// A login that echoes the token given in its JSON body, and a request that sends the captured token back.
    private func loginAndProfile(token: String, secret: Bool = false) throws -> [SavedRequest] {
        [
            SavedRequest(
                name: "Login", method: .post, url: try LoopbackHTTPBin.url("/anything/login"), body: .json(#"{"token": "\#(token)"}"#),
                checks: [try Check.parse("status == 200")],
                captures: [try CaptureRule.parse("token: jsonpath \"$.json.token\"" + (secret ? " redact" : ""))]),
            SavedRequest(
                name: "Profile", url: try LoopbackHTTPBin.url("/anything/me"),
                headers: [KeyValueRow(name: "X-Token", value: "{{token}}")],
                checks: [try Check.parse("jsonpath \"$.headers['X-Token']\" == \"tok-ann\"")]),
        ]
    }

    @Test func aCapturedTokenIsSentByTheNextRequest() async throws {
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(try loginAndProfile(token: "tok-ann"))), variables: RunVariables(), options: RunOptions(concurrency: 4))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, true])
        #expect(results[0].captures == [CapturedValue(variable: "token", value: "tok-ann", isSecret: false)])
    }

    @Test func aFailedCheckSaysWhatWasExpectedAndWhatCame() async throws {
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(try loginAndProfile(token: "tok-bob"))), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, false])
        let failure = try #require(results[1].failures.first)
        #expect(failure.kind == .check)
        #expect(failure.line == #"jsonpath "$.headers['X-Token']" == "tok-ann"  actual: "tok-bob""#)
    }

    @Test func aFailedCheckUsingAVariableSaysTheValueItExpected() async throws {
        var profile = try loginAndProfile(token: "tok-bob")
        profile[1].checks = [try Check.parse(#"jsonpath "$.headers['X-Token']" == "{{token}}-x""#)]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(profile)), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        let failure = try #require(results[1].failures.first)
        #expect(failure.line == #"jsonpath "$.headers['X-Token']" == "{{token}}-x"  expected: == "tok-bob-x"  actual: "tok-bob""#)
        // A secret value is not shown as what was expected either.
        var secret = try loginAndProfile(token: "tok-bob", secret: true)
        secret[1].checks = profile[1].checks
        let redacted = RunHarness.results(await RunHarness.events(Runner(plan: RunPlan(steps: RunHarness.steps(secret)), variables: RunVariables())))
        let hidden = try #require(redacted[1].failures.first)
        #expect(hidden.expected == "== \"\(Redaction.marker)-x\"")
    }

    @Test func secretCapturesAreRedactedInResults() async throws {
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(try loginAndProfile(token: "tok-bob", secret: true))), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results[0].captures == [CapturedValue(variable: "token", value: Redaction.marker, isSecret: true)])
        #expect(results[1].failures.first?.actual?.contains("tok-bob") == false)
    }

    @Test func secretCapturesAreRedactedInTheHistory() async throws {
        let directory = TemporaryFolder.path("curlew-run-capture-history")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = StorePaths.resolve(dataDirectoryOption: directory)
        let runner = Runner(
            plan: RunPlan(steps: RunHarness.steps(try loginAndProfile(token: "tok-9f8e7d", secret: true))), variables: RunVariables(),
            history: HistoryStore(paths: paths))
        _ = await RunHarness.events(runner)
        let history = try String(contentsOfFile: paths.historyFile, encoding: .utf8)
        #expect(history.split(separator: "\n").count == 2)
        #expect(!history.contains("tok-9f8e7d"))
        #expect(history.contains(Redaction.marker))
    }

    @Test func eachDataRowHasItsOwnCaptures() async throws {
        var requests = try loginAndProfile(token: "{{user}}")
        requests[1].checks = [try Check.parse("jsonpath \"$.headers['X-Token']\" == \"{{user}}\"")]
        let rows = ["ann", "bob", "cy"].enumerated().map { DataRow(number: $0.offset + 1, line: $0.offset + 2, columns: [DataColumn(name: "user", value: $0.element)]) }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests), dataRows: rows), variables: RunVariables(), options: RunOptions(concurrency: 8))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.count == 6)
        #expect(results.allSatisfy { $0.passed })
        #expect(results.filter { $0.name == "Login" }.map { $0.captures.first?.value } == ["ann", "bob", "cy"])
    }

    @Test func aFailedCaptureFailsTheRequest() async throws {
        let request = SavedRequest(
            name: "NoToken", url: try LoopbackHTTPBin.url("/get"), captures: [try CaptureRule.parse("token: jsonpath \"$.nothing\"")])
        let result = try #require(RunHarness.results(await RunHarness.events(Runner(plan: RunPlan(steps: RunHarness.steps([request])), variables: RunVariables()))).first)
        #expect(!result.passed)
        #expect(result.failures.map(\.kind) == [.capture])
    }

    @Test func checksAndCapturesReadNewUuidAndNewDate() async throws {
        let request = SavedRequest(
            name: "Functions", url: try LoopbackHTTPBin.url("/get"),
            checks: [try Check.parse(#"url not contains "{{newUuid}}""#), try Check.parse(#"variable "newDate" startsWith "20""#)],
            captures: [try CaptureRule.parse(#"id: variable "newUuid""#)])
        let plain = SavedRequest(name: "Plain", url: try LoopbackHTTPBin.url("/get"), checks: [try Check.parse("status == 200")])
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps([plain, request])), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, true])
        #expect(results[1].checks.allSatisfy { $0.problem == nil })
        #expect(results[1].captures.first?.value.count == 36)
    }
}
