@testable import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore

/// Details a new user meets: the environment in force marked in the switcher, the Auth tab saying where
/// inherited credentials come from, footers offering only keys that apply, the sidebar filter's Esc, a history
/// entry reopened without its inherited headers, and a copy saved beside its original.
@Suite struct PaneDetailsTests {
    @Test func theSwitcherMarksAndSelectsTheActiveEnvironment() async throws {
        var (app, _) = try EnvironmentTests.setUp()
        app.state.activate(environment: "staging")
        app.press("alt+e")
        await app.runPerformed()
        guard case .palette(let palette) = app.state.overlay else {
            Issue.record("the switcher did not open")
            return
        }
        let matches = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: app.state))
        #expect(matches[palette.selected].action == "env:staging")
        #expect(matches.filter { $0.keys == PaletteEntry.activeMark }.map(\.action) == ["env:staging"])
        let row = try #require(app.screen().first { $0.contains("environment: staging") })
        #expect(row.contains("✓ active"))
        #expect(!(app.screen().first { $0.contains("environment: local") } ?? "").contains("active"))
    }

    @Test func anInheritingRequestSaysWhereItsCredentialsComeFromOrThatNoneAreSent() throws {
        var app = AppHarness(width: 120, height: 40)
        app.state.draft.authMode = .inherit
        #expect(app.state.inheritedAuthNote.contains("no collection is open"))

        var collection = RequestCollection(name: "API")
        collection.folders = [Folder(name: "Admin", requests: [SavedRequest(id: "r-1", name: "Users", url: "http://h.test/users")])]
        app.state.open(collection: collection, baseDirectory: nil)
        #expect(app.state.inheritedAuthNote == "No Authorization header is sent: the collection \"API\" and its folders set no credentials.")

        collection.auth = .bearer(token: "{{token}}")
        app.state.open(collection: collection, baseDirectory: nil)
        #expect(app.state.inheritedAuthNote == "Credentials come from the collection \"API\": bearer auth.")

        collection.folders[0].auth = .basic(user: "admin", password: "{{password}}")
        app.state.open(collection: collection, baseDirectory: nil)
        app.openSidebarRequest("r:0/0")
        app.state.draft.authMode = .inherit
        #expect(app.state.inheritedAuthNote == "Credentials come from the folder \"Admin\": basic auth.")
        app.state.focus = .request
        app.state.editor.tab = .auth
        #expect(app.screen().contains { $0.contains("Credentials come from the folder \"Admin\": basic auth.") })
    }

    @Test func theBodyFooterOffersFormatAndEditorOnlyForATextBody() {
        var app = AppHarness(width: 160, height: 40)
        app.state.focus = .request
        app.state.editor.tab = .body
        app.state.draft.bodyMode = .json
        #expect(app.screen().last?.contains("format JSON") == true)
        app.state.draft.bodyMode = .form
        let footer = app.screen().last ?? ""
        #expect(!footer.contains("format JSON"))
        #expect(!footer.contains("$EDITOR"))
        #expect(footer.contains("body mode"))
        app.press("alt+f")
        #expect(app.state.notice?.contains("this body is form") == true)
    }

    @Test func whileTheSidebarFilterIsTypedTheFooterShowsItsOwnKeysAndEscClosesIt() throws {
        var app = AppHarness(width: 120, height: 40)
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Users", url: "http://h.test/users")]
        app.state.open(collection: collection, baseDirectory: nil)
        app.state.focus = .sidebar
        #expect(app.screen().last?.contains("rename") == true)
        app.type("/us")
        #expect(app.state.sidebar.isEditingFilter)
        let footer = app.screen().last ?? ""
        #expect(footer.contains("esc clear filter"))
        #expect(!footer.contains("rename"))
        app.press("esc")
        #expect(!app.state.sidebar.isEditingFilter)
        #expect(app.state.sidebar.filter.isEmpty)
        #expect(app.state.focus == .sidebar)
    }

    @Test func aHistoryEntryReopensWithoutTheHeadersTheCollectionAddsAnyway() throws {
        var app = AppHarness(width: 120, height: 40)
        var collection = RequestCollection(name: "API")
        collection.headers = [KeyValueRow(name: "X-Team", value: "core")]
        app.state.open(collection: collection, baseDirectory: nil)
        var headers = HTTPHeaders()
        headers.add(name: "X-Team", value: "core")
        headers.add(name: "X-Own", value: "1")
        headers.add(name: "x-team", value: "other")
        let entry = HistoryEntry(id: "e-1", method: .get, url: "http://h.test/x", status: 200, request: HistoryRequest(headers: headers))
        app.state.show(history: [entry])
        var state = app.state
        app.commands = app.program.sidebarEffect(.openHistoryEntry(id: "e-1"), &state)
        app.state = state
        #expect(app.state.draft.headers.rows.map { "\($0.name): \($0.value)" } == ["X-Own: 1", "x-team: other"])
        #expect(app.state.inheritedHeaders.map(\.row.value) == ["core"])
    }

    @Test func saveAsCopyOffersTheOriginalsFolder() throws {
        var app = AppHarness(width: 120, height: 40)
        var collection = RequestCollection(name: "API")
        collection.folders = [Folder(name: "Admin", folders: [Folder(name: "Users", requests: [SavedRequest(id: "r-1", name: "List", url: "http://h.test/users")])])]
        app.state.open(collection: collection, baseDirectory: nil)
        app.openSidebarRequest("r:0.0/0")
        #expect(app.state.draft.savedID == "r-1")
        app.action("request.saveAs")
        let form = try #require(SaveRequestTests.form(app))
        #expect(form.folder.text == "Admin/Users")
        #expect(form.name.text == "List copy")
    }

    @Test func atFortyByTwelveThePaneInUseShowsContentAndTheOtherFoldsToItsTitle() {
        var app = AppHarness(width: 40, height: 12)
        app.state.draft.url = TextFieldState(text: "http://h.test/users")
        var screen = app.screen()
        #expect(screen[3].hasPrefix("─ Request"))
        #expect(screen.contains { $0.contains("No response yet") })
        #expect(screen.filter { $0.hasPrefix("│ ") && $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")).isEmpty }.count >= 3,
                "the response pane has rows for its content")
        app.state.focus = .request
        screen = app.screen()
        #expect(screen.contains { $0.contains("No query parameters") })
        #expect(screen.contains { $0.hasPrefix("─ Response") })
        #expect(AppLayout(app.state).requestContent.height >= 4)
    }

    @Test func requestTabsTooWideForTheirRowAreDrawnCloserAndEveryOneStaysVisible() {
        var app = AppHarness(width: 80, height: 24)
        var collection = RequestCollection(name: "API")
        collection.headers = [KeyValueRow(name: "X-Team", value: "core")]
        collection.requests = [SavedRequest(name: "Users", url: "http://h.test/users")]
        app.state.open(collection: collection, baseDirectory: nil)
        app.state.draft.headers.rows = [KeyValueRow(name: "Accept", value: "application/json")]
        app.press("ctrl+b")
        let tabRow = app.screen()[4]
        #expect(tabRow.contains("│Params│Headers 1 +1│Body│Files│Auth│Options│Checks "), "every title whole, without padding: \(tabRow)")
    }
}
