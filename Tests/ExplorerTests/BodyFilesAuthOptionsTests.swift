import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport

@Suite("Body, Files, Auth and Options tabs")
struct BodyFilesAuthOptionsTests {
    @Test("Ctrl+T cycles the body modes")
    func bodyModes() {
        var app = AppHarness()
        app.press("alt+3")
        var seen: [BodyMode] = [app.state.draft.bodyMode]
        for _ in 0..<7 {
            app.press("ctrl+t")
            seen.append(app.state.draft.bodyMode)
        }
        #expect(seen == [.none, .json, .form, .multipart, .raw, .file, .graphQL, .none])
    }

    @Test("the JSON indicator gives the line and column of the first error")
    func jsonProblem() throws {
        let problem = try #require(JSONCheck.check("{\n  \"a\": 1,\n  \"b\" 2\n}"))
        #expect(problem.line == 3)
        #expect(problem.column == 7)
        #expect(JSONCheck.check("{\"ok\": [1, 2]}") == nil)
    }

    @Test("typing a JSON body and formatting it keeps key order")
    func formatBody() {
        var app = AppHarness()
        app.press("alt+3", "ctrl+t")
        app.type("{\"z\":1,\"a\":[true,null]}")
        app.press("alt+f")
        #expect(app.state.draft.bodyText.text == "{\n  \"z\": 1,\n  \"a\": [\n    true,\n    null\n  ]\n}")
        #expect(app.screen().joined().contains("valid JSON"))
    }

    @Test("formatting invalid JSON says where the error is and changes nothing")
    func formatInvalid() {
        var app = AppHarness()
        app.press("alt+3", "ctrl+t")
        app.type("{\"a\":}")
        app.press("alt+f")
        #expect(app.state.draft.bodyText.text == "{\"a\":}")
        #expect(app.state.notice?.contains("line 1, column 6") == true)
    }

    @Test("the external editor result replaces the body")
    func editorResult() {
        var app = AppHarness()
        app.press("alt+3", "ctrl+t")
        app.press("ctrl+o")
        #expect(app.commands.contains { if case .releasingTerminal = $0.kind { return true } else { return false } })
        app.send(.editorFinished(.success("{\"from\":\"editor\"}")))
        #expect(app.state.draft.bodyText.text == "{\"from\":\"editor\"}")
        app.send(.editorFinished(.failure(SendFailure("The editor 'nope' exited with status 127; the body was left unchanged."))))
        #expect(app.state.draft.bodyText.text == "{\"from\":\"editor\"}")
    }

    @Test("text from the editor with no body mode set becomes a JSON body when it parses, else a raw one", arguments: [
        ("{\"a\": [1, 2]}", BodyMode.json), ("name=Ann&age=3", BodyMode.raw), ("plain words", BodyMode.raw),
    ])
    func editorResultPicksMode(text: String, mode: BodyMode) {
        var app = AppHarness()
        #expect(app.state.draft.bodyMode == .none)
        app.send(.editorFinished(.success(text)))
        #expect(app.state.draft.bodyMode == mode)
        #expect(app.state.draft.bodyText.text == text)
    }

    @Test("adding a file switches to multipart and checks the path")
    func addFile() {
        var app = AppHarness()
        app.press("alt+4", "a")
        app.type("/tmp/some-file.png")
        app.press("enter")
        #expect(app.state.draft.files.map(\.path) == ["/tmp/some-file.png"])
        #expect(app.state.draft.bodyMode == .multipart)
        #expect(app.performs)
    }

    @Test("a missing attachment is flagged and sending refuses, naming the file")
    func missingFileRefuses() {
        var app = AppHarness()
        app.type("http://h.test/post")
        app.press("alt+4", "a")
        app.type("/nonexistent/report.pdf")
        app.press("enter")
        app.send(.filesChecked(["/nonexistent/report.pdf": .missing]))
        #expect(app.screen().joined().contains("missing"))
        app.press("ctrl+r")
        #expect(!app.state.send.isSending)
        guard case .failed(let message) = app.state.viewer.phase else {
            Issue.record("expected a failure, got \(app.state.viewer.phase)")
            return
        }
        #expect(message.contains("/nonexistent/report.pdf"))
    }

    @Test("the file check reports readable, missing and unreadable paths")
    func fileInspection() throws {
        let dir = TemporaryFolder.path("curlew-files")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(repeating: 7, count: 1234).write(to: URL(fileURLWithPath: dir + "/a.bin"))
        #expect(FileInspection.status(of: dir + "/a.bin", baseDirectory: nil) == .readable(size: 1234))
        #expect(FileInspection.status(of: "a.bin", baseDirectory: dir) == .readable(size: 1234))
        #expect(FileInspection.status(of: dir + "/none", baseDirectory: nil) == .missing)
        #expect(FileInspection.status(of: dir, baseDirectory: nil) == .unreadable)
    }

    @Test("Tab completion of paths extends to the unique match")
    func pathCompletion() throws {
        let dir = TemporaryFolder.path("curlew-complete")
        try FileManager.default.createDirectory(atPath: dir + "/photos", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/report-2024.pdf", contents: Data())
        FileManager.default.createFile(atPath: dir + "/report-2025.pdf", contents: Data())
        #expect(PathCompletion.complete(dir + "/ph") == dir + "/photos/")
        #expect(PathCompletion.complete(dir + "/rep") == dir + "/report-202")
        #expect(PathCompletion.complete(dir + "/zzz") == nil)
    }

    @Test("Ctrl+T cycles auth types and the bearer token is typed in place")
    func auth() {
        var app = AppHarness()
        app.press("alt+5")
        #expect(app.state.draft.authMode == .inherit)
        app.press("ctrl+t")
        #expect(app.state.draft.authMode == .bearer)
        app.type("tok?en")
        #expect(app.state.draft.savedRequest.auth == .bearer(token: "tok?en"))
        app.press("ctrl+t")
        app.type("ann")
        app.press("down")
        app.type("pw")
        #expect(app.state.draft.savedRequest.auth == .basic(user: "ann", password: "pw"))
    }

    @Test("options toggle and edit; a bad timeout stops sending with a message")
    func options() {
        var app = AppHarness()
        app.type("http://h.test/")
        app.press("alt+6", "down", "space")
        #expect(app.state.draft.options.followRedirects == false)
        app.press("up", "enter", "ctrl+u")
        app.type("soon")
        app.press("enter")
        #expect(app.state.draft.options.timeout == "soon")
        app.press("ctrl+r")
        #expect(!app.state.send.isSending)
        guard case .failed(let message) = app.state.viewer.phase else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("timeout"))
    }
}
