import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import RequestKitTesting

/// A curl command pasted into the draft writes nothing until the user saves; the save moves its credentials into
/// secret variables, never into a collection's plain JSON, and reuses a variable that already holds the value.
@Suite struct PastedCredentialsTests {
    private func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    private func files(in folder: String) -> [String] {
        ((try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Saves the draft under a new name at the top level of the open collection.
    private func saveAsNew(_ app: inout AppHarness) async {
        app.press("ctrl+s", "enter")
        await app.runPerformed()
    }

    @Test func withACollectionOpenAPasteWritesNothingAndTheSaveMovesTheCredentialsToItsSecretsFile() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = AppHarness(storePaths: StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config"))
        let file = try SaveRequestTests.openCollection(in: folder, &app)
        let before = text(folder + "/api.json")
        let filesBefore = files(in: folder)

        app.send(.paste("curl -u alice:PastedPass1234 -H 'Cookie: session=PastedCookie5678' http://127.0.0.1:9/me"))
        await app.runPerformed()
        #expect(text(folder + "/api.json") == before)
        #expect(files(in: folder) == filesBefore)
        #expect(app.state.collection?.variables.isEmpty == true)
        #expect(app.state.draft.savedRequest.auth == .basic(user: "alice", password: "PastedPass1234"))
        #expect(app.state.notice?.contains("until Ctrl+S") == true)

        await saveAsNew(&app)
        let plain = text(folder + "/api.json")
        #expect(plain.contains("{{basicPassword}}"))
        #expect(plain.contains("{{cookie}}"))
        #expect(!plain.contains("PastedPass1234"))
        #expect(!plain.contains("PastedCookie5678"))
        let secrets = text(file.secretsPath)
        #expect(secrets.contains("PastedPass1234"))
        #expect(secrets.contains("PastedCookie5678"))
        #expect(app.state.draft.savedRequest.auth == .basic(user: "alice", password: "{{basicPassword}}"))
    }

    @Test func theSameCredentialPastedAgainReusesItsVariable() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = AppHarness(storePaths: StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config"))
        _ = try SaveRequestTests.openCollection(in: folder, &app)
        app.send(.paste("curl -H 'Authorization: Bearer SameToken4242' http://127.0.0.1:9/a"))
        await saveAsNew(&app)
        app.send(.paste("curl -H 'Authorization: Bearer SameToken4242' http://127.0.0.1:9/b"))
        await saveAsNew(&app)

        let stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.variables.map(\.name) == ["authorization"])
        let urls = stored.requests.filter { $0.headers.contains { $0.value == "Bearer {{authorization}}" } }.map(\.url)
        #expect(urls.sorted() == ["http://127.0.0.1:9/a", "http://127.0.0.1:9/b"])
        #expect(!text(folder + "/api.json").contains("SameToken4242"))
    }

    @Test func withoutACollectionAnUnsavedPasteSendsItsCredentialsAndWritesNoFile() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config")
        let transport = StubTransport.echoing()
        var app = AppHarness(storePaths: paths, client: transport)
        let url = "http://api.test/headers"
        app.send(.paste("curl -H 'Authorization: Bearer PastedToken9999' \(url)"))
        await app.runPerformed()
        #expect(!FileManager.default.fileExists(atPath: paths.collectionsDirectory + "/Untitled.json"))
        #expect(!FileManager.default.fileExists(atPath: paths.collectionsDirectory + "/Untitled.secrets.json"))

        app.press("ctrl+r")
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
        let sent = try #require(transport.sent.last)
        #expect(sent.url == url)
        #expect(sent.headers.value(for: "Authorization") == "Bearer PastedToken9999")

        await saveAsNew(&app)
        let untitled = paths.collectionsDirectory + "/Untitled.json"
        #expect(text(untitled).contains("Bearer {{authorization}}"))
        #expect(!text(untitled).contains("PastedToken9999"))
        #expect(text(paths.collectionsDirectory + "/Untitled.secrets.json").contains("PastedToken9999"))
    }
}
