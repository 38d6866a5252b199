import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import Testing
import TUICore
import TestServers
import TestSupport
import RequestKitTesting

@Suite("Checks tab")
struct ChecksTabTests {
    @Test("lines are read into sections: checks before any header, captures under [Captures]")
    func sections() {
        let lines = CheckLines.read("status == 200\n\n[Captures]\ntoken: jsonpath \"$.token\"\n[Checks]\nheader \"X\" exists")
        let kinds = lines.map { line -> String in
            switch line.content {
            case .blank: return "blank"
            case .header(let section): return "header \(section.rawValue)"
            case .check(let check): return "check \(check.text)"
            case .capture(let rule): return "capture \(rule.variable)"
            case .invalid: return "invalid"
            }
        }
        #expect(kinds == ["check status == 200", "blank", "header captures", "capture token", "header checks", "check header \"X\" exists"])
        #expect(lines.map(\.number) == [1, 2, 3, 4, 5, 6])
    }

    @Test("an unknown section and a capture without a colon are errors with their column in the line as typed")
    func invalidLines() throws {
        let lines = CheckLines.read("  [Foo]\n[Captures]\n   token jsonpath")
        let header = try #require(lines[0].problem)
        #expect(header.column == 3)
        #expect(header.message.contains("[Foo]"))
        let capture = try #require(lines[2].problem)
        #expect(capture.column == 4)
        #expect(lines[1].problem == nil)
    }

    @Test("a saved request's checks and captures become the tab's text and come back unchanged")
    func roundTrip() throws {
        let saved = SavedRequest(name: "r", url: "http://h.test/", checks: [try Check.parse("status == 200"), try Check.parse("jsonpath \"$.id\" exists")],
                                 captures: [try CaptureRule.parse("id: jsonpath \"$.id\"")])
        let draft = RequestDraft(saved: saved)
        #expect(draft.checksText.text == "status == 200\njsonpath \"$.id\" exists\n\n[Captures]\nid: jsonpath \"$.id\"")
        #expect(draft.savedRequest.checks == saved.checks)
        #expect(draft.savedRequest.captures == saved.captures)
    }

    @Test("typing in the Checks tab edits the lines; Alt+7 opens it and letters are text, not commands")
    func typing() {
        var app = AppHarness(width: 80, height: 24)
        app.press("alt+7")
        #expect(app.state.editor.tab == .checks)
        #expect(app.state.isTyping)
        app.type("status == 201")
        app.press("enter")
        app.type("[Captures]")
        app.press("enter")
        app.type("id: jsonpath \"$.id\"")
        #expect(app.state.draft.savedRequest.checks.map(\.text) == ["status == 201"])
        #expect(app.state.draft.savedRequest.captures.map(\.variable) == ["id"])
        #expect(app.state.overlay == nil)
    }

    @Test("pasted lines go into the Checks tab whole")
    func paste() {
        var app = AppHarness()
        app.press("alt+7")
        app.send(.paste("status == 200\nheader \"Content-Type\" contains \"json\""))
        #expect(app.state.draft.savedRequest.checks.count == 2)
    }

    @Test("saving refuses while a line does not parse, names the line and column, and keeps the line")
    func saveRefused() throws {
        var app = AppHarness()
        app.press("alt+7")
        app.send(.paste("status == 200\n[Captures]\ntoken jsonpath \"$.t\""))
        app.press("tab")
        app.press("ctrl+s")
        guard case .message(let title, let text) = app.state.overlay else {
            Issue.record("expected a message, got \(String(describing: app.state.overlay))")
            return
        }
        #expect(title == "Request not saved")
        #expect(text.contains("line 3, column 1"))
        #expect(!app.performs)
        #expect(app.state.editor.tab == .checks)
        #expect(app.state.focus == .request)
        #expect(app.state.draft.checksText.row == 2)
        #expect(app.state.draft.checksText.text.contains("token jsonpath"))
        #expect(!app.state.isDraftSaved)
    }

    @Test("the draft file keeps lines that do not parse, in their sections")
    func draftKeepsInvalidLines() throws {
        let path = TemporaryFolder.path("curlew-draft-checks", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var draft = RequestDraft(saved: SavedRequest(name: "d", url: "http://h.test/"))
        draft.checksText = TextAreaState(text: "status == 200\n[Bogus]\n[Captures]\ntoken jsonpath\nid: jsonpath \"$.id\"")
        try DraftFile.write(draft, to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"token jsonpath\""))
        let restored = try #require(try DraftFile.read(from: path))
        #expect(restored.checksText.text == "status == 200\n[Bogus]\n\n[Captures]\ntoken jsonpath\nid: jsonpath \"$.id\"")
        #expect(restored.checkProblems.map(\.number) == [2, 5])
        #expect(restored.savedRequest.captures.map(\.variable) == ["id"])
    }

    @Test("a finished send evaluates the draft's checks in a command; the report is kept for the send it belongs to")
    func evaluationIsACommand() throws {
        var app = AppHarness()
        app.press("alt+7")
        app.type("status == 200")
        app.state.send.inFlight = 1
        app.state.send.count = 1
        let response = Response(statusCode: 200, reason: "OK", body: Data("{}".utf8))
        app.send(.sendFinished(id: 1, result: .success(response), history: nil))
        #expect(app.commands.count >= 2)
        let check = try Check.parse("status == 200")
        app.send(.checksEvaluated(id: 1, report: CheckReport(checks: [CheckResult(check: check, passed: true, actual: "200", expected: "== 200")], status: 200)))
        #expect(app.state.checkReport.checks["status == 200"]?.passed == true)
        app.send(.checksEvaluated(id: 0, report: CheckReport(status: 500)))
        #expect(app.state.checkReport.status == 200)
    }

