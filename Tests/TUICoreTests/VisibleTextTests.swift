import Testing
import TerminalSafety
import TUICore
import TUITesting

/// The one sanitizer: controls and invisible characters are drawn visibly, by the command line and the app alike,
/// and the width the app measures is the width it draws.
@Suite("VisibleText")
struct VisibleTextTests {
    @Test(arguments: [
        ("a\u{202E}b", "a<U+202E>b"), ("\u{202A}\u{202B}\u{202C}\u{202D}", "<U+202A><U+202B><U+202C><U+202D>"),
        ("\u{2066}x\u{2067}\u{2068}\u{2069}", "<U+2066>x<U+2067><U+2068><U+2069>"),
        ("z\u{200B}\u{200C}\u{200E}\u{200F}", "z<U+200B><U+200C><U+200E><U+200F>"), ("l\u{2028}p\u{2029}", "l<U+2028>p<U+2029>"),
        ("\u{FEFF}{}", "<U+FEFF>{}"), ("soft\u{00AD}hyphen", "soft<U+00AD>hyphen"), ("\u{2060}\u{061C}\u{E0001}", "<U+2060><U+061C><U+E0001>"),
        ("a\u{200D}b", "a<U+200D>b"), ("👩\u{200D}", "👩<U+200D>"),
    ])
    func invisibleCharactersAreNamed(text: String, shown: String) {
        #expect(VisibleText.string(text) == shown)
        #expect(sanitize(text) == shown)
    }

    @Test(arguments: ["👩‍💻", "👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️‍🔥", "👍🏽", "1️⃣", "日本語", "héllo", "e\u{301}"])
    func picturesAndTextAreKept(text: String) {
        #expect(VisibleText.string(text) == text)
        #expect(text.allSatisfy { !VisibleText.needsEscaping($0) })
    }

    @Test func controlsAreDrawnAsBefore() {
        #expect(VisibleText.string("a\u{1B}[2Jb\u{7F}\u{9B}") == "a␛[2Jb␡\u{FFFD}")
        #expect(VisibleText.string("l1\nl2\tx", keepingLineFeeds: true, keepingTabs: true) == "l1\nl2\tx")
        #expect(VisibleText.string("l1\nl2\tx") == "l1␊l2␉x")
        #expect(VisibleText.string("a\tb", tabWidth: 4) == "a   b")
    }

    @Test func invalidUTF8BecomesTheReplacementCharacter() {
        var output: [UInt8] = []
        let input: [UInt8] = [0x61, 0xFF, 0xE2, 0x80, 0xAE, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x62]
        input.withUnsafeBufferPointer { VisibleText.append($0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "a\u{FFFD}<U+202E>\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b")
    }

    @Test func theBufferDrawsInvisibleCharactersAndMeasuresWhatItDraws() {
        var buffer = Buffer(width: 20, height: 1)
        let text = "ab\u{202E}cd"
        let end = buffer.setString(text, x: 0, y: 0)
        #expect(buffer.text(row: 0) == "ab<U+202E>cd        ")
        #expect(end == 12)
        #expect(text.displayWidth == 12)
        #expect("👩‍💻".displayWidth == 2)
    }
}
