import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting

/// The run results pane at 80x24 and 120x40, running and done.
///
/// Record again with `RECORD_SNAPSHOTS=1 swift test --filter RunResultsSnapshotTests`.
@Suite("Run results snapshots")
struct RunResultsSnapshotTests {
    static func app(_ width: Int, _ height: Int, finished: Bool) throws -> AppHarness {
        var app = RunResultsTests.harness(width: width, height: height)
        app.action("run.collection")
        let id = try #require(app.state.run?.id)
        var events: [RunEvent] = [
            .finished(RunResultsTests.result(0, step: 0, path: "Users/List", status: 200)),
            .finished(RunResultsTests.result(1, step: 1, path: "Users/One", status: 500, checks: [("status == 200", false, "500")])),
        ]
        if finished {
            events.append(.finished(RunResultsTests.result(2, step: 2, path: "Ping", status: 200,
                                                           checks: [("status == 200", true, "200"), ("jsonpath \"$.name\" == \"ann\"", true, "\"ann\"")])))
            events.append(.ended(RunTotals(passed: 2, failed: 1, duration: 0.084)))
        } else {
            var entry = RunPlan(steps: []).entry(at: 0)
            entry.index = 2
            entry.stepIndex = 2
            events.append(.started(RunStart(entry: entry, total: 3, name: "Ping", path: "Ping", method: "GET", dataRow: nil)))
        }
        app.send(.runProgress(id: id, events: events, elapsed: finished ? 0.084 : 0.05, finished: finished))
        return app
    }

    @Test("while running: progress, rows so far, the request in flight", arguments: [(80, 24), (120, 40)])
    func running(size: (Int, Int)) throws {
        let app = try Self.app(size.0, size.1, finished: false)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("2/3 done"))
        #expect(screen.contains("→ GET Ping"))
        try Snapshot.assert(screen, named: "app-run-running-\(size.0)x\(size.1)")
    }

    @Test("done: totals, a mark per row, checks passed of checks", arguments: [(80, 24), (120, 40)])
    func done(size: (Int, Int)) throws {
        let app = try Self.app(size.0, size.1, finished: true)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Done: 3 of 3"))
        #expect(screen.contains("2/2"))
        #expect(screen.contains("f runs the 1 failed again"))
        try Snapshot.assert(screen, named: "app-run-done-\(size.0)x\(size.1)")
    }
}
