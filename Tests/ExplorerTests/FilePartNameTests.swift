import Foundation
import Testing
import TUICore
import TUITesting
import RequestKit
import RequestStore
@testable import Explorer

/// The Files tab edits the form field name a file part is sent under: checked, saved with the request, sent as typed.
@Suite struct FilePartNameTests {
    /// A harness on the Files tab with one attachment named `file`.
    static func withAttachment(width: Int = 120, height: Int = 40) -> AppHarness {
        var app = AppHarness(width: width, height: height)
        app.type("http://h.test/upload")
        app.press("alt+4", "a")
        app.type("/tmp/avatar.png")
        app.press("enter")
        app.send(.filesChecked(["/tmp/avatar.png": .readable(size: 2048)]))
        return app
    }

    @Test func nRenamesThePartAndTheRequestCarriesTheName() throws {
        var app = Self.withAttachment()
        #expect(app.state.draft.files.map(\.fieldName) == ["file"])
        app.press("n")
        #expect(app.state.isTyping)
        #expect(app.state.keyContexts == [Actions.editingContext])
        app.press("backspace", "backspace", "backspace", "backspace")
        app.type("avatar")
        #expect(app.state.draft.files[0].fieldName == "file", "the name changes only when Enter keeps it")
        app.press("enter")
        #expect(app.state.draft.filePartNameEditor == nil)
        #expect(app.state.draft.files.map(\.fieldName) == ["avatar"])
        guard case .multipart(let rows) = app.state.draft.savedRequest.body else {
            Issue.record("expected a multipart body, got \(app.state.draft.savedRequest.body)")
            return
        }
        #expect(rows == [.file(name: "avatar", path: "/tmp/avatar.png", fileName: nil, contentType: nil, enabled: true)])
        let reopened = RequestDraft(saved: app.state.draft.savedRequest)
        #expect(reopened.files.map(\.fieldName) == ["avatar"], "the name is stored with the request")
    }

    @Test func enterEditsTooAndEscKeepsTheOldName() {
        var app = Self.withAttachment()
        app.press("enter")
        #expect(app.state.draft.filePartNameEditor?.text == "file")
        app.type("s")
        app.press("esc")
        #expect(app.state.draft.filePartNameEditor == nil)
        #expect(app.state.draft.files[0].fieldName == "file")
    }

    @Test(arguments: ["", "   "])
    func anEmptyNameIsRefusedAndTheTypedTextKept(typed: String) {
        var app = Self.withAttachment()
        app.press("n", "ctrl+u")
        app.type(typed)
        app.press("enter")
        #expect(app.state.notice?.contains("needs a field name") == true)
        #expect(app.state.draft.filePartNameEditor?.text == typed, "the editor stays open with what was typed")
        #expect(app.state.draft.files[0].fieldName == "file")
        app.type("doc")
        app.press("enter")
        #expect(app.state.draft.files[0].fieldName == typed + "doc")
    }

    @Test func theNameIsSentAsTyped() throws {
        var app = Self.withAttachment()
        app.press("n", "ctrl+u")
        app.type("user \"photo\"")
        app.press("enter")
        let request = try RequestConversion.makeRequest(app.state.draft.savedRequest, headers: [], auth: .none, scope: VariableScope(), boundary: .userTyped())
        guard case .multipart(let form) = request.body else {
            Issue.record("expected a multipart body, got \(String(describing: request.body))")
            return
        }
        #expect(form.files.map(\.name) == ["user \"photo\""])
        #expect(form.files.map(\.path) == ["/tmp/avatar.png"])
    }

    @Test func aClickOnAnotherFileOrANewRequestDropsTheEdit() {
        var app = Self.withAttachment()
        app.press("a")
        app.type("/tmp/notes.txt")
        app.press("enter")
        #expect(app.state.draft.selectedFile == 1)
        app.press("n")
        app.type("-x")
        let area = AppLayout(app.state).requestContent
        app.send(.mouse(MouseEvent(.press(.left), x: area.x + 6, y: area.y + 1)))
        #expect(app.state.draft.selectedFile == 0)
        #expect(app.state.draft.filePartNameEditor == nil, "the name typed for one file never lands on another")
        #expect(app.state.draft.files.map(\.fieldName) == ["file", "file2"])
        app.press("n")
        app.press("ctrl+n")
        #expect(app.state.draft.filePartNameEditor == nil)
        #expect(app.state.keyContexts != [Actions.editingContext])
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func editingSnapshot(size: (Int, Int)) throws {
        var app = Self.withAttachment(width: size.0, height: size.1)
        app.press("n")
        app.type("-avatar")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("file-avat") || screen.contains("-avatar"))
        var frame = Frame(size: app.state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        app.program.view(app.state, into: &frame)
        try Snapshot.assert(frame.buffer, named: "files-field-name-\(size.0)x\(size.1)")
    }
}
