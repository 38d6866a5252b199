import Explorer
import Foundation
import RequestStore
import Testing
import TUICore
import TestSupport

/// The Auth tab's named fields, and draft files written with the auth shape the app has always used.
@Suite("Auth fields")
struct AuthFieldsTests {
    @Test("a draft file with basic auth, as written before, reads into the user and password fields", arguments: [
        (#"{"type": "basic", "user": "ann", "password": "s3cret"}"#, "", "ann", "s3cret"),
        (#"{"type": "bearer", "token": "abc"}"#, "abc", "", ""),
    ])
    func oldDraftFileReads(auth: String, token: String, user: String, password: String) throws {
        let path = TemporaryFolder.path("curlew-draft-auth", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = #"{"name": "d", "method": "GET", "url": "http://h.test/", "auth": "# + auth + "}"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let draft = try #require(try DraftFile.read(from: path))
        #expect(draft.authFields.token.text == token)
        #expect(draft.authFields.user.text == user)
        #expect(draft.authFields.password.text == password)
    }

    @Test("the draft writes the fields back as the same auth object")
    func roundTrip() throws {
        let path = TemporaryFolder.path("curlew-draft-auth", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var draft = RequestDraft(saved: SavedRequest(name: "d", url: "http://h.test/"))
        draft.authMode = .basic
        draft.authFields.user = TextFieldState(text: "ann")
        draft.authFields[.password] = TextFieldState(text: "pw")
        try DraftFile.write(draft, to: path)
        let restored = try #require(try DraftFile.read(from: path))
        #expect(restored.authMode == .basic)
        #expect(restored.authFields.hasSameContent(as: draft.authFields))
        #expect(restored.savedRequest.auth == .basic(user: "ann", password: "pw"))
    }

    @Test("each auth mode shows its own fields, and only the user name is not secret")
    func shownFields() {
        #expect(AuthField.shown(for: .bearer) == [.token])
        #expect(AuthField.shown(for: .basic) == [.user, .password])
        #expect(AuthField.shown(for: .none).isEmpty)
        #expect(AuthField.allCases.filter { !$0.isSecret } == [.user])
    }
}
