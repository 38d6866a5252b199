import Explorer
import Foundation
import RequestKit
import RequestStore
import TestServers
import Testing
import TestSupport

/// The app with data from the history: secrets stored masked are never sent as `[redacted]`; a secret that came
/// from a variable is resolved again, and one typed directly is asked for.
@Suite struct HostileResponseAppTests {
    private func entry(id: String, authorization: String) -> HistoryEntry {
        var entry = HistoryEntry(id: id, time: Date(), method: .get, url: "http://127.0.0.1:1/", status: 200)
        entry.request = HistoryRequest(headers: ["Authorization": authorization])
        return entry
    }

    /// Records an exchange through the history store in a temporary data folder and reads it back from the file.
    private func recorded(url: String, authorization: String, secretVariables: [String: String]) throws -> HistoryEntry {
        let folder = TemporaryFolder.path("curlew-resend")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder, configDirectory: folder))
        let stored = try store.record(HistoryExchange(
            method: .get, url: url, headers: ["Authorization": authorization], response: Response(statusCode: 200),
            secrets: Array(secretVariables.keys), secretVariables: secretVariables))
        let text = try String(contentsOfFile: store.paths.historyFile, encoding: .utf8)
        for value in secretVariables.keys { #expect(!text.contains(value)) }
        #expect(!text.contains(authorization))
        return try #require(try store.entry(id: stored.id))
    }

    /// Resends the entry from the History section and returns the body httpbin sent back (the headers it received).
    private func resend(_ entry: HistoryEntry, _ app: inout AppHarness) async -> String {
        app.state.show(history: [entry])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        return await finishSend(&app)
    }

    private func finishSend(_ app: inout AppHarness) async -> String {
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
        return String(decoding: app.state.viewer.document?.body ?? [], as: UTF8.self)
    }

    @Test func aBearerTokenFromAVariableIsResolvedAgainFromTheCurrentEnvironment() async throws {
        let url = try LoopbackHTTPBin.url("/headers")
        let entry = try recorded(url: url, authorization: "Bearer old-token-1234", secretVariables: ["old-token-1234": "token"])
        #expect(entry.request.headers["Authorization"] == Redaction.marker)
        #expect(entry.request.template?.headers["Authorization"] == "Bearer {{token}}")
        var app = AppHarness(variables: VariableScope(environment: [Variable(name: "token", value: "new-token-5678", secret: true)]))
        let received = await resend(entry, &app)
        #expect(received.contains("Bearer new-token-5678"))
        #expect(!received.contains(Redaction.marker))
        #expect(app.state.draft.savedRequest.auth == .bearer(token: "{{token}}"))
    }

    @Test func aBasicPasswordFromAVariableIsEncodedAgainAfterItIsResolved() async throws {
        let url = try LoopbackHTTPBin.url("/headers")
        let old = "Basic " + Data("alice:old-pass-1234".utf8).base64EncodedString()
        let entry = try recorded(url: url, authorization: old, secretVariables: ["old-pass-1234": "password"])
        var app = AppHarness(variables: VariableScope(environment: [Variable(name: "password", value: "new-pass-5678", secret: true)]))
        let received = await resend(entry, &app)
        #expect(received.contains("Basic " + Data("alice:new-pass-5678".utf8).base64EncodedString()))
    }

    @Test func aLiteralSecretIsAskedForMaskedAndSentButNeverKeptInTheDraft() async throws {
        let url = try LoopbackHTTPBin.url("/headers")
        let entry = try recorded(url: url, authorization: "Bearer typed-in-9999", secretVariables: [:])
        #expect(entry.request.template == nil)
        var app = AppHarness()
        app.state.show(history: [entry])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        #expect(!app.state.send.isSending)
        guard case .secretPrompt(let prompt)? = app.state.overlay else {
            Issue.record("expected the secret prompt, got \(String(describing: app.state.overlay))")
            return
        }
        #expect(prompt.places == [.header("Authorization")])
        #expect(app.screen().joined(separator: "\n").contains("Secret needed"))
        app.type("Bearer ")
        app.send(.paste("again-4321"))
        let screen = app.screen().joined(separator: "\n")
        #expect(!screen.contains("again-4321"))
        #expect(screen.contains("•••••"))
        app.press("enter")
        let received = await finishSend(&app)
        #expect(received.contains("Bearer again-4321"))
        #expect(!received.contains(Redaction.marker))
        #expect(app.state.draft.savedRequest.headers.contains { $0.value == Redaction.marker })

        app.press("ctrl+r")
        #expect(!app.state.send.isSending)
        guard case .secretPrompt? = app.state.overlay else {
            Issue.record("a second send asks again")
            return
        }
        app.press("esc")
        #expect(app.state.overlay == nil)
        #expect(!app.state.send.isSending)
        #expect(app.state.notice?.contains("[redacted]") == true)
    }

    @Test func aHistoryEntryWithoutMaskedValuesIsResent() {
        var app = AppHarness()
        app.state.show(history: [entry(id: "plain", authorization: "Bearer typed")])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        #expect(app.state.send.isSending)
    }
}
