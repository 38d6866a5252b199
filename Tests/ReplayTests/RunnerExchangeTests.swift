import Foundation
import Testing
import RequestKit
import RequestStore
import TestServers
@testable import Replay
import TestSupport

@Suite struct RunnerExchangeTests {
    @Test(arguments: [true, false])
    func theRunKeepsACookieJarUnlessTurnedOff(cookies: Bool) async throws {
        let requests = try [
            RunHarness.get("Set", try LoopbackHTTPBin.url("/cookies/set?session=abc123")),
            RunHarness.get("Read", try LoopbackHTTPBin.url("/cookies")),
        ]
        let runner = Runner(
            plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(),
            options: RunOptions(cookies: cookies, exchanges: .full))
        let results = RunHarness.results(await RunHarness.events(runner))
        let body = try #require(results.last?.exchange?.response?.text)
        #expect(body.contains("abc123") == cookies)
    }

    @Test func withoutKeepingExchangesNoResultHoldsABody() async throws {
        let requests = [try RunHarness.get("Get", try LoopbackHTTPBin.url("/get"))]
        for retention in [ExchangeRetention.none, .heads] {
            let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(exchanges: retention))
            let result = try #require(RunHarness.results(await RunHarness.events(runner)).first)
            #expect(result.bodySize > 0)
            if retention == .none {
                #expect(result.exchange == nil)
            } else {
                #expect(result.exchange?.response?.body.isEmpty == true)
                #expect(result.exchange?.response?.statusCode == 200)
            }
        }
    }

    @Test func aRequestThatCannotBeSentFailsAndTheRunGoesOn() async throws {
        let port = try RunHarness.closedPort()
        let requests = try [
            RunHarness.get("Refused", "http://127.0.0.1:\(port)/"),
            RunHarness.get("Fine", try LoopbackHTTPBin.url("/get")),
        ]
        let events = await RunHarness.events(Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables()))
        let results = RunHarness.results(events)
        #expect(results.map(\.name) == ["Refused", "Fine"])
        #expect(results[0].status == nil)
        #expect(results[0].error?.contains("refused") == true)
        #expect(results[0].failures.map(\.kind) == [.send])
        #expect(results[1].passed)
        #expect(RunHarness.totals(events).map { ($0.passed, $0.failed) } ?? (0, 0) == (1, 1))
    }

    @Test func aRequestWithoutChecksPassesOnlyOn2xxOr3xx() async throws {
        let requests = try [200, 302, 404, 500].map { code in
            try RunHarness.get("S\(code)", try LoopbackHTTPBin.url("/status/\(code)"), options: SavedOptions(followRedirects: false))
        }
        let results = RunHarness.results(await RunHarness.events(Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables())))
        #expect(results.map(\.status) == [200, 302, 404, 500])
        #expect(results.map(\.passed) == [true, true, false, false])
        #expect(results[2].failures.first?.text == "status 404 is not 2xx or 3xx (the request has no checks)")
    }

    @Test func dataRowsResolveVariablesAndNameTheirRow() async throws {
        let requests = [try RunHarness.get("Echo", try LoopbackHTTPBin.url("/anything/{{user}}"))]
        let rows = [
            DataRow(number: 1, line: 2, columns: [DataColumn(name: "user", value: "ann")]),
            DataRow(number: 2, line: 3, columns: [DataColumn(name: "user", value: "bob")]),
        ]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests), dataRows: rows), variables: RunVariables(commandLine: ["user": "cli"]))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.dataRow) == [1, 2])
        #expect(results.map { $0.url.hasSuffix("/anything/ann") } == [true, false])
        #expect(results[1].url.hasSuffix("/anything/bob"))
    }

    @Test func anUnresolvedVariableFailsTheRequestBeforeAnythingIsSent() async throws {
        let requests = [try RunHarness.get("Missing", "http://127.0.0.1:9/{{nowhere}}")]
        let result = try #require(RunHarness.results(await RunHarness.events(Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables()))).first)
        #expect(result.status == nil)
        #expect(result.error?.contains("nowhere") == true)
        #expect(result.attempts == 1)
    }

    @Test func secretValuesAreRedactedInResultsAndHistory() async throws {
        let directory = TemporaryFolder.path("curlew-run-history")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = StorePaths.resolve(dataDirectoryOption: directory)
        let requests = [try RunHarness.get("Secret", try LoopbackHTTPBin.url("/anything?key={{apiKey}}"))]
        let runner = Runner(
            plan: RunPlan(steps: RunHarness.steps(requests, file: "/tmp/api.json")),
            variables: RunVariables(environment: [Variable(name: "apiKey", value: "s3cr3t-value", secret: true)]),
            history: HistoryStore(paths: paths))
        let result = try #require(RunHarness.results(await RunHarness.events(runner)).first)
        #expect(result.passed)
        #expect(!result.url.contains("s3cr3t-value"))
        #expect(result.url.contains(Redaction.marker))
        let history = try String(contentsOfFile: paths.historyFile, encoding: .utf8)
        #expect(history.contains("api.json/Secret"))
        #expect(!history.contains("s3cr3t-value"))
    }
}
