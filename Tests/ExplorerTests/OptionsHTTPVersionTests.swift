import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore

/// The HTTP version row of the Options tab: cycled with Space, saved as the request's `httpVersion`, and kept in
/// view on a small screen.
@Suite("Options tab: HTTP version")
struct OptionsHTTPVersionTests {
    @Test("Space cycles the versions and the request keeps the choice")
    func cycle() throws {
        var app = AppHarness(width: 80, height: 24)
        app.press("alt+6")
        for _ in 0..<RequestOptionsDraft.Field.httpVersion.rawValue { app.press("down") }
        #expect(app.state.editor.optionsRow == .httpVersion)
        #expect(app.screen().contains { $0.contains("HTTP version") && $0.contains("automatic") })
        var seen: [String?] = []
        for _ in 0..<4 {
            app.press("space")
            seen.append(app.state.draft.savedRequest.options.httpVersion)
        }
        #expect(seen == ["1.1", "2", "2-prior-knowledge", nil])
        app.press("space", "space")
        #expect(app.screen().contains { $0.contains("HTTP version") && $0.contains("HTTP/2 (over TLS when offered)") })
        let request = try RequestConversion.makeRequest(app.state.draft.savedRequest, headers: [], auth: .none, scope: VariableScope(), boundary: .userTyped())
        #expect(request.options.httpVersion == .http2)
    }

    @Test("a saved version loads into the row")
    func loads() {
        var saved = SavedRequest(name: "h2c", url: "http://127.0.0.1:1/")
        saved.options.httpVersion = "2-prior-knowledge"
        let draft = RequestDraft(saved: saved)
        #expect(draft.options.httpVersion == "2-prior-knowledge")
        #expect(draft.options.text(of: .httpVersion) == "HTTP/2 prior knowledge (also http://)")
        #expect(draft.savedRequest.options.httpVersion == "2-prior-knowledge")
    }
}
