import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing

/// A curl command pasted into the draft leaves its credentials in secret variables, never in a collection's plain JSON.
@Suite struct PastedCredentialsTests {
    private func text(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    @Test func withACollectionOpenTheyGoToItsSecretsFile() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = AppHarness(storePaths: StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config"))
        let file = try SaveRequestTests.openCollection(in: folder, &app)
        app.send(.paste("curl -u alice:PastedPass1234 -H 'Cookie: session=PastedCookie5678' http://127.0.0.1:9/me"))
        #expect(app.state.draft.savedRequest.auth == .basic(user: "alice", password: "{{basicPassword}}"))
        #expect(app.state.draft.savedRequest.headers.contains { $0.name == "Cookie" && $0.value == "{{cookie}}" })
        #expect(app.state.collection?.variables.map(\.name).sorted() == ["basicPassword", "cookie"])
        await app.runPerformed()
        #expect(app.state.notice?.contains(file.secretsPath) == true)
        let plain = text(folder + "/api.json")
        #expect(plain.contains("basicPassword"))
        #expect(!plain.contains("PastedPass1234"))
        #expect(!plain.contains("PastedCookie5678"))
        let secrets = text(file.secretsPath)
        #expect(secrets.contains("PastedPass1234"))
        #expect(secrets.contains("PastedCookie5678"))
        #expect(app.state.collectionFile?.secretsFingerprint != file.secretsFingerprint)
    }

    @Test func withoutACollectionTheyGoToTheDefaultCollectionsSecretsAndTheRequestStillSends() async throws {
        let folder = try SaveRequestTests.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config")
        let transport = StubTransport.echoing()
        var app = AppHarness(storePaths: paths, client: transport)
        let url = "http://api.test/headers"
        app.send(.paste("curl -H 'Authorization: Bearer PastedToken9999' \(url)"))
        #expect(app.state.draft.savedRequest.headers.contains { $0.name == "Authorization" && $0.value == "Bearer {{authorization}}" })
        await app.runPerformed()
        let untitled = paths.collectionsDirectory + "/Untitled.json"
        #expect(app.state.notice?.contains("Untitled.secrets.json") == true)
        #expect(app.state.notice?.contains("No collection is open") == true)
        #expect(text(untitled).contains("\"authorization\""))
        #expect(!text(untitled).contains("PastedToken9999"))
        #expect(text(paths.collectionsDirectory + "/Untitled.secrets.json").contains("PastedToken9999"))
        #expect(app.state.collectionFile == nil)

        app.press("ctrl+r")
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
        let sent = try #require(transport.sent.last)
        #expect(sent.url == url)
        #expect(sent.headers.value(for: "Authorization") == "Bearer PastedToken9999")
        let received = String(decoding: app.state.viewer.document?.body ?? [], as: UTF8.self)
        #expect(received.contains("Authorization: Bearer PastedToken9999"))
    }
}
