import Terminal
import Testing
import TUICore

/// A multi-line burst of text is one paste, also without bracketed paste; typing stays keys.
@Suite struct PasteBurstTests {
    func burst(_ text: String) -> [Event] {
        var decoder = InputDecoder()
        return PasteBurst.coalesce(decoder.decode(text))
    }

    @Test func aMultiLineCurlCommandInOneReadIsOnePaste() {
        let command = "curl https://api.example/users \\\r  -H 'Accept: application/json' \\\r  -d '{\"a\": 1}'\r"
        #expect(burst(command) == [.paste(command.replacingOccurrences(of: "\r", with: "\n"))])
        #expect(burst("line one\nline two") == [.paste("line one\nline two")])
    }

    @Test func typedTextAndATrailingEnterStayKeys() {
        #expect(burst("https://x.example/a\r") == "https://x.example/a".map { .key(KeyEvent(.char($0))) } + [.key(KeyEvent(.enter))])
        #expect(burst("ab\rcd") == [.key(.char("a")), .key(.char("b")), .key(KeyEvent(.enter)), .key(.char("c")), .key(.char("d"))])
        #expect(burst("\r\r") == [.key(KeyEvent(.enter)), .key(KeyEvent(.enter))])
    }

    @Test func otherKeysSplitTheBurst() {
        let events = burst("\u{1B}[Aabcdefgh\rijklmnop")
        #expect(events.first == .key(KeyEvent(.up)))
        #expect(events.dropFirst() == [.paste("abcdefgh\nijklmnop")])
    }
}
