import Explorer
import Foundation
import RequestStore
import Testing
import TUICore

/// A body of bytes in the editor: shown as a note in raw mode, kept until the note is replaced.
@Suite("Bytes bodies in the draft")
struct BytesBodyDraftTests {
    static let saved = SavedRequest(name: "Upload", method: .post, url: "http://127.0.0.1:9/up", body: .bytes(Data([0x00, 0xFF, 0x1B]), contentType: "image/png"))

    @Test func anUntouchedBytesBodyIsSavedAsTheSameBytes() {
        let draft = RequestDraft(saved: Self.saved)
        #expect(draft.bodyMode == .raw)
        #expect(draft.bodyText.text.hasPrefix("(3 bytes that are not text"))
        #expect(!draft.bodyText.text.unicodeScalars.contains { $0.value < 0x20 })
        #expect(draft.savedRequest.body == .bytes(Data([0x00, 0xFF, 0x1B]), contentType: "image/png"))
    }

    @Test func replacingTheNoteSendsTheNewText() {
        var draft = RequestDraft(saved: Self.saved)
        draft.bodyText = TextAreaState(text: "hello")
        #expect(draft.savedRequest.body == .raw(text: "hello", contentType: "image/png"))
    }
}
