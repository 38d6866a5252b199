import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import Testing
import TUICore

/// The results pane and running from the sidebar, through `update` alone.
@Suite("Running a collection from the app")
struct RunResultsTests {
    /// A collection: a folder "Users" with two requests (steps 0 and 1), and a top-level request (step 2), in that order.
    static func collection() -> RequestCollection {
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(id: "ping", name: "Ping", url: "http://127.0.0.1:9/ping")]
        collection.folders = [Folder(name: "Users", requests: [
            SavedRequest(id: "list", name: "List", url: "http://127.0.0.1:9/users", checks: [Self.check("status == 200")]),
            SavedRequest(id: "one", name: "One", url: "http://127.0.0.1:9/users/1",
                         checks: [Self.check("status == 200"), Self.check("jsonpath \"$.name\" == \"ann\"")],
                         captures: [Self.capture("name: jsonpath \"$.name\"")]),
        ])]
        return collection
    }

    static func check(_ line: String) -> Check {
        // The lines here are known to parse; a test that breaks them fails on the parse.
        try! Check.parse(line)
    }

    static func capture(_ line: String) -> CaptureRule {
        try! CaptureRule.parse(line)
    }

    static func harness(width: Int = 120, height: Int = 40) -> AppHarness {
        var app = AppHarness(width: width, height: height)
        app.state.open(collection: collection(), baseDirectory: nil)
        app.send(.resize(Size(width: width, height: height)))
        return app
    }

    /// A finished result of step `step` at plan index `index`.
    static func result(_ index: Int, step: Int, path: String, status: Int?, checks: [(String, Bool, String)] = [], error: String? = nil,
                       response: Response? = nil) -> RunResult {
        let entry = RunPlan(steps: []).entry(at: 0)
        var planEntry = entry
        planEntry.index = index
        planEntry.stepIndex = step
        return RunResult(entry: planEntry, name: path.split(separator: "/").last.map(String.init) ?? path, path: path, collectionName: "API",
                         origin: "api.json: \(path)", dataRow: nil, method: "GET", url: "http://127.0.0.1:9/\(path)", status: status,
                         duration: 0.012 * Double(index + 1), checks: checks.map { CheckResult(check: Self.check($0.0), passed: $0.1, actual: $0.2, expected: "") },
                         error: error, exchange: response.map { RunExchange(request: PreparedRequest(method: .get, url: "http://127.0.0.1:9/\(path)"), response: $0) })
    }

    /// Selects the sidebar row named `name` and presses x there.
    static func runFromSidebar(_ name: String, _ app: inout AppHarness) throws {
        let row = try #require(app.state.sidebar.rows.first { row in
            switch row.content {
            case .folder(let folder, _): return folder == name
            case .request(let request, _): return request == name
            case .history: return false
            }
        })
        app.state.sidebar.select(id: row.id, in: .collection)
        app.state.focus = .sidebar
        app.press("x")
    }

    @Test("x on a folder in the sidebar runs its requests in an effect and shows the results pane")
    func runFolder() throws {
        var app = Self.harness()
        try Self.runFromSidebar("Users", &app)
        let run = try #require(app.state.run)
        #expect(run.steps.map(\.path) == ["Users/List", "Users/One"])
        #expect(run.steps.map(\.request.id) == ["list", "one"])
        #expect(run.title == "API/Users")
        #expect(run.isRunning)
        #expect(app.state.focus == .results)
        #expect(app.state.isShowingRunResults)
        #expect(app.performs)
        #expect(app.state.keyContexts == [RunResultsState.keyContext])
    }

    @Test("the palette's \"Run the collection\" runs every request; without a collection it explains")
    func runCollection() throws {
        var app = Self.harness()
        app.action("run.collection")
        #expect(app.state.run?.steps.count == 3)
        var empty = AppHarness()
        empty.action("run.collection")
        #expect(empty.state.run == nil)
        #expect(empty.state.notice?.contains("No collection") == true)
    }

    @Test("events fill the rows in plan order; ticks go on while the run does; events of another run are ignored")
    func progress() throws {
        var app = Self.harness()
        app.action("run.collection")
        let id = try #require(app.state.run?.id)
        let start = RunStart(entry: RunPlan(steps: []).entry(at: 0), total: 3, name: "Ping", path: "Ping", method: "GET", dataRow: nil)
        app.send(.runProgress(id: id, events: [.started(start)], elapsed: 0.1, finished: false))
        #expect(app.state.run?.inFlight.count == 1)
        #expect(app.performs)
        app.send(.runProgress(id: id + 7, events: [.finished(Self.result(0, step: 0, path: "Ping", status: 200))], elapsed: 0.2, finished: false))
        #expect(app.state.run?.results.isEmpty == true)
        app.send(.runProgress(id: id, events: [.finished(Self.result(0, step: 0, path: "Ping", status: 200)),
                                               .finished(Self.result(1, step: 1, path: "Users/List", status: 500, checks: [("status == 200", false, "500")]))],
                              elapsed: 0.3, finished: false))
        #expect(app.state.run?.results.map(\.path) == ["Ping", "Users/List"])
        #expect(app.state.run?.counts.passed == 1)
        #expect(app.state.run?.counts.failed == 1)
        app.send(.runProgress(id: id, events: [.finished(Self.result(2, step: 2, path: "Users/One", status: 200, checks: [("status == 200", true, "200")])),
                                               .ended(RunTotals(passed: 2, failed: 1, duration: 0.4))], elapsed: 0.4, finished: true))
        #expect(app.state.run?.isRunning == false)
        #expect(!app.performs)
        #expect(app.state.notice == "Run 'API' finished: 2 passed, 1 failed.")
    }

    @Test("Esc stops a run (its command is cancelled); once over, Esc closes the pane")
    func stop() throws {
        var app = Self.harness()
        app.action("run.collection")
        app.press("esc")
        #expect(app.commands.contains { if case .cancel(let id) = $0.kind { return id == "run" } else { return false } })
        #expect(app.state.run?.isRunning == false)
        #expect(app.state.run?.wasStopped == true)
        #expect(app.state.isShowingRunResults)
        app.press("esc")
        #expect(!app.state.isShowingRunResults)
        #expect(app.state.focus == .sidebar)
        app.press("alt+r")
        #expect(app.state.isShowingRunResults)
        #expect(app.state.focus == .results)
    }

    @Test("Enter on a row opens its request and response in the panes, with the failed checks marked in the Checks tab")
    func openResult() throws {
        var app = Self.harness()
        app.action("run.collection")
        let id = try #require(app.state.run?.id)
        let response = Response(statusCode: 200, reason: "OK", body: Data("{\"name\":\"bob\"}".utf8))
        app.send(.runProgress(id: id, events: [
            .finished(Self.result(0, step: 2, path: "Ping", status: 200)),
            .finished(Self.result(1, step: 1, path: "Users/One", status: 200,
                                  checks: [("status == 200", true, "200"), ("jsonpath \"$.name\" == \"ann\"", false, "\"bob\"")], response: response)),
            .ended(RunTotals(passed: 1, failed: 1)),
        ], elapsed: 0.2, finished: true))
        app.press("down", "enter")
        #expect(app.state.draft.name == "One")
        #expect(app.state.draft.savedID == "one")
        #expect(app.state.editor.tab == .checks)
        #expect(app.state.focus == .request)
        #expect(!app.state.isShowingRunResults)
        #expect(app.state.checkReport.checks["jsonpath \"$.name\" == \"ann\""]?.passed == false)
        #expect(app.performs)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("✘ \"bob\""))
    }

    @Test("\"run failed again\" runs only the failures, with the values passing requests captured")
    func runFailedAgain() throws {
        var app = Self.harness()
        app.action("run.collection")
        let id = try #require(app.state.run?.id)
        app.press("f")
        #expect(app.state.notice?.contains("still going") == true)
        var passing = Self.result(0, step: 2, path: "Ping", status: 200)
        passing.captures = [CapturedValue(variable: "token", value: "tok-1", isSecret: false), CapturedValue(variable: "key", value: "[redacted]", isSecret: true)]
        app.send(.runProgress(id: id, events: [
            .finished(passing),
            .finished(Self.result(1, step: 0, path: "Users/List", status: 500, checks: [("status == 200", false, "500")])),
            .finished(Self.result(2, step: 1, path: "Users/One", status: nil, error: "connection refused")),
            .ended(RunTotals(passed: 1, failed: 2)),
        ], elapsed: 0.2, finished: true))
        app.press("f")
        let rerun = try #require(app.state.run)
        #expect(rerun.id == id + 1)
        #expect(rerun.steps.map(\.path) == ["Users/List", "Users/One"])
        #expect(rerun.title == "API (failed)")
        #expect(rerun.isRunning)
        #expect(app.performs)
    }

    @Test("running the failures again starts from what each row's passing requests captured, secret values as captured")
    func capturesForRunningAgain() throws {
        var run = RunResultsState(id: 1, title: "API", steps: RunTargets.steps(of: Self.collection(), file: nil, baseDirectory: nil), total: 5)
        func passing(_ index: Int, row: Int?, _ values: [CapturedValue], kept: Bool) -> RunResult {
            var result = Self.result(index, step: 0, path: "Users/List", status: 200)
            result.entry.dataRowIndex = row
            result.captures = values.map { $0.isSecret ? CapturedValue(variable: $0.variable, value: Redaction.marker, isSecret: true) : $0 }
            if kept { result.exchange = RunExchange(request: PreparedRequest(method: .get, url: "http://x/"), response: nil, captured: values) }
            return result
        }
        let secret = CapturedValue(variable: "key", value: "k-1", isSecret: true)
        run.take([
            .finished(passing(0, row: 0, [CapturedValue(variable: "token", value: "row-1", isSecret: false), secret], kept: true)),
            .finished(passing(1, row: 1, [CapturedValue(variable: "token", value: "row-2", isSecret: false)], kept: true)),
            .finished(passing(2, row: nil, [CapturedValue(variable: "plain", value: "p", isSecret: false), secret], kept: false)),
        ])
        let seeds = run.capturedByPassingRequests
        #expect(seeds.byRow[0] == ["token": "row-1", "key": "k-1"])
        #expect(seeds.byRow[1] == ["token": "row-2"])
        // Without its exchange, a result gives only the values it shows; a secret one is not given as its marker.
        #expect(seeds.withoutRow == ["plain": "p"])
        // Past the exchange budget, a result loses its exchange but not what it captured.
        var full = run
        let big = Response(statusCode: 200, body: Data(count: RunResultsState.exchangeBudget + 1))
        var heavy = passing(3, row: nil, [CapturedValue(variable: "late", value: "l-1", isSecret: true)], kept: true)
        heavy.exchange?.response = big
        full.take([.finished(heavy)])
        #expect(full.results.last?.exchange == nil)
        #expect(full.capturedByPassingRequests.withoutRow == ["plain": "p", "late": "l-1"])
    }

    @Test("the results pane's keys are in the key map, the help and the palette")
    func keys() {
        let ids = Actions.allActionIDs
        for id in ["run.selected", "run.collection", "run.show", "results.open", "results.runFailed", "results.stop"] {
            #expect(ids.contains(id), "\(id)")
        }
        let titles = PaletteEntry.all(for: AppState()).map(\.title)
        #expect(titles.contains("Run the collection"))
        #expect(titles.contains("Run results: Run failed again"))
    }
}

