import Foundation
import Testing
import RequestKit
import RequestStore
import TestServers
@testable import Replay

@Suite struct RunnerSchedulingTests {
    @Test func resultsComeInPlanOrderWhileRequestsOverlap() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let count = 6
        let requests = try (0..<count).map { try RunHarness.get("R\($0)", "\(base)/barrier?name=\(name)-\($0)&parties=\(count)") }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(concurrency: count))
        let events = await RunHarness.events(runner)
        let results = RunHarness.results(events)
        // Every request got through the barrier, which opens only when all six are in flight at once.
        #expect(results.map(\.status) == Array(repeating: 200, count: count))
        #expect(results.map(\.entry.index) == Array(0..<count))
        #expect(results.map(\.name) == (0..<count).map { "R\($0)" })
        #expect(RunHarness.totals(events) == RunTotals(passed: count, failed: 0, skipped: 0, duration: RunHarness.totals(events)?.duration ?? 0))
        guard case .ended = events.last else { Issue.record("the last event is not .ended"); return }
    }

    @Test func manyFastRequestsWithConcurrencyAllFinishAndAreReportedInPlanOrder() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        // Fast answers let the coordinator wait for several at once; every one must still be checked and reported.
        let count = 60
        let requests = try (0..<count).map { try RunHarness.get("R\($0)", "\(base)/record?name=\(name)-\($0)", checks: ["status == 200"]) }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(concurrency: 6))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.entry.index) == Array(0..<count))
        #expect(results.map(\.passed) == Array(repeating: true, count: count))
        let log = try await RunHarness.log(prefix: name)
        #expect(Set(log) == Set((0..<count).flatMap { ["start \(name)-\($0)", "end \(name)-\($0)"] }))
    }

    @Test func aRequestWaitsForTheRequestWhoseCaptureItUsesWhileOthersGoAhead() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let requests = try [
            RunHarness.get("Login", "\(base)/hold?name=\(name)-a&until=\(name)-c", captures: ["token: jsonpath \"$.t\""]),
            RunHarness.get("Profile", "\(base)/record?name=\(name)-b&token={{token}}"),
            RunHarness.get("Other", "\(base)/record?name=\(name)-c"),
        ]
        // The value from the command line lets the URL resolve whatever the capture does; the wait is what is tested.
        let runner = Runner(
            plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(commandLine: ["token": "cli"]),
            options: RunOptions(concurrency: 3))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.name) == ["Login", "Profile", "Other"])
        let log = try await RunHarness.log(prefix: name)
        let position = { (line: String) in log.firstIndex(of: "\(line.split(separator: " ")[0]) \(name)-\(line.split(separator: " ")[1])") ?? -1 }
        // Other went ahead while Login was held (Login is held until Other arrives) …
        #expect(results[0].status == 200)
        #expect(position("start c") >= 0 && position("start c") < position("end a"))
        // … and Profile, which uses the captured token, started only after Login had answered.
        #expect(position("end a") >= 0 && position("end a") < position("start b"))
    }

    /// Four requests, and more than the coordinator queues behind one another (answered fast, so their responses are
    /// checked in batches).
    @Test(arguments: [4, RunCoordinator.laneLength * 3 + 5])
    func oneAtATimeEachRequestGoesOutOnlyAfterThePreviousAnsweredAndEventsKeepTheirOrder(count: Int) async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        // No request captures anything, so each next one is handed to the transport before the checks of the one before.
        let requests = try (0..<count).map { try RunHarness.get("R\($0)", "\(base)/record?name=\(name)-\($0)", checks: ["status == 200"]) }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables())
        let events = await RunHarness.events(runner)
        let order = events.compactMap { event -> String? in
            switch event {
            case .started(let start): return "started \(start.entry.index)"
            case .finished(let result): return "finished \(result.entry.index)"
            default: return nil
            }
        }
        #expect(order == (0..<count).flatMap { ["started \($0)", "finished \($0)"] })
        #expect(RunHarness.results(events).map(\.passed) == Array(repeating: true, count: count))
        let log = try await RunHarness.log(prefix: name)
        #expect(log == (0..<count).flatMap { ["start \(name)-\($0)", "end \(name)-\($0)"] })
    }

    @Test func oneAtATimeARequestUsingACaptureIsMadeWithTheCapturedValue() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let requests = try [
            RunHarness.get("Plain", "\(base)/record?name=\(name)-a"),
            RunHarness.get("Login", "\(base)/hold?name=\(name)-b&until=\(name)-b", captures: ["token: jsonpath \"$.t\""]),
            RunHarness.get("Profile", "\(base)/record?name=\(name)-c&token={{token}}", checks: ["jsonpath \"$.token\" == \"tok-\(name)-b\""]),
        ]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, true, true])
    }

    @Test func dependenciesFollowVariablesThroughTheirValues() throws {
        let steps = RunHarness.steps(
            [
                try RunHarness.get("Login", "http://h/login", captures: ["token: jsonpath \"$.t\""]),
                try RunHarness.get("Plain", "http://h/plain"),
                try RunHarness.get("Direct", "http://h/{{token}}"),
                SavedRequest(name: "Header", url: "http://h/", headers: [KeyValueRow(name: "Authorization", value: "{{auth}}")]),
                SavedRequest(name: "Body", method: .post, url: "http://h/", body: .json("{\"t\": \"{{token}}\"}")),
            ],
            variables: [Variable(name: "auth", value: "Bearer {{token}}")])
        let dependencies = RunDependencies(steps: steps, variables: RunVariables())
        #expect(dependencies.waitsFor == [[], [], [0], [0], [0]])
    }

    @Test func planEntriesRunRepetitionsThenRowsThenSteps() {
        let steps = RunHarness.steps([SavedRequest(name: "A", url: "http://h/a"), SavedRequest(name: "B", url: "http://h/b")])
        let rows = [DataRow(number: 1, line: 2, columns: []), DataRow(number: 2, line: 3, columns: [])]
        let plan = RunPlan(steps: steps, dataRows: rows, repeatCount: 2)
        #expect(plan.count == 8)
        let entries = (0..<plan.count).map(plan.entry(at:))
        #expect(entries.map(\.stepIndex) == [0, 1, 0, 1, 0, 1, 0, 1])
        #expect(entries.map(\.dataRowIndex) == [0, 0, 1, 1, 0, 0, 1, 1])
        #expect(entries.map(\.iteration) == [0, 0, 0, 0, 1, 1, 1, 1])
        #expect(entries.map(\.pass) == [0, 0, 1, 1, 2, 2, 3, 3])
    }

    @Test func bailStartsNothingAfterTheFirstFailure() async throws {
        let base = try RunTestServer.baseURL()
        let requests = try [
            RunHarness.get("One", "\(base)/status?code=200"),
            RunHarness.get("Two", "\(base)/status?code=500"),
            RunHarness.get("Three", "\(base)/status?code=200"),
            RunHarness.get("Four", "\(base)/status?code=200"),
        ]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(bail: true))
        let events = await RunHarness.events(runner)
        #expect(RunHarness.results(events).map(\.name) == ["One", "Two"])
        let totals = try #require(RunHarness.totals(events))
        #expect((totals.passed, totals.failed, totals.skipped) == (1, 1, 2))
        #expect(!totals.allPassed)
    }

    @Test func repeatRunsTheWholeSelectionAgain() async throws {
        let base = try RunTestServer.baseURL()
        let requests = try [RunHarness.get("A", "\(base)/status?code=200"), RunHarness.get("B", "\(base)/status?code=201")]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests), repeatCount: 3), variables: RunVariables())
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.name) == ["A", "B", "A", "B", "A", "B"])
        #expect(results.map(\.entry.iteration) == [0, 0, 1, 1, 2, 2])
        #expect(results.allSatisfy { $0.passed })
    }

    @Test(arguments: [(retry: 3, passes: true, attempts: 3), (retry: 1, passes: false, attempts: 2)])
    func retryResendsUntilTheRequestPasses(retry: Int, passes: Bool, attempts: Int) async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let requests = [try RunHarness.get("Ready", "\(base)/flaky?name=\(name)&fails=2")]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(retry: retry, retryIntervalMilliseconds: 1))
        let result = try #require(RunHarness.results(await RunHarness.events(runner)).first)
        #expect(result.passed == passes)
        #expect(result.attempts == attempts)
        #expect(result.status == (passes ? 200 : 503))
    }

    @Test func aRequestsOwnRetryOptionBeatsTheRunsDefault() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let requests = [try RunHarness.get("Ready", "\(base)/flaky?name=\(name)&fails=1", options: SavedOptions(retry: 2, retryInterval: 1))]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables())
        let result = try #require(RunHarness.results(await RunHarness.events(runner)).first)
        #expect(result.passed)
        #expect(result.attempts == 2)
    }

    @Test func cancellingTheRunCancelsTheTransferInFlight() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        let requests = try [
            // Held long enough that a test process starved of threads still cancels it while it is in flight.
            RunHarness.get("Held", "\(base)/hold?name=\(name)-a&until=\(name)-never&seconds=300"),
            RunHarness.get("Next", "\(base)/status?code=200"),
        ]
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables())
        let recorder = EventRecorder()
        let task = Task { await runner.run { event in await recorder.append(event) } }
        // Wait until the server holds the request, then cancel.
        let held = try await RunHarness.log(prefix: name, waitingUpTo: 240)
        try #require(!held.isEmpty)
        task.cancel()
        let totals = await task.value
        let events = await recorder.events
        #expect(totals.cancelled)
        #expect(totals.skipped == 2)
        #expect(RunHarness.results(events).isEmpty)
        #expect(RunHarness.totals(events) == totals)
    }
}
