import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import TestServers
import Testing
import TUICore

/// A small collection run from the app against httpbin on loopback: the effect runs it, results come back as messages.
@Suite("Running a collection against httpbin")
struct RunFlowTests {
    static func harness() throws -> AppHarness {
        var collection = RequestCollection(name: "Bin")
        collection.variables = [Variable(name: "base", value: try LoopbackHTTPBin.url(""))]
        collection.requests = [
            SavedRequest(id: "get", name: "Get", url: "{{base}}/get?x=1"),
            SavedRequest(id: "missing", name: "Missing", url: "{{base}}/status/404"),
        ]
        collection.folders = [Folder(name: "Write", requests: [
            SavedRequest(id: "post", name: "Post", method: .post, url: "{{base}}/post", body: .json("{\"n\": 1}"),
                         checks: [try Check.parse("status == 200")]),
        ])]
        var app = AppHarness(width: 120, height: 40, variables: VariableScope(collection: collection.variables))
        app.state.open(collection: collection, baseDirectory: nil)
        return app
    }

    @Test("every request runs, one row each in collection order; Enter opens a failed one with its response")
    func runAndOpen() async throws {
        var app = try Self.harness()
        app.action("run.collection")
        #expect(app.state.run?.isRunning == true)
        await app.runPerformed()
        let run = try #require(app.state.run)
        #expect(!run.isRunning)
        // Folders come first in a collection, as in the sidebar.
        #expect(run.results.map(\.path) == ["Write/Post", "Get", "Missing"])
        #expect(run.results.map(\.status) == [200, 200, 404])
        #expect(run.results[1].passed)
        #expect(!run.results[2].passed)
        #expect(run.results[2].statusProblem != nil)
        #expect(run.results[1].exchange?.response?.body.isEmpty == false)
        if ChecksTabTests.evaluatesChecks { #expect(run.results[0].passed) }
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Run · Bin"))
        #expect(screen.contains("Missing"))

        app.press("down", "down", "enter")
        #expect(app.state.draft.name == "Missing")
        #expect(app.state.requestTab == .checks)
        await app.runPerformed()
        #expect(app.state.viewer.document?.statusCode == 404)
    }

    @Test("run failed again sends only the failures")
    func rerunFailures() async throws {
        var app = try Self.harness()
        app.action("run.collection")
        await app.runPerformed()
        let failed = try #require(app.state.run?.failures.map(\.path))
        #expect(failed.contains("Missing"))
        app.action("results.runFailed")
        #expect(app.state.run?.steps.map(\.path) == failed)
        await app.runPerformed()
        #expect(app.state.run?.results.map(\.path) == failed)
        #expect(app.state.run?.results.first { $0.path == "Missing" }?.status == 404)
    }
}