    @Test("a send evaluates the checks and captures on its response and shows each result beside its line")
    func sendEvaluates() async throws {
        let url = "http://api.test/get?a=1"
        let transport = StubTransport(status: 200, body: #"{"args": {"a": "1"}}"#, contentType: "application/json")
        var app = AppHarness(width: 120, height: 40, draft: RequestDraft(saved: SavedRequest(name: "r", url: url)), client: transport)
        app.state.draft.checksText = TextAreaState(text: "status == 200\njsonpath \"$.args.a\" == \"1\"\nstatus == 404\n[Captures]\na: jsonpath \"$.args.a\"")
        app.press("ctrl+r")
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
        #expect(transport.sent.map(\.url) == [url])
        let report = app.state.checkReport
        #expect(report.status == 200)
        #expect(report.checks["status == 200"]?.passed == true)
        #expect(report.checks["jsonpath \"$.args.a\" == \"1\""]?.passed == true)
        let failed = try #require(report.checks["status == 404"])
        #expect(!failed.passed)
        #expect(failed.actual == "200")
        #expect(try report.captures["a: jsonpath \"$.args.a\""]?.get().value == "1")
        app.action("tab.checks")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("✔ 200"))
        #expect(screen.contains("✘ 200"))
        #expect(screen.contains("→ a = 1"))
        #expect(screen.contains("2 passed, 1 failed"))
    }

    @Test("Ctrl+S saves the lines into the request's checks and captures in the collection file, and the marker clears")
    func savedIntoCollection() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = AppHarness()
        _ = try SaveRequestTests.openCollection(in: folder, &app)
        let pingID = try #require(app.state.sidebarContent.requests.first { $0.value.name == "Ping" }?.key)
        app.state.sidebar.select(id: pingID, in: .collection)
        app.action("sidebar.open")
        app.press("alt+7")
        app.send(.paste("status == 200\njsonpath \"$.ok\" == true\n[Captures]\nsession: header \"X-Session\" redact"))
        #expect(!app.state.isDraftSaved)
        app.press("ctrl+s")
        await app.runPerformed()
        let stored = try #require(try CollectionFile.load(folder + "/api.json").document.requests.first)
        #expect(stored.checks.map(\.text) == ["status == 200", "jsonpath \"$.ok\" == true"])
        #expect(stored.captures.map(\.variable) == ["session"])
        #expect(stored.captures.first?.isSecret == true)
        #expect(app.state.isDraftSaved)
        let text = try String(contentsOfFile: folder + "/api.json", encoding: .utf8)
        #expect(text.contains("\"status == 200\""))
    }

    @Test("a new request or another one opened forgets the results of the last send")
    func resultsForgotten() throws {
        var app = AppHarness()
        app.state.checkReport = CheckReport(checks: [CheckResult(check: try Check.parse("status == 200"), passed: true, actual: "200", expected: "")], status: 200)
        app.press("ctrl+n")
        #expect(app.state.checkReport.isEmpty)
    }

    @Test("lines past the most a request holds are kept and marked, never dropped")
    func tooManyLines() {
        let text = Array(repeating: "status == 200", count: CheckLines.maximumLines + 2).joined(separator: "\n")
        let lines = CheckLines.read(text)
        #expect(lines.count == CheckLines.maximumLines + 2)
        #expect(lines.filter { $0.problem != nil }.map(\.number) == [CheckLines.maximumLines + 1, CheckLines.maximumLines + 2])
        #expect(CheckLines.typedLines(lines).checks.count == CheckLines.maximumLines + 2)
    }
}

/// The Checks tab masks secrets as run results do: a secret variable's value and a secret capture's value
/// never reach the screen through a check's result.
@Suite struct ChecksTabSecretTests {
    @Test func aSecretInACheckResultIsMaskedOnScreen() async throws {
        let server = try await LoopbackHTTPBin.ready()
        var saved = SavedRequest(name: "r", url: server.url("/headers"))
        saved.headers = [KeyValueRow(name: "X-Token", value: "{{token}}")]
        let scope = VariableScope(environment: [Variable(name: "token", value: "staging-secret-token", secret: true)])
        var app = AppHarness(width: 120, height: 40, draft: RequestDraft(saved: saved), variables: scope)
        app.state.draft.checksText = TextAreaState(text: "jsonpath \"$.headers['X-Token']\" == \"{{token}}\"\njsonpath \"$.headers['X-Token']\" == \"other\"")
        app.press("ctrl+r")
        await app.runPerformed()
        await app.runPerformed()
        let report = app.state.checkReport
        let passed = try #require(report.checks["jsonpath \"$.headers['X-Token']\" == \"{{token}}\""], "\(report.checks.keys)")
        #expect(passed.passed)
        #expect(passed.actual == "\"[redacted]\"")
        let failed = try #require(report.checks["jsonpath \"$.headers['X-Token']\" == \"other\""])
        #expect(!failed.passed)
        #expect(!failed.actual.contains("staging-secret-token"))
        app.action("tab.checks")
        // The response pane shows the body as the server sent it (httpbin echoes the header); the checks' rows mask it.
        let rows = app.screen().filter { $0.contains("jsonpath") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.contains("[redacted]") && !$0.contains("staging-secret-token") }, "\(rows)")
    }
}
