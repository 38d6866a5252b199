import Explorer
import Foundation
import RequestStore
import Testing
import TUICore

/// Editing a folder's and the collection's description, auth and headers in the app, saved to a real file.
@Suite struct FolderSettingsTests {
    /// A collection file with a `Users` folder (one header, inherited auth) and a request in it, opened with the
    /// sidebar focused on the folder.
    private func app() throws -> (AppHarness, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        collection.auth = .apiKey(SavedAPIKey(name: "X-Key", value: "{{key}}"))
        collection.folders = [Folder(name: "Users", headers: [KeyValueRow(name: "X-Team", value: "core")],
                                     requests: [SavedRequest(name: "List", url: "http://127.0.0.1:9/users")])]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        var app = AppHarness(width: 120, height: 40)
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.focus = .sidebar
        app.state.sidebar.select(id: "f:0", in: .collection)
        return (app, folder + "/api.json")
    }

    private func editor(_ app: AppHarness) -> FolderSettingsEditor? {
        if case .folderSettings(let editor)? = app.state.overlay { return editor }
        return nil
    }

    @Test func eEditsTheFolderSDescriptionAuthAndHeadersAndCtrlSSavesThem() async throws {
        var (app, path) = try app()
        app.press("e")
        let opened = try #require(editor(app))
        #expect(opened.title == "Folder 'Users'")
        #expect(app.screen().contains { $0.contains("[x] X-Team") && $0.contains("core") })
        // The description.
        app.press("enter")
        app.type("People and teams")
        app.press("enter")
        // The auth: inherit → none → bearer, then the token.
        app.press("down", "space", "space")
        #expect(editor(app)?.rows.contains(.authField(.token)) == true)
        app.press("down", "enter")
        app.type("{{userToken}}")
        app.press("enter")
        // A second header, and the first turned off.
        app.press("down", "a")
        app.type("Accept")
        app.press("tab")
        app.type("application/json")
        app.press("enter", "up", "space")
        #expect(editor(app)?.isModified == true)
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        let saved = try CollectionFile.load(path).document.folders[0]
        #expect(saved.description == "People and teams")
        #expect(saved.auth == .bearer(token: "{{userToken}}"))
        #expect(saved.headers == [KeyValueRow(name: "X-Team", value: "core", enabled: false), KeyValueRow(name: "Accept", value: "application/json")])
        app.openSidebarRequest("r:0/0")
        #expect(app.state.inheritedAuthNote == "Credentials come from the folder \"Users\": bearer auth.", "the request inside inherits it at once")
        app.state.focus = .sidebar
        app.press("u")
        await app.runPerformed()
        #expect(try CollectionFile.load(path).document.folders[0].auth == .inherit, "the save is one undoable edit")
    }

    @Test func theCollectionSAuthOfAnotherTypeIsKeptUnlessReplaced() async throws {
        var (app, path) = try app()
        app.action("collection.settings")
        let opened = try #require(editor(app))
        #expect(opened.isCollection)
        #expect(opened.label(of: opened.authChoice).hasPrefix("apiKey"))
        app.press("enter")
        app.type("The public API")
        app.press("enter", "ctrl+s")
        await app.runPerformed()
        let saved = try CollectionFile.load(path).document
        #expect(saved.description == "The public API")
        #expect(saved.auth == .apiKey(SavedAPIKey(name: "X-Key", value: "{{key}}")))
    }

    @Test func aHeaderWithoutANameStopsTheSaveAndEscDropsTheEdits() async throws {
        var (app, path) = try app()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        app.press("e", "down", "down", "a", "enter", "ctrl+s")
        #expect(editor(app) != nil, "the editor stays open")
        #expect(app.state.notice?.contains("has no name") == true, "\(app.state.notice ?? "")")
        app.press("escape")
        #expect(app.state.overlay == nil)
        #expect(app.state.notice?.contains("not saved") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aTokenTypedInClearBecomesASecretVariableOfTheCollection() async throws {
        var (app, path) = try app()
        app.press("e", "down", "space", "space", "down", "enter")
        app.type("tok-typed-123")
        app.press("enter", "ctrl+s")
        await app.runPerformed()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("tok-typed-123"), "the collection file never holds the typed token")
        let saved = try CollectionFile.load(path).document
        guard case .bearer(let token) = saved.folders[0].auth else {
            Issue.record("not bearer: \(saved.folders[0].auth)")
            return
        }
        #expect(token.hasPrefix("{{") && token.hasSuffix("}}"))
        #expect(saved.variables.contains { $0.secret && $0.value == "tok-typed-123" }, "the value is in the secrets file")
        #expect(app.state.notice?.contains("secret variable") == true, "\(app.state.notice ?? "")")
    }

    @Test func theVariablesSectionAddsAFolderVariableSavedAsOneUndoableEdit() async throws {
        var (app, path) = try app()
        app.press("e")
        #expect(app.screen().contains { $0.contains("no variables; a here adds one") })
        // Description, auth type, the header, then the line standing for no variables.
        app.press("down", "down", "down")
        #expect(editor(app)?.selectedRow == .noVariables)
        app.press("a")
        app.type("team")
        app.press("tab")
        app.type("core-team")
        app.press("enter")
        #expect(editor(app)?.variables == [Variable(name: "team", value: "core-team")])
        #expect(editor(app)?.headers.count == 1, "a on the variable rows adds no header")
        #expect(app.screen().contains { $0.contains("[x] team") && $0.contains("core-team") })
        app.press("ctrl+s")
        await app.runPerformed()
        #expect(try CollectionFile.load(path).document.folders[0].variables == [Variable(name: "team", value: "core-team")])
        app.press("u")
        await app.runPerformed()
        #expect(try CollectionFile.load(path).document.folders[0].variables.isEmpty, "the save is one undoable edit")
    }

    @Test func aVariableWithoutANameOrGivenTwiceStopsTheSave() throws {
        var (app, _) = try app()
        app.press("e", "down", "down", "down", "a", "enter")
        #expect(editor(app)?.problem?.contains("Variable 1 has no name") == true)
        app.press("enter")
        app.type("a")
        app.press("enter", "a")
        app.type("a")
        app.press("enter")
        #expect(editor(app)?.problem?.contains("given twice") == true)
        app.press("ctrl+s")
        #expect(editor(app) != nil, "the editor stays open")
    }

    @Test func theCollectionSettingsEditTheCollectionVariables() async throws {
        var (app, path) = try app()
        app.state.sidebar.select(id: "", in: .collection)
        app.action("collection.settings")
        #expect(try #require(editor(app)).isCollection)
        app.press("up")
        let last = (editor(app)?.rows.count ?? 1) - 1
        for _ in 0..<last { app.press("down") }
        app.press("a")
        app.type("region")
        app.press("tab")
        app.type("eu")
        app.press("enter", "ctrl+s")
        await app.runPerformed()
        #expect(try CollectionFile.load(path).document.variables == [Variable(name: "region", value: "eu")])
        #expect(app.state.variables.collection == [Variable(name: "region", value: "eu")])
    }
}
