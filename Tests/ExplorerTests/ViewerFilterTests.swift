import Foundation
import RequestKit
import Testing
import TUICore
@testable import Explorer

/// The response viewer's filter line: JSONPath queries with normalized paths, errors with their column,
/// shell commands (output, failure, kill), hostile output, and the filter remembered per request.
@Suite struct ViewerFilterTests {
    typealias F = ResponseFixtures

    static let body = #"{"data":[{"id":7,"email":"a@x.test","active":true},{"id":8,"email":"b@x.test","active":false}],"next":null}"#

    /// Opens the filter line, types `text`, presses Enter and runs the filter as the app would.
    static func filter(_ text: String, in state: inout ResponseViewerState) async {
        _ = state.apply(.openFilter)
        _ = state.apply(.editLine(KeyEvent(.char("u"), modifiers: .ctrl)))
        for character in text { _ = state.apply(.editLine(KeyEvent(.char(character)))) }
        _ = state.apply(.commitLine)
        for work in state.takeFilterWork() {
            if case .run(let job) = work { state.receiveFilter(await job.run()) }
        }
    }

    /// The Body tab's lines as plain text.
    static func bodyLines(_ state: ResponseViewerState) -> [String] {
        let text = state.text(for: .body)
        return (0..<text.lineCount).map { line in
            let (part, index) = text.locate(line)
            return String(decoding: part.lines.bytes(of: index), as: UTF8.self)
        }
    }

