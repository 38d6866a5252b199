import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport
import RequestKitTesting

/// The app masks in the history the secrets in force when each request is sent: those of an environment switched
/// to, of variables edited and saved in the app, and the values typed into the secret prompt.
@Suite struct HistoryMaskingTests {
    /// A temp folder with a collection whose one request carries `{{apiKey}}` in the URL, a header and the JSON body,
    /// the environments given, and a data folder; opened in a harness that records into that data folder.
    private static func setUp(environments: [Environment]) throws -> (AppHarness, folder: String, data: String) {
        let folder = TemporaryFolder.path("curlew-masking")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        var request = SavedRequest(name: "Echo", method: .post, url: "http://api.test/anything?key={{apiKey}}")
        request.headers = [KeyValueRow(name: "X-Key", value: "{{apiKey}}")]
        request.body = .json("{\"key\": \"{{apiKey}}\"}")
        collection.requests = [request]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        let files = try environments.map { try EnvironmentFile.create($0, at: folder + "/\($0.name).env.json") }
        let data = folder + "/data"
        let history = HistoryStore(paths: StorePaths(dataDirectory: data, configDirectory: data))
        var app = AppHarness(variables: VariableScope(collection: collection.variables), history: history, client: StubTransport.echoing())
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.environments = files
        app.state.draft = RequestDraft(saved: request)
        return (app, folder, data)
    }

    /// Every file under `folder`, read whole and joined.
    private static func everything(under folder: String) throws -> String {
        var text = ""
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                text += String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            }
        }
        return text
    }

    /// Sends the draft (Ctrl+R), waits for the exchange to be recorded, and returns the request the stub echoed.
    private static func send(_ app: inout AppHarness) async -> String {
        app.press("ctrl+r")
        return await finish(&app)
    }

    /// Runs a send in flight to its end and returns the request the stub echoed.
    private static func finish(_ app: inout AppHarness) async -> String {
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
        return String(decoding: app.state.viewer.document?.body ?? [], as: UTF8.self)
    }

    /// A secret of letters only, and one that the URL percent-encodes, with a word of it that must not reach the
    /// data folder in any form.
    static let switchedSecrets = [("TwoSecret222", "TwoSecret222"), ("Two Spaced/Secret 222", "Spaced")]

    @Test(arguments: switchedSecrets)
    func aSecretOfAnEnvironmentSwitchedToWithAltEIsMasked(secret: String, word: String) async throws {
        var (app, folder, data) = try Self.setUp(environments: [
            Environment(name: "one", variables: [Variable(name: "apiKey", value: "OneSecret111", secret: true)]),
            Environment(name: "two", variables: [Variable(name: "apiKey", value: secret, secret: true)]),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let activated = app.state.activate(environment: "one")
        #expect(activated)
        app.press("alt+e")
        await app.runPerformed()
        guard case .palette = app.state.overlay else {
            Issue.record("the environment switcher did not open")
            return
        }
        app.type("two")
        app.press("enter")
        #expect(app.state.activeEnvironment == "two")
        let echoed = await Self.send(&app)
        #expect(echoed.contains(word))
        let stored = try Self.everything(under: data)
        #expect(stored.contains(Redaction.marker))
        #expect(stored.contains("key={{apiKey}}"))
        #expect(!stored.contains(word))
    }

    @Test(arguments: [false, true])
    func aVariableMadeSecretOrGivenANewSecretValueInTheEditorIsMasked(wasSecret: Bool) async throws {
        let old = wasSecret ? "OldSecret333" : "PlainAtFirst333"
        var (app, folder, data) = try Self.setUp(environments: [
            Environment(name: "local", variables: [Variable(name: "apiKey", value: old, secret: wasSecret)]),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let activated = app.state.activate(environment: "local")
        #expect(activated)
        app.action("variables.edit")
        app.press("right", "enter", "ctrl+u")
        app.type("EditedSecret444")
        app.press("enter")
        if !wasSecret { app.press("s") }
        app.press("ctrl+s")
        await app.runPerformed()
        #expect(app.state.overlay == nil)
        #expect(app.state.variables.environment == [Variable(name: "apiKey", value: "EditedSecret444", secret: true)])
        let echoed = await Self.send(&app)
        #expect(echoed.contains("EditedSecret444"))
        let stored = try Self.everything(under: data)
        #expect(stored.contains(Redaction.marker))
        #expect(!stored.contains("EditedSecret444"))
    }

    @Test func secretsTypedForTheURLAndTheBodyAreMasked() async throws {
        var (app, folder, data) = try Self.setUp(environments: [])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = "http://api.test/anything"
        let earlier = folder + "/earlier"
        let store = HistoryStore(paths: StorePaths(dataDirectory: earlier, configDirectory: earlier))
        let stored = try store.record(HistoryExchange(
            method: .post, url: url + "?key=FirstTyped000", headers: ["Content-Type": "application/json"],
            body: [.bytes(Data("{\"key\": \"FirstTyped000\"}".utf8))], response: Response(statusCode: 200), secrets: ["FirstTyped000"]))
        let entry = try #require(try store.entry(id: stored.id))
        #expect(entry.url.contains(Redaction.marker))
        #expect(entry.request.body?.contains(Redaction.marker) == true)

        app.state.show(history: [entry])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        guard case .secretPrompt(let prompt)? = app.state.overlay else {
            Issue.record("expected the secret prompt, got \(String(describing: app.state.overlay))")
            return
        }
        #expect(prompt.places == [.url, .body])
        app.type("UrlTyped888")
        app.press("enter")
        app.type("BodyTyped999")
        app.press("enter")
        let echoed = await Self.finish(&app)
        #expect(echoed.contains("UrlTyped888"))
        #expect(echoed.contains("BodyTyped999"))
        let recorded = try Self.everything(under: data)
        #expect(recorded.contains(Redaction.marker))
        #expect(!recorded.contains("UrlTyped888"))
        #expect(!recorded.contains("BodyTyped999"))
    }

    @Test func aVariableAHistoryEntryHeldASecretInStaysMaskedWhenResentWithAPlainValue() async throws {
        var (app, folder, data) = try Self.setUp(environments: [
            Environment(name: "plain", variables: [Variable(name: "apiKey", value: "PlainNow555")]),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let activated = app.state.activate(environment: "plain")
        #expect(activated)
        let url = "http://api.test/anything"
        let earlier = folder + "/earlier"
        let store = HistoryStore(paths: StorePaths(dataDirectory: earlier, configDirectory: earlier))
        let stored = try store.record(HistoryExchange(
            method: .get, url: url + "?key=WasSecret000", response: Response(statusCode: 200),
            secrets: ["WasSecret000"], secretVariables: ["WasSecret000": "apiKey"]))
        let entry = try #require(try store.entry(id: stored.id))
        #expect(entry.request.template?.url == url + "?key={{apiKey}}")

        app.state.show(history: [entry])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        let echoed = await Self.finish(&app)
        #expect(echoed.contains("PlainNow555"))
        let recorded = try Self.everything(under: data)
        #expect(recorded.contains("key={{apiKey}}"))
        #expect(!recorded.contains("PlainNow555"))
    }
}
