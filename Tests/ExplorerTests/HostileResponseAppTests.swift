import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing

/// The app with data from the history: secrets stored masked are never sent as `[redacted]`.
@Suite struct HostileResponseAppTests {
    private func entry(id: String, authorization: String) -> HistoryEntry {
        var entry = HistoryEntry(id: id, time: Date(), method: .get, url: "http://127.0.0.1:1/", status: 200)
        entry.request = HistoryRequest(headers: ["Authorization": authorization])
        return entry
    }

    @Test func aHistoryEntryWithMaskedSecretsIsOpenedButNotSent() {
        var app = AppHarness()
        app.state.show(history: [entry(id: "masked", authorization: Redaction.marker)])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        #expect(!app.state.send.isSending)
        #expect(app.state.notice?.contains("[redacted]") == true)
        #expect(app.state.draft.savedRequest.headers.contains { $0.value == Redaction.marker })
    }

    @Test func aHistoryEntryWithoutMaskedValuesIsResent() {
        var app = AppHarness()
        app.state.show(history: [entry(id: "plain", authorization: "Bearer typed")])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.resend")
        #expect(app.state.send.isSending)
    }
}
