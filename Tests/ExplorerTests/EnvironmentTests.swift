import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting
import TestSupport

/// The active environment in the top bar, switching it, and the variables editor saving to real files.
@Suite("Environments and variables")
struct EnvironmentTests {
    /// A collection with a variable and two environments (one with a secret) in a fresh temp folder, opened in a harness.
    static func setUp(width: Int = 120, height: Int = 40) throws -> (AppHarness, String) {
        let folder = TemporaryFolder.path("curlew-env")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        collection.variables = [Variable(name: "baseUrl", value: "http://127.0.0.1:9")]
        collection.requests = [SavedRequest(name: "Ping", url: "{{baseUrl}}/ping")]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        let local = try EnvironmentFile.create(Environment(name: "local", variables: [
            Variable(name: "baseUrl", value: "http://127.0.0.1:8080"), Variable(name: "token", value: "tok-secret-1", secret: true),
        ]), at: folder + "/local.env.json")
        let staging = try EnvironmentFile.create(Environment(name: "staging", variables: [Variable(name: "baseUrl", value: "https://staging.test")]),
                                                 at: folder + "/staging.env.json")
        var app = AppHarness(width: width, height: height, variables: VariableScope(collection: collection.variables))
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.environments = [local, staging]
        app.send(.resize(Size(width: width, height: height)))
        return (app, folder)
    }

    @Test("the top bar shows the active environment, or that there is none")
    func topBar() throws {
        var (app, _) = try Self.setUp(width: 80, height: 24)
        #expect(app.screen()[0].contains("no environment"))
        let activated = app.state.activate(environment: "local")
        #expect(activated)
        #expect(app.screen()[0].contains("env: local"))
        let unknown = app.state.activate(environment: "nope")
        #expect(!unknown)
        #expect(app.state.activeEnvironment == "local")
    }

