import Explorer
import Foundation
import RequestStore
import Testing
import TestSupport
import TUICore

/// The variables view's "In force" block: which value of each name wins, from where, and what it overrides.
@Suite struct VariablesInForceTests {
    @Test func commandLineBeatsEnvironmentBeatsCollectionAndUsedNamesComeFirst() {
        let rows = VariablesInForce.list(
            commandLine: ["region": "eu"],
            environment: (name: "staging", variables: [Variable(name: "baseUrl", value: "https://staging.test"),
                                                        Variable(name: "token", value: "t-1", secret: true),
                                                        Variable(name: "off", value: "x", enabled: false)]),
            collection: (name: "API", variables: [Variable(name: "baseUrl", value: "http://127.0.0.1:9"), Variable(name: "region", value: "us")]),
            used: ["token", "baseUrl", "$uuid", "missing", "token"])
        #expect(rows.map(\.name) == ["token", "baseUrl", "missing", "region"])
        #expect(rows[0].secret && rows[0].source == "environment 'staging'" && rows[0].overridden.isEmpty)
        #expect(rows[1].value == "https://staging.test")
        #expect(rows[1].overridden == ["collection 'API'"])
        #expect(rows[2].value == nil && rows[2].source == nil && rows[2].usedByRequest)
        #expect(rows[3].source == "--var" && rows[3].value == "eu" && rows[3].overridden == ["collection 'API'"] && !rows[3].usedByRequest)
    }

    @Test func theEditorShowsTheWinnerOfEachNameItsSourceAndMasksSecrets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-inforce-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.variables = [Variable(name: "baseUrl", value: "http://127.0.0.1:9")]
        collection.requests = [SavedRequest(name: "Ping", url: "{{baseUrl}}/ping", headers: [KeyValueRow(name: "Authorization", value: "Bearer {{token}} {{nope}}")])]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        let local = try EnvironmentFile.create(Environment(name: "local", variables: [
            Variable(name: "baseUrl", value: "http://127.0.0.1:8080"), Variable(name: "token", value: "tok-secret-1", secret: true),
        ]), at: folder + "/local.env.json")
        var app = AppHarness(width: 120, height: 40, variables: VariableScope(commandLine: ["region": "eu"], collection: collection.variables))
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.environments = [local]
        app.state.activate(environment: "local")
        app.openSidebarRequest("r:/0")
        app.action("variables.edit")
        let screen = app.screen()
        #expect(screen.contains { $0.contains("In force (--var › request › folder › environment › collection)") })
        let baseUrl = try #require(screen.first { $0.contains("• baseUrl") })
        #expect(baseUrl.contains("http://127.0.0.1:8080") && baseUrl.contains("from environment 'local' (over collection 'API')"), "\(baseUrl)")
        let token = try #require(screen.first { $0.contains("• token") })
        #expect(token.contains("••••") && !token.contains("tok-secret-1"))
        #expect(screen.contains { $0.contains("• nope") && $0.contains("not defined") })
        #expect(screen.contains { $0.contains("region") && $0.contains("from --var") })
        app.press("v")
        #expect(app.screen().contains { $0.contains("• token") && $0.contains("tok-secret-1") })
    }

    @Test func requestAndFolderValuesWinOverTheEnvironmentAndSayWhereTheyComeFrom() {
        let rows = VariablesInForce.list(
            commandLine: [:],
            layers: [VariableLayer(place: .request, variables: [Variable(name: "id", value: "7")]),
                     VariableLayer(place: .folder(path: "Users"), variables: [Variable(name: "id", value: "1"), Variable(name: "page", value: "2")])],
            environment: (name: "local", variables: [Variable(name: "page", value: "9"), Variable(name: "id", value: "0")]),
            collection: (name: "API", variables: [Variable(name: "page", value: "1")]),
            used: ["id", "page"])
        #expect(rows.map(\.name) == ["id", "page"])
        #expect(rows[0].value == "7" && rows[0].source == "request" && rows[0].overridden == ["folder Users", "environment 'local'"])
        #expect(rows[1].value == "2" && rows[1].source == "folder Users" && rows[1].overridden == ["environment 'local'", "collection 'API'"])
    }

    @Test func theEditorShowsFolderAndRequestValuesOfTheRequestShown() throws {
        let folder = try TemporaryFolder("curlew-inforce")
        var collection = RequestCollection(name: "API")
        collection.variables = [Variable(name: "page", value: "collection-page")]
        var users = Folder(name: "Users")
        users.variables = [Variable(name: "page", value: "folder-page"), Variable(name: "id", value: "folder-id")]
        var request = SavedRequest(id: "list", name: "List", url: "http://127.0.0.1:9/{{id}}?page={{page}}")
        request.variables = [Variable(name: "id", value: "request-id")]
        users.requests = [request]
        collection.folders = [users]
        let file = try CollectionFile.create(collection, at: folder.file("api.json"))
        var app = AppHarness(width: 120, height: 40, variables: VariableScope(collection: collection.variables))
        app.state.open(collection: file.document, baseDirectory: folder.path)
        app.state.collectionFile = file
        app.openSidebarRequest("r:0/0")
        app.action("variables.edit")
        let screen = app.screen()
        let id = try #require(screen.first { $0.contains("• id") })
        #expect(id.contains("request-id") && id.contains("from request (over folder Users)"), "\(id)")
        let page = try #require(screen.first { $0.contains("• page") })
        #expect(page.contains("folder-page") && page.contains("from folder Users (over collection 'API')"), "\(page)")
    }
}
