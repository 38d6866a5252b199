import Explorer
import Foundation
import RequestKit
import RequestStore
import TestServers
import Testing
import TUICore
import TestSupport

extension AppHarness {
    /// A harness whose draft file is `draftPath` (tabs written there), starting from `state`.
    init(width: Int = 120, height: Int = 40, draftPath: String?, state: AppState = AppState(), storePaths: StorePaths? = nil) {
        program = ExplorerProgram(effects: Effects(client: AppHarness.client, draftPath: draftPath, storePaths: storePaths))
        self.state = state
        commands = []
        send(.resize(Size(width: width, height: height)))
    }

    /// A new app over the same data folder, as after a quit and a start: `app`'s tabs written, then read back.
    static func restarted(from app: AppHarness, draftPath: String) throws -> AppHarness {
        try DraftFile.writeOpenTabs(of: app.state, draftPath: draftPath)
        let restored = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(restored.problems.isEmpty)
        var state = AppState()
        state.restore(restored)
        return AppHarness(draftPath: draftPath, state: state)
    }
}

/// Request tabs: opening requests keeps what other tabs hold, the modified mark, the close dialog, switching keys,
/// restoring after a restart, and the draft file written only when a draft's content changes.
@Suite("Request tabs")
struct RequestTabsTests {
    /// A fresh temp folder for one test.
    static func tempFolder() throws -> String {
        let path = TemporaryFolder.path("curlew-tabs")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The sample collection: two requests at the top, one in a folder.
    static func collection() -> RequestCollection {
        var collection = RequestCollection(name: "Sample API")
        var list = SavedRequest(name: "List users", url: "http://127.0.0.1:9/users")
        list.id = "list"
        var create = SavedRequest(name: "Create user", method: .post, url: "http://127.0.0.1:9/users")
        create.id = "create"
        collection.requests = [list, create]
        return collection
    }

    /// A harness with the sample collection open (in memory, or from `folder/api.json` when given).
    static func harness(width: Int = 120, height: Int = 40, draftPath: String? = nil, folder: String? = nil) throws -> AppHarness {
        var app = AppHarness(width: width, height: height, draftPath: draftPath)
        if let folder {
            let file = try CollectionFile.create(collection(), at: folder + "/api.json")
            app.state.open(collection: file.document, baseDirectory: folder)
            app.state.collectionFile = file
        } else {
            app.state.open(collection: collection(), baseDirectory: nil)
        }
        app.send(.resize(app.state.size))
        return app
    }

    /// Opens a request of the sidebar by name, as Enter on its row does.
    static func openFromSidebar(_ name: String, _ app: inout AppHarness) throws {
        let row = try #require(app.state.sidebar.rows.first { row in
            if case .request(let request, _) = row.content { return request == name }
            return false
        })
        app.state.sidebar.select(id: row.id, in: .collection)
        app.state.focus = .sidebar
        app.press("enter")
    }

    /// Types a URL into the URL bar and adds a header row in the Headers tab.
    static func typeURLAndHeader(_ url: String, header: String, value: String, _ app: inout AppHarness) {
        app.press("ctrl+l")
        app.type(url)
        app.press("alt+2", "a")
        app.type(header)
        app.press("tab")
        app.type(value)
        app.press("enter")
    }

    /// The revisions of the draft writes the last update scheduled.
    static func scheduledDraftWrites(_ app: AppHarness) -> [Int] {
        app.commands.compactMap { command in
            if case .after(_, .inTab(_, .draftDue(let revision))) = command.kind { return revision }
            return nil
        }
    }

    @Test("Ctrl+N, a typed URL and header, then a sidebar request: the typed work is still in its tab")
    func openingARequestKeepsTypedWork() throws {
        var app = try Self.harness()
        app.press("ctrl+n")
        Self.typeURLAndHeader("http://127.0.0.1:9/typed", header: "X-Typed", value: "yes", &app)
        try Self.openFromSidebar("List users", &app)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.name == "List users")
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/users")
        app.press("alt+,")
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/typed")
        #expect(app.state.draft.headers.rows == [KeyValueRow(name: "X-Typed", value: "yes")])
        #expect(app.state.tabTitles.map(\.label) == ["/typed", "List users"])
    }

    @Test("an untouched empty tab is reused by the sidebar and by Ctrl+N")
    func emptyTabIsReused() throws {
        var app = try Self.harness()
        app.press("ctrl+n")
        #expect(app.state.tabs.count == 1)
        try Self.openFromSidebar("List users", &app)
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draft.name == "List users")
        app.press("ctrl+n")
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.isUntouchedEmpty)
        #expect(app.state.focus == .url)
    }

    @Test("opening a saved request already open in a tab switches to that tab")
    func openTabIsReused() throws {
        var app = try Self.harness()
        try Self.openFromSidebar("List users", &app)
        try Self.openFromSidebar("Create user", &app)
        #expect(app.state.tabs.count == 2)
        app.press("ctrl+l")
        app.type("/edited")
        try Self.openFromSidebar("List users", &app)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.name == "List users")
        try Self.openFromSidebar("Create user", &app)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/users/edited")
    }

    @Test("next and previous tab keys go round; one tab says how to open another")
    func switchingKeys() throws {
        var app = try Self.harness()
        app.action("tabs.next")
        #expect(app.state.notice?.contains("ctrl+n") == true)
        #expect(!app.state.keyContexts.contains(Actions.tabsContext), "the tab keys are off while one tab is open")
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/third")
        try Self.openFromSidebar("Create user", &app)
        #expect(app.state.tabTitles.map(\.label) == ["List users", "/third", "Create user"])
        #expect(app.state.tabs.activeIndex == 2)
        app.press("alt+.")
        #expect(app.state.tabs.activeIndex == 0)
        app.press("ctrl+pgdn")
        #expect(app.state.tabs.activeIndex == 1)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/third")
        app.press("alt+,", "alt+,")
        #expect(app.state.tabs.activeIndex == 2)
        app.press("ctrl+pgup")
        #expect(app.state.tabs.activeIndex == 1)
        #expect(app.state.keyContexts.last == Actions.tabsContext)
    }

    @Test("a tab is marked modified when its draft differs from what it was saved as or opened from")
    func modifiedMark() throws {
        var app = try Self.harness()
        #expect(app.state.isDraftModified == false)
        try Self.openFromSidebar("List users", &app)
        #expect(app.state.isDraftModified == false)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/new")
        #expect(app.state.tabTitles.map(\.modified) == [false, true])
        app.press("alt+,", "ctrl+l", "end")
        app.type("x")
        #expect(app.state.tabTitles.map(\.modified) == [true, true])
        #expect(app.screen()[0].contains("GET List users ●"))
        app.press("backspace")
        #expect(app.state.tabTitles.map(\.modified) == [false, true])
        #expect(!app.screen()[0].contains("List users ●"))
    }

    @Test("closing a tab without changes asks nothing")
    func closeUnmodified() throws {
        var app = try Self.harness()
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/kept")
        app.press("alt+,", "alt+w")
        #expect(app.state.overlay == nil)
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/kept")
    }

    @Test("closing a modified tab asks; Esc keeps it with its text")
    func closeCancel() throws {
        var app = try Self.harness()
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/typed")
        app.press("alt+w")
        #expect(app.state.overlay == .closeTab(TabTitle(draft: app.state.draft, modified: true)))
        #expect(app.screen().joined().contains("Close the tab?"))
        app.press("esc")
        #expect(app.state.overlay == nil)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/typed")
        app.press("alt+w", "x")
        #expect(app.state.overlay != nil, "a key that is no answer leaves the question open")
    }

    @Test("closing a modified tab asks; d discards it and shows its neighbour")
    func closeDiscard() throws {
        var app = try Self.harness()
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/typed")
        app.press("alt+w", "d")
        #expect(app.state.overlay == nil)
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draft.name == "List users")
    }

    @Test("closing a modified saved request asks; s saves it into the collection file, then the tab closes")
    func closeSave() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = try Self.harness(folder: folder)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/other")
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+l", "end")
        app.type("/saved")
        app.press("alt+w", "s")
        #expect(app.state.tabs.count == 2, "the tab stays until the save is done")
        await app.runPerformed()
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/other")
        let stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.first { $0.id == "list" }?.url == "http://127.0.0.1:9/users/saved")
    }

    @Test("s on a request never saved asks for its name first; Esc there keeps the tab")
    func closeSaveNewRequest() throws {
        var app = try Self.harness()
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/typed")
        app.press("alt+w", "s")
        guard case .saveRequest = app.state.overlay else {
            Issue.record("expected the save-request overlay, got \(String(describing: app.state.overlay))")
            return
        }
        app.press("esc")
        #expect(app.state.tabs.count == 2)
        #expect(app.state.closesWhenSaved == false)
    }

    @Test("a cursor move and a tab switch write nothing; a change of content is written once it settles")
    func draftWritePolicy() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        var app = try Self.harness(draftPath: draftPath)
        app.type("http://127.0.0.1:9/a")
        let revision = try #require(Self.scheduledDraftWrites(app).first)
        app.send(.inTab(id: app.state.tabs.activeID, message: .draftDue(revision: revision)))
        await app.runPerformed()
        let tabFile = DraftFile.tabPath(app.state.tabs.activeID, draftPath: draftPath)
        #expect(try DraftFile.read(from: tabFile)?.url.text == "http://127.0.0.1:9/a")
        #expect(app.state.savedDraftRevision == revision)

        for key in ["left", "left", "home", "end", "alt+2", "down", "alt+1"] {
            app.press(key)
            #expect(Self.scheduledDraftWrites(app).isEmpty, "\(key) scheduled a draft write")
            #expect(!app.performs, "\(key) started a background command")
        }
        #expect(app.state.draftRevision == revision)

        try Self.openFromSidebar("List users", &app)
        #expect(app.performs, "a new tab's file is written and the list of tabs with it")
        await app.runPerformed()
        let listBefore = try String(contentsOfFile: draftPath, encoding: .utf8)
        #expect(listBefore.contains("\"tabs\""))
        app.press("alt+,")
        #expect(Self.scheduledDraftWrites(app).isEmpty)
        #expect(!app.performs)
        app.press("alt+.")
        #expect(Self.scheduledDraftWrites(app).isEmpty)
        #expect(!app.performs)

        app.press("ctrl+l")
        app.type("x")
        #expect(Self.scheduledDraftWrites(app) == [app.state.draftRevision])
    }

    @Test("every tab and the shown one come back in a new app over the same data folder")
    func restoredAfterRestart() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        var app = try Self.harness(draftPath: draftPath)
        app.press("ctrl+n")
        Self.typeURLAndHeader("http://127.0.0.1:9/typed", header: "X-Typed", value: "yes", &app)
        try Self.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/third")
        app.press("alt+,")
        await app.runPerformed()
        var again = try AppHarness.restarted(from: app, draftPath: draftPath)
        again.state.open(collection: Self.collection(), baseDirectory: nil)
        again.state.compareTabsWithCollection()
        #expect(again.state.tabs.count == 3)
        #expect(again.state.tabTitles.map(\.label) == ["/typed", "List users", "/third"])
        #expect(again.state.tabs.activeIndex == 1)
        #expect(again.state.draft.name == "List users")
        #expect(again.state.tabTitles.map(\.modified) == [true, false, true])
        again.press("alt+,")
        #expect(again.state.draft.headers.rows == [KeyValueRow(name: "X-Typed", value: "yes")])
        again.press("ctrl+n")
        #expect(!app.state.tabs.ids.contains(again.state.tabs.activeID), "a new tab never takes the id of a restored one")
    }

    @Test("a missing or broken tab file is reported and the other tabs are restored")
    func brokenTabFile() throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        for (id, url) in [(1, "http://127.0.0.1:9/one"), (2, "http://127.0.0.1:9/two"), (3, "http://127.0.0.1:9/three")] {
            var draft = RequestDraft()
            draft.url = TextFieldState(text: url)
            try DraftFile.writeTab(draft, id: id, draftPath: draftPath)
        }
        try DraftFile.writeTabList([1, 2, 3, 4], active: 2, draftPath: draftPath)
        let broken = DraftFile.tabPath(2, draftPath: draftPath)
        try Data("{\"url\": ".utf8).write(to: URL(fileURLWithPath: broken))

        let restored = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(restored.tabs.map(\.id) == [1, 3])
        #expect(restored.tabs.map(\.draft.url.text) == ["http://127.0.0.1:9/one", "http://127.0.0.1:9/three"])
        #expect(restored.problems.count == 2)
        #expect(restored.problems.contains { $0.contains(broken) })
        #expect(restored.problems.contains { $0.contains("tab 4 is missing") })
        #expect(restored.nextID == 5)
        #expect(FileManager.default.fileExists(atPath: broken), "the broken file is left as it is")
        var state = AppState()
        state.restore(restored)
        #expect(state.tabs.count == 2)
        #expect(state.draft.url.text == "http://127.0.0.1:9/one")
    }

    @Test("a broken list of tabs is moved aside and the tab files found are restored")
    func brokenTabList() throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://127.0.0.1:9/found")
        try DraftFile.writeTab(draft, id: 7, draftPath: draftPath)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: draftPath))
        let restored = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(restored.tabs.map(\.id) == [7])
        #expect(restored.problems.count == 1)
        #expect(FileManager.default.fileExists(atPath: draftPath + ".unreadable"))
    }

    @Test("a draft file of one draft, as curlew kept before tabs, becomes the first tab")
    func oneDraftFileBecomesATab() throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://127.0.0.1:9/old")
        try DraftFile.write(draft, to: draftPath)
        let restored = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(restored.problems.isEmpty)
        #expect(restored.tabs.map(\.draft.url.text) == ["http://127.0.0.1:9/old"])
        let again = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(again.tabs.map(\.draft.url.text) == ["http://127.0.0.1:9/old"], "the draft now lives in its tab file")
        #expect(try String(contentsOfFile: draftPath, encoding: .utf8).contains("\"tabs\""))
    }

    @Test("a pasted curl command opens in a new tab; one typed into an empty tab's URL bar stays in that tab")
    func curlImportOpensATab() throws {
        var app = try Self.harness()
        app.type("curl http://127.0.0.1:9/typed -H 'X-A: 1'")
        app.press("enter")
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/typed")
        app.send(.paste("curl -X POST http://127.0.0.1:9/pasted"))
        #expect(app.state.tabs.count == 2)
        #expect(app.state.tabTitles.map(\.label) == ["/typed", "/pasted"])
    }

    @Test("a response arrives in the tab that sent the request, also while another tab is shown")
    func responseLandsInItsTab() async throws {
        let url = try LoopbackHTTPBin.url("/get?tab=one")
        var app = try Self.harness()
        app.type(url)
        app.press("ctrl+r")
        #expect(app.state.isSendingHere)
        let sent = app.commands
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/other")
        #expect(!app.state.isSendingHere)
        for command in sent {
            if case .perform(_, let operation) = command.kind, let message = await operation() { app.send(message) }
        }
        await app.runPerformed()
        #expect(app.state.viewer.document == nil, "the shown tab sent nothing")
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/other")
        app.press("alt+,")
        let body = String(decoding: app.state.viewer.document?.body ?? [], as: UTF8.self)
        #expect(body.contains("\"tab\": \"one\"") || body.contains("tab=one"), "\(body.prefix(200))")
        #expect(!app.state.send.isSending)
    }

    @Test("a request renamed in the sidebar while its tab is hidden keeps that tab, under its new name")
    func renamedWhileParked() throws {
        var app = AppHarness(width: 120, height: 40, draftPath: nil)
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Ping", url: "http://127.0.0.1:9/ping")]
        app.state.open(collection: collection, baseDirectory: nil)
        app.send(.resize(app.state.size))
        try Self.openFromSidebar("Ping", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/typed")
        app.state.overlay = .rename(SidebarTarget(id: "r:/0", name: "Ping", kind: .request), TextFieldState(text: "Pong"))
        app.press("enter")
        #expect(app.state.tabTitles.map(\.label) == ["Pong", "/typed"])
        #expect(app.state.tabTitles.map(\.modified) == [false, true])
        try Self.openFromSidebar("Pong", &app)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.draft.name == "Pong")
    }

    @Test("a tab's title is its method and name, or the URL's path while never saved")
    func titles() {
        #expect(TabTitle.path(of: "https://api.example.com/users/1?page=2#top") == "/users/1")
        #expect(TabTitle.path(of: "{{baseUrl}}/orders") == "/orders")
        #expect(TabTitle.path(of: "https://api.example.com/") == "api.example.com/")
        #expect(TabTitle.path(of: "") == "new request")
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://h.test/a")
        draft.method = .delete
        #expect(TabTitle(draft: draft, modified: true) == TabTitle(method: "DELETE", label: "/a", modified: true))
        draft.savedID = "x"
        draft.name = "Remove"
        #expect(TabTitle(draft: draft, modified: false).label == "Remove")
    }
}