    @Test("Alt+E lists the environments in the palette; choosing one switches the variables, and none switches them off")
    func switching() async throws {
        var (app, _) = try Self.setUp()
        app.press("alt+e")
        #expect(app.performs)
        await app.runPerformed()
        guard case .palette(let palette) = app.state.overlay else {
            Issue.record("the palette did not open")
            return
        }
        let titles = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: app.state)).prefix(3).map(\.title)
        #expect(titles == ["environment: none", "environment: local", "environment: staging"])
        app.press("down", "down", "enter")
        #expect(app.state.activeEnvironment == "staging")
        #expect(app.state.variables.lookup("baseUrl")?.value == "https://staging.test")
        app.press("alt+e")
        await app.runPerformed()
        app.press("up", "up", "enter")
        #expect(app.state.activeEnvironment == nil)
        #expect(app.state.variables.lookup("baseUrl")?.value == "http://127.0.0.1:9")
    }

    @Test("the switcher reads the folder again: an environment added since start is listed, one removed is dropped")
    func relisted() async throws {
        var (app, folder) = try Self.setUp()
        app.state.activate(environment: "staging")
        _ = try EnvironmentFile.create(Environment(name: "ci", variables: [Variable(name: "baseUrl", value: "http://ci.test")]), at: folder + "/ci.env.json")
        try FileManager.default.removeItem(atPath: folder + "/staging.env.json")
        app.press("alt+e")
        await app.runPerformed()
        #expect(app.state.environments.map(\.document.name) == ["ci", "local"])
        #expect(app.state.activeEnvironment == nil)
        #expect(app.state.notice?.contains("'staging' is gone") == true)
        guard case .palette = app.state.overlay else {
            Issue.record("the switcher did not open")
            return
        }
    }

    @Test("with no environment files, the switch says how to add one")
    func noEnvironments() {
        var app = AppHarness()
        app.action("env.switch")
        #expect(app.state.overlay == nil)
        #expect(app.state.notice?.contains(".env.json") == true)
    }

    @Test("the editor masks secrets until v, and saves edits to the environment, its secrets file and the collection")
    func editAndSave() async throws {
        var (app, folder) = try Self.setUp()
        app.state.activate(environment: "local")
        app.action("variables.edit")
        guard case .variables(let editor) = app.state.overlay else {
            Issue.record("the editor did not open")
            return
        }
        #expect(editor.sections.count == 2)
        var screen = app.screen().joined(separator: "\n")
        #expect(!screen.contains("tok-secret-1"))
        #expect(screen.contains("••••"))
        app.press("v")
        screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("tok-secret-1"))

        // Change the secret token's value, and the collection's baseUrl.
        app.press("down", "right", "enter", "ctrl+u")
        app.type("tok-secret-2")
        app.press("enter", "down", "enter", "ctrl+u")
        app.type("http://127.0.0.1:7")
        app.press("enter", "ctrl+s")
        #expect(app.performs)
        await app.runPerformed()
        #expect(app.state.overlay == nil)
        #expect(app.state.notice == "Saved the variables.")
        #expect(app.state.variables.lookup("token")?.value == "tok-secret-2")
        #expect(app.state.variables.collection.first?.value == "http://127.0.0.1:7")

        let envText = try String(contentsOfFile: folder + "/local.env.json", encoding: .utf8)
        #expect(!envText.contains("tok-secret"))
        let secrets = try String(contentsOfFile: folder + "/local.env.secrets.json", encoding: .utf8)
        #expect(secrets.contains("tok-secret-2"))
        #expect(try EnvironmentFile.load(folder + "/local.env.json").document.variables[1].value == "tok-secret-2")
        #expect(try CollectionFile.load(folder + "/api.json").document.variables.first?.value == "http://127.0.0.1:7")
        #expect(try CollectionFile.load(folder + "/api.json").document.requests.map(\.name) == ["Ping"])
    }

    @Test("adding, marking secret and deleting rows; an empty name stops the save")
    func rows() throws {
        var (app, _) = try Self.setUp()
        app.action("variables.edit")
        app.press("a")
        app.press("enter")
        app.press("ctrl+s")
        #expect(!app.performs)
        #expect(app.state.notice?.contains("has no name") == true)
        app.press("enter")
        app.type("apiKey")
        app.press("tab")
        app.type("k-1")
        app.press("enter", "s")
        guard case .variables(let editor) = app.state.overlay else {
            Issue.record("the editor closed")
            return
        }
        #expect(editor.sections[0].variables.map(\.name) == ["baseUrl", "apiKey"])
        #expect(editor.sections[0].variables[1].secret)
        #expect(editor.isModified)
        app.press("d")
        app.press("esc")
        #expect(app.state.overlay == nil)
    }

    @Test("a file changed on disk is not overwritten unasked: o overwrites, r reloads and keeps the edits")
    func conflict() async throws {
        var (app, folder) = try Self.setUp()
        app.state.activate(environment: "staging")
        let path = folder + "/staging.env.json"
        let changed = try EnvironmentFile.load(path).saving(Environment(name: "staging", variables: [Variable(name: "baseUrl", value: "https://other.test")]))
        _ = changed
        app.action("variables.edit")
        app.press("right", "enter", "ctrl+u")
        app.type("https://mine.test")
        app.press("enter", "ctrl+s")
        await app.runPerformed()
        guard case .variablesConflict(_, let paths) = app.state.overlay else {
            Issue.record("no conflict dialog: \(String(describing: app.state.overlay))")
            return
        }
        #expect(paths == [path])
        #expect(try EnvironmentFile.load(path).document.variables[0].value == "https://other.test")

        app.press("r")
        await app.runPerformed()
        guard case .variables(let editor) = app.state.overlay else {
            Issue.record("the editor did not come back")
            return
        }
        #expect(editor.sections[0].variables[0].value == "https://mine.test")
        #expect(editor.sections[0].original[0].value == "https://other.test")
        app.press("ctrl+s")
        await app.runPerformed()
        #expect(try EnvironmentFile.load(path).document.variables[0].value == "https://mine.test")
        #expect(app.state.variables.lookup("baseUrl")?.value == "https://mine.test")
    }

    @Test("the top bar and the variables editor", arguments: [(80, 24), (120, 40)])
    func snapshots(size: (Int, Int)) throws {
        var (app, _) = try Self.setUp(width: size.0, height: size.1)
        app.state.activate(environment: "local")
        app.action("variables.edit")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Environment 'local' · local.env.json"))
        try Snapshot.assert(screen, named: "app-variables-\(size.0)x\(size.1)")
    }
}
