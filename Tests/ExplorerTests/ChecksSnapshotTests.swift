import Explorer
import Foundation
import Replay
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting

/// The Checks tab drawn at 80x24 and 120x40: results beside the lines, a parse error, the empty hint.
///
/// Record again with `RECORD_SNAPSHOTS=1 swift test --filter ChecksSnapshotTests`.
@Suite("Checks tab snapshots")
struct ChecksSnapshotTests {
    static func harness(_ width: Int, _ height: Int, text: String) -> AppHarness {
        var app = AppHarness(width: width, height: height, draft: RequestDraft(saved: SavedRequest(name: "Login", method: .post, url: "http://127.0.0.1:8080/post")))
        app.state.draft.checksText = TextAreaState(text: text)
        app.action("tab.checks")
        return app
    }

    @Test("results of the last send beside each check and capture", arguments: [(80, 24), (120, 40)])
    func results(size: (Int, Int)) throws {
        var app = Self.harness(size.0, size.1, text: "status == 200\njsonpath \"$.json.user\" == \"ann\"\nheader \"Content-Type\" contains \"json\"\n\n[Captures]\ntoken: jsonpath \"$.json.token\" redact\nuser: jsonpath \"$.json.user\"")
        let checks = [
            CheckResult(check: try Check.parse("status == 200"), passed: true, actual: "200", expected: "== 200"),
            CheckResult(check: try Check.parse("jsonpath \"$.json.user\" == \"ann\""), passed: false, actual: "\"bob\"", expected: "== \"ann\""),
            CheckResult(check: try Check.parse("header \"Content-Type\" contains \"json\""), passed: true, actual: "\"application/json\"", expected: "contains \"json\""),
        ]
        let token = try CaptureRule.parse("token: jsonpath \"$.json.token\" redact")
        let user = try CaptureRule.parse("user: jsonpath \"$.json.user\"")
        app.state.checkReport = CheckReport(checks: checks, captures: [
            token: .success(CapturedValue(variable: "token", value: "tok-123", isSecret: true)),
            user: .success(CapturedValue(variable: "user", value: "bob", isSecret: false)),
        ], status: 200)
        app.state.draft.checksText.moveCursor(row: 6, column: 0)
        let screen = app.screen().joined(separator: "\n")
        #expect(!screen.contains("tok-123"))
        try Snapshot.assert(screen, named: "app-checks-results-\(size.0)x\(size.1)")
    }

    @Test("a line that does not parse is marked with its column", arguments: [(80, 24), (120, 40)])
    func parseError(size: (Int, Int)) throws {
        let app = Self.harness(size.0, size.1, text: "status == 200\n[Captures]\ntoken jsonpath \"$.token\"")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Line 3, column 1"))
        try Snapshot.assert(screen, named: "app-checks-error-\(size.0)x\(size.1)")
    }

    @Test("an empty tab explains what passes and how to write checks", arguments: [(80, 24), (120, 40)])
    func empty(size: (Int, Int)) throws {
        let app = Self.harness(size.0, size.1, text: "")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("any 2xx or 3xx status passes"))
        try Snapshot.assert(screen, named: "app-checks-empty-\(size.0)x\(size.1)")
    }
}
