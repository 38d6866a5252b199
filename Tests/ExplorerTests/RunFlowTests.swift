import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import TestServers
import Testing
import TUICore
import TestSupport

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
        #expect(run.results[0].passed)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Run · Bin"))
        #expect(screen.contains("Missing"))

        app.press("down", "down", "enter")
        #expect(app.state.draft.name == "Missing")
        #expect(app.state.editor.tab == .checks)
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

    @Test("run failed again sends the failures with what the passing requests captured, secret values included")
    func rerunKeepsSecretCaptures() async throws {
        var collection = RequestCollection(name: "Bin")
        collection.variables = [Variable(name: "base", value: try LoopbackHTTPBin.url(""))]
        collection.requests = [
            SavedRequest(id: "login", name: "Login", method: .post, url: "{{base}}/anything/login", body: .json(#"{"token": "tok-ann"}"#),
                         captures: [try CaptureRule.parse(#"token: jsonpath "$.json.token" redact"#)]),
            SavedRequest(id: "use", name: "Use", url: "{{base}}/anything/me?token={{token}}",
                         checks: [try Check.parse(#"jsonpath "$.args.token" == "{{want}}""#)]),
        ]
        var app = AppHarness(width: 120, height: 40, variables: VariableScope(commandLine: ["want": "tok-bob"]))
        app.state.open(collection: collection, baseDirectory: nil)
        app.action("run.collection")
        await app.runPerformed()
        let first = try #require(app.state.run)
        #expect(first.results.map(\.passed) == [true, false])
        #expect(first.results[0].captures.map(\.value) == [Redaction.marker])
        // Now the check can hold, if the secret token captured by the first run is sent again.
        app.state.variables.commandLine["want"] = "tok-ann"
        app.action("results.runFailed")
        await app.runPerformed()
        let rerun = try #require(app.state.run)
        #expect(rerun.results.map(\.path) == ["Use"])
        #expect(rerun.results.map(\.passed) == [true], "\(rerun.results.map(\.failures))")
    }

    @Test("with a data file, the selection runs once per row, each row numbered; run failed again takes only the failing rows")
    func dataRows() async throws {
        let folder = TemporaryFolder.path("curlew-rows")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("name,greeting\nann,\"hi, there\"\nbob,hello\n".utf8).write(to: URL(fileURLWithPath: folder + "/people.csv"))
        var collection = RequestCollection(name: "Rows")
        collection.requests = [SavedRequest(id: "who", name: "Who", url: try LoopbackHTTPBin.url("/anything?name={{name}}&greeting={{greeting}}"),
                                            checks: [try Check.parse("jsonpath \"$.args.name\" == \"ann\"")])]
        var app = AppHarness(width: 120, height: 40)
        app.state.open(collection: collection, baseDirectory: folder)
        app.action("run.withData")
        guard case .runData = app.state.overlay else {
            Issue.record("the data file input did not open")
            return
        }
        app.type("people.csv")
        app.press("enter")
        await app.runPerformed()
        #expect(app.state.run?.total == 2)
        await app.runPerformed()
        let run = try #require(app.state.run)
        #expect(!run.isRunning)
        #expect(run.results.map(\.dataRow) == [1, 2])
        #expect(run.results.map(\.passed) == [true, false])
        #expect(run.results[0].url.contains("greeting=hi%2C%20there") || run.results[0].url.contains("greeting=hi,%20there"))
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("#2"))

        app.press("f")
        #expect(app.state.run?.dataRows.map(\.number) == [2])
        await app.runPerformed()
        #expect(app.state.run?.results.map(\.dataRow) == [2])
        #expect(app.state.run?.results.first?.passed == false)
    }

    @Test("a data file that cannot be read is reported and nothing runs")
    func badDataFile() async throws {
        var app = try Self.harness()
        app.action("run.withData")
        app.type("/nonexistent/rows.csv")
        app.press("enter")
        await app.runPerformed()
        #expect(app.state.run == nil)
        guard case .message(let title, let text) = app.state.overlay else {
            Issue.record("no message")
            return
        }
        #expect(title == "Data file")
        #expect(text.contains("no such file"))
    }

    @Test("a run's exchanges go to the history, and the sidebar's history lists them once it ends")
    func historyRecorded() async throws {
        let folder = TemporaryFolder.path("curlew-runhist")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config")
        try paths.ensureDataDirectory()
        let template = try Self.harness()
        var app = AppHarness(width: 120, height: 40, variables: template.state.variables, storePaths: paths)
        if let collection = template.state.collection { app.state.open(collection: collection, baseDirectory: nil) }
        app.action("run.collection")
        await app.runPerformed()
        #expect(app.state.run?.results.count == 3)
        await app.runPerformed()
        let urls = app.state.sidebarContent.history.values.map(\.url)
        #expect(urls.count == 3)
        #expect(urls.contains { $0.hasSuffix("/status/404") })
    }
}
