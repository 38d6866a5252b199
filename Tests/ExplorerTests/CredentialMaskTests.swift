import Explorer
import RequestStore
import Testing
import TUICore

/// The Auth tab hides the bearer token and the basic password until Alt+V shows them.
@Suite struct CredentialMaskTests {
    @Test func thePasswordIsMaskedUntilAltV() {
        var app = AppHarness()
        app.state.draft = RequestDraft(saved: SavedRequest(name: "r", url: "http://127.0.0.1:1/", auth: .basic(user: "ann", password: "s3cret-pw")))
        app.press("alt+5")
        #expect(app.state.editor.tab == .auth)
        var screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("ann"))
        #expect(!screen.contains("s3cret-pw"))
        #expect(screen.contains("•••••••••"))
        app.press("alt+v")
        screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("s3cret-pw"))
        app.press("alt+v")
        #expect(!app.screen().joined().contains("s3cret-pw"))
        #expect(app.state.draft.savedRequest.auth == .basic(user: "ann", password: "s3cret-pw"))
    }

    @Test func aTokenThatIsOnlyAVariableIsShown() {
        var app = AppHarness()
        app.state.draft = RequestDraft(saved: SavedRequest(name: "r", url: "http://127.0.0.1:1/", auth: .bearer(token: "{{token}}")))
        app.press("alt+5")
        #expect(app.screen().joined().contains("{{token}}"))
        app.state.draft = RequestDraft(saved: SavedRequest(name: "r", url: "http://127.0.0.1:1/", auth: .bearer(token: "Bearer-abc{{x}}")))
        #expect(!app.screen().joined().contains("abc"))
    }
}