/// A tab opened from a history entry comes back after a restart as it was: unmodified until edited.
@Suite struct HistoryTabRestartTests {
    @Test func aHistoryTabIsNotMarkedModifiedAfterARestart() async throws {
        let folder = TemporaryFolder.path("curlew-history-tab")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let draftPath = folder + "/draft.json"
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder)
        let entry = try HistoryStore(paths: paths).record(HistoryExchange(
            method: .post, url: "http://127.0.0.1:9/items", headers: ["Content-Type": "application/json"],
            body: [.bytes(Data(#"{"a":1}"#.utf8))], response: Response(statusCode: 201, reason: "Created", body: Data("{}".utf8))))
        var app = AppHarness(width: 120, height: 40, draftPath: draftPath, storePaths: paths)
        app.state.show(history: [entry])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.open")
        await app.runPerformed()
        #expect(app.state.draft.url.text == "http://127.0.0.1:9/items")
        #expect(!app.state.isDraftModified)
        var again = try AppHarness.restarted(from: app, draftPath: draftPath)
        #expect(again.state.draft.url.text == "http://127.0.0.1:9/items")
        #expect(!again.state.isDraftModified)
        #expect(again.state.tabTitles.map(\.modified).allSatisfy { !$0 })
        #expect(!again.screen().joined().contains("●"))
        again.press("ctrl+l", "end")
        again.type("/2")
        #expect(again.state.isDraftModified, "an edit after the restart still marks it")
    }
}
