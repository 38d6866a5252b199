import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Bodies made to break a terminal or the viewer: escape sequences, NUL bytes, C1 controls, invalid UTF-8, one huge line.
@Suite struct HostileBodyTests {
    typealias F = ResponseFixtures

    /// Every character drawn in the buffer.
    private func drawn(_ buffer: Buffer) -> String {
        (0..<buffer.height).map { buffer.text(row: $0) }.joined(separator: "\n")
    }

    /// Whether any drawn cell holds a C0 or C1 control character or DEL.
    private func holdsControls(_ buffer: Buffer) -> Bool {
        (0..<buffer.height).contains { row in
            buffer.text(row: row).unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
        }
    }

    @Test func escapeSequencesAreDrawnAsSymbols() {
        let body = "clear\u{1B}[2J title\u{1B}]0;owned\u{07} clip\u{1B}]52;c;ZXZpbA==\u{1B}\\ end"
        let buffer = F.render(F.viewer(F.response(body, contentType: "text/plain")))
        #expect(!holdsControls(buffer))
        let text = drawn(buffer)
        #expect(text.contains("clear␛[2J title␛]0;owned␇ clip␛]52;c;ZXZpbA==␛\\ end"))
    }

    @Test func c1ControlsAndDeleteAreDrawnAsSymbols() {
        let body = "csi\u{9B}31m del\u{7F} nel\u{85} ok"
        let buffer = F.render(F.viewer(F.response(body, contentType: "text/plain")))
        #expect(!holdsControls(buffer))
        #expect(drawn(buffer).contains("csi�31m del␡ nel� ok"))
    }

    @Test func sanitizerMapsEveryControlCharacter() {
        #expect(sanitize("a\u{1B}b\u{00}c\u{7F}d\u{9B}e") == "a␛b␀c␡d�e")
        #expect(sanitize(bytes: [0x61, 0xFF, 0x62]) == "a�b")
        #expect(sanitize("tab\there", tabWidth: 4) == "tab here")
    }

    @Test func nulBytesInATextBodyShowItAsHexNeverAsText() {
        let bytes = Array("abc".utf8) + [0x00, 0x1B] + Array("[2Jdef".utf8)
        let state = F.viewer(F.response(bytes: bytes, contentType: "text/plain"))
        #expect(state.document?.bodyKind == .binary)
        let buffer = F.render(state)
        #expect(!holdsControls(buffer))
        #expect(drawn(buffer).contains("61 62 63 00 1b 5b 32 4a  64 65 66"))
        #expect(drawn(buffer).contains("abc..[2Jdef"))
    }

    @Test func invalidUTF8InADeclaredTextBodyShowsReplacementMarks() {
        let bytes = Array("caf".utf8) + [0xE9] + Array(" ok ".utf8) + [0xFF, 0xFE] + Array(" \u{1B}[31m".utf8) + [0xC3]
        let state = F.viewer(F.response(bytes: bytes, contentType: "text/plain; charset=utf-8"))
        #expect(state.document?.bodyKind == .text)
        let buffer = F.render(state)
        #expect(!holdsControls(buffer))
        #expect(F.contentRows(buffer).first == "caf� ok �� ␛[31m�")
    }

    @Test func invalidUTF8WithoutATextTypeIsShownAsHex() {
        let state = F.viewer(F.response(bytes: [0x61, 0xFF, 0x62], contentType: nil))
        #expect(state.document?.bodyKind == .binary)
        #expect(F.contentRows(F.render(state))[2].hasPrefix("00000000  61 ff 62"))
    }

    @Test func headersAndTheStatusLineAreSanitizedToo() {
        var state = F.viewer(F.response("x", contentType: "text/plain", reason: "OK\u{1B}[2J", extraHeaders: [("X-Evil", "a\u{1B}]52;c;AA==\u{07}b")]))
        _ = state.apply(.selectTab(.headers))
        let buffer = F.render(state)
        #expect(!holdsControls(buffer))
        #expect(drawn(buffer).contains("OK␛[2J"))
        #expect(drawn(buffer).contains("a␛]52;c;AA==␇b"))
    }

    @Test func aFiveMegabyteSingleLineStringScrollsAndKeepsItsColor() throws {
        let value = String(repeating: "abcdefghij", count: 500_000)
        let body = #"{"blob":""# + value + #"","after":1}"#
        var state = F.viewer(F.response(body, contentType: "application/json"))
        let document = try #require(state.document)
        #expect(document.bodyKind == .json)
        #expect(document.bodyText.lineCount > 5_000_000 / TextLines.maximumLineBytes)
        _ = state.apply(.toggleWrap)
        _ = state.apply(.bottom)
        let rows = F.contentRows(F.render(state))
        #expect(rows.last == "}")
        #expect(rows.contains { $0.contains("\"after\": 1") })
        var plain = F.viewer(F.response(value, contentType: "text/plain"))
        _ = plain.apply(.bottom)
        #expect(F.contentRows(F.render(plain)).last?.hasSuffix("hij") == true)
    }
}
