import Foundation
import RequestKit
import Testing

/// JSON string literals: every character that must be escaped is, and everything else is kept byte for byte.
@Suite struct JSONStringLiteralTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("q\"b\\s/", #""q\"b\\s/""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{1B}[2J\u{0}\u{7F}\u{1F}", #""\u001b[2J\u0000\u007f\u001f""#),
        ("é😀\u{9B}", "\"é😀\u{9B}\""),
        ("", #""""#),
    ])
    func quotes(_ text: String, _ expected: String) throws {
        #expect(JSONStringLiteral.quote(text) == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(expected)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    @Test func appendsAfterWhatIsThere() {
        var bytes = Array("x=".utf8)
        JSONStringLiteral.append("a\"b", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"x="a\"b""#)
    }
}