    @Test("a JSONPath query shows each selected value pretty-printed under its normalized path")
    func jsonPath() async {
        var state = F.viewer(F.response(Self.body))
        await Self.filter("$.data[*].id", in: &state)
        #expect(Self.bodyLines(state) == [
            "2 values match $.data[*].id  (f edits, Esc in the line clears)",
            "$['data'][0]['id']", "7",
            "$['data'][1]['id']", "8",
        ])
        await Self.filter("$.data[?@.active == true]", in: &state)
        #expect(Array(Self.bodyLines(state).dropFirst()) == ["$['data'][0]", "{", #"  "id": 7,"#, #"  "email": "a@x.test","#, #"  "active": true"#, "}"])
        #expect(state.filter.applied == "$.data[?@.active == true]")
    }

    @Test("an invalid query shows the parser's error and its column, with a caret under it")
    func invalidQuery() async throws {
        var state = F.viewer(F.response(Self.body))
        await Self.filter("$.data[*", in: &state)
        let lines = Self.bodyLines(state)
        var column = 0
        do throws(JSONPathError) { _ = try JSONPath.parse("$.data[*") } catch { column = error.column }
        #expect(lines.first?.hasPrefix("Invalid JSONPath at column \(column): ") == true)
        #expect(lines[1] == "  $.data[*")
        #expect(lines[2] == "  " + String(repeating: " ", count: column - 1) + "^")
    }

    @Test("Esc in the filter line brings the whole body back")
    func escapeClears() async {
        var state = F.viewer(F.response(Self.body))
        await Self.filter("$.next", in: &state)
        #expect(Self.bodyLines(state) == ["1 value matches $.next  (f edits, Esc in the line clears)", "$['next']", "null"])
        _ = state.apply(.openFilter)
        _ = state.apply(.cancelLine)
        #expect(state.filter.applied == nil)
        #expect(Self.bodyLines(state).first == "{")
    }

    @Test("a | command pipes the body through the shell and shows its output")
    func shellSuccess() async {
        var state = F.viewer(F.response(Self.body))
        await Self.filter("| tr -d '{}' | wc -c", in: &state)
        let lines = Self.bodyLines(state)
        #expect(lines.first?.contains("exit status 0") == true)
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "\(Self.body.utf8.count - 6)")
    }

    @Test("a failing command shows its stderr and exit status")
    func shellFailure() async {
        var state = F.viewer(F.response(Self.body))
        await Self.filter("| echo broken pipe dream >&2; exit 3", in: &state)
        let lines = Self.bodyLines(state)
        #expect(lines.first?.hasSuffix("failed with exit status 3.") == true)
        #expect(lines.contains("stderr:"))
        #expect(lines.contains("broken pipe dream"))
    }

    @Test("stopping a command kills its whole process group; the run reports the signal")
    func shellKill() async throws {
        let process = ShellFilterProcess()
        async let result = ShellFilter.run("sleep 100; echo never", input: [], process: process)
        let group = try #require(await process.started())
        #expect(Self.liveMembers(ofGroup: group) > 0)
        process.kill()
        let ended = await result
        #expect(ended.ending == .signalled(SIGKILL))
        #expect(ended.output.isEmpty)
        #expect(Self.liveMembers(ofGroup: group) == 0)
    }

    @Test("Esc in the pane while a command runs cancels its command, which kills it")
    func escapeStopsCommand() async throws {
        var app = AppHarness()
        app.send(.responseFormatted(id: 0, document: ResponseDocument.make(from: F.response(Self.body))))
        app.state.focus = .response
        app.press("f")
        app.type("| sleep 100")
        app.press("enter")
        #expect(app.state.viewer.filter.running)
        let run = try #require(app.commands.first { if case .perform(let id, _) = $0.kind { id == "viewer.filter" } else { false } })
        guard case .perform(_, let operation) = run.kind else { return }
        let task = Task { await operation() }
        app.press("esc")
        #expect(!app.state.viewer.filter.running)
        #expect(app.commands.contains { if case .cancel(let id) = $0.kind { id == "viewer.filter" } else { false } })
        task.cancel()
        let message = await task.value
        guard case .viewerFiltered(let outcome)? = message?.unrouted else {
            Issue.record("the cancelled run should still report its outcome")
            return
        }
        let first = outcome.lines.first ?? ""
        #expect(first.contains("stopped by signal \(SIGKILL)") || first.contains("stopped before it started"), "the command never runs to its end: \(first)")
        app.send(.viewerFiltered(outcome))
        #expect(app.state.viewer.filter.applied == nil, "a stopped run's late outcome is ignored")
    }

    @Test("hostile output is drawn with visible symbols, never as escape sequences")
    func hostileOutputSanitized() async {
        var state = F.viewer(F.response(Self.body))
        await Self.filter(#"| printf '\033[2J\033]52;c;ZXZpbA==\007boom\233m\n' "#, in: &state)
        let buffer = F.render(state)
        let screen = (0..<buffer.height).map { buffer.text(row: $0) }.joined(separator: "\n")
        #expect(screen.contains("boom"))
        #expect(!screen.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(screen.contains("␛"))
    }

    @Test("the filter is remembered per request: a new response of the same request is filtered again, another request's is not")
    func rememberedPerRequest() async throws {
        var app = AppHarness()
        app.state.draft.url = TextFieldState(text: "http://127.0.0.1:9/users")
        app.send(.responseFormatted(id: 0, document: ResponseDocument.make(from: F.response(Self.body))))
        app.state.focus = .response
        app.press("f")
        app.type("$.data[*].email")
        app.press("enter")
        await app.runPerformed()
        #expect(app.state.viewerFilters["GET http://127.0.0.1:9/users"] == "$.data[*].email")
        #expect(Self.bodyLines(app.state.viewer).contains("\"b@x.test\""))
        app.send(.responseFormatted(id: 0, document: ResponseDocument.make(from: F.response(Self.body))))
        #expect(app.state.viewer.filter.applied == "$.data[*].email")
        await app.runPerformed()
        #expect(Self.bodyLines(app.state.viewer).contains("$['data'][1]['email']"))
        app.state.draft.url = TextFieldState(text: "http://127.0.0.1:9/other")
        app.send(.responseFormatted(id: 0, document: ResponseDocument.make(from: F.response(Self.body))))
        #expect(app.state.viewer.filter.applied == nil)
        #expect(Self.bodyLines(app.state.viewer).first == "{")
    }

    /// How many processes of a process group are alive (zombies do not count), read from /proc.
    static func liveMembers(ofGroup group: pid_t) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 3 && fields[0] != "Z" && fields[0] != "X" && Int32(fields[2]) == group
        }.count
    }

    @Test("f from another tab opens the line on the Body tab it filters")
    func opensOnBody() {
        var state = F.viewer(F.response(Self.body))
        _ = state.apply(.selectTab(.timing))
        _ = state.apply(.openFilter)
        #expect(state.tab == .body)
        #expect(state.isEditingLine)
        let buffer = F.render(state)
        #expect((0..<buffer.height).contains { buffer.text(row: $0).contains("JSONPath ($.items[*].id) or | command") })
    }
}