extension RunResultsTests {
    @Test("results past the exchange budget keep their row but not their body; opening one says so")
    func exchangeBudget() throws {
        var run = RunResultsState(id: 1, title: "API", steps: RunTargets.steps(of: Self.collection(), file: nil, baseDirectory: nil), total: 3)
        let big = Response(statusCode: 200, body: Data(count: RunResultsState.exchangeBudget / 2 + 1))
        run.take([.finished(Self.result(0, step: 0, path: "Users/List", status: 200, response: big)),
                  .finished(Self.result(1, step: 1, path: "Users/One", status: 200, response: big))])
        #expect(run.results.count == 2)
        #expect(run.results[0].exchange != nil)
        #expect(run.results[1].exchange == nil)
        #expect(run.keptBytes <= RunResultsState.exchangeBudget)

        var app = Self.harness()
        app.state.run = run
        app.state.showsRunResults = true
        app.state.focus = .results
        app.press("down", "enter")
        #expect(app.state.draft.name == "One")
        #expect(app.state.viewer.phase == .failed("The run kept no response for this request."))
    }
}

extension RunResultsTests {
    @Test("x on a request runs that request alone; in the history section it explains instead")
    func runRequestOrHistory() throws {
        var app = Self.harness()
        try Self.runFromSidebar("Ping", &app)
        #expect(app.state.run?.steps.map(\.path) == ["Ping"])
        #expect(app.state.run?.title == "API/Ping")

        var history = Self.harness()
        _ = history.state.sidebar.apply(.nextSection)
        history.state.focus = .sidebar
        history.press("x")
        #expect(history.state.run == nil)
        #expect(history.state.notice?.contains("] shows it") == true)
    }
}
