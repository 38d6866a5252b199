import Foundation
import Terminal
import Testing
import TUICore

@Suite("Input decoding")
struct InputDecoderTests {
    func decode(_ text: String) -> [Event] {
        var decoder = InputDecoder()
        return decoder.decode(text)
    }

    @Test func plainCharactersAndControls() {
        #expect(decode("a中\r\t\u{7F}") == [
            .key(.char("a")), .key(.char("中")), .key(KeyEvent(.enter)), .key(KeyEvent(.tab)), .key(KeyEvent(.backspace)),
        ])
        #expect(decode("\u{1}\u{17}\u{3}") == [.key(.ctrl("a")), .key(.ctrl("w")), .key(.ctrl("c"))])
    }

    @Test func loneEscapeIsEscapeAtEndOfInput() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.scalar("\u{1B}")).isEmpty)
        #expect(decoder.endOfInput() == [.key(KeyEvent(.escape))])
    }

    @Test func escapePrefixIsAlt() {
        #expect(decode("\u{1B}b") == [.key(.alt("b"))])
        #expect(decode("\u{1B}\u{7F}") == [.key(KeyEvent(.backspace, modifiers: .alt))])
        var decoder = InputDecoder()
        let events = decoder.decode([.scalar("\u{1B}"), .key(name: "KEY_LEFT")])
        #expect(events == [.key(KeyEvent(.left, modifiers: .alt))])
    }

    @Test(arguments: [
        ("\u{1B}[A", KeyEvent(.up)), ("\u{1B}[1;5D", KeyEvent(.left, modifiers: .ctrl)), ("\u{1B}[1;3C", KeyEvent(.right, modifiers: .alt)),
        ("\u{1B}[1;2B", KeyEvent(.down, modifiers: .shift)), ("\u{1B}[H", KeyEvent(.home)), ("\u{1B}[4~", KeyEvent(.end)),
        ("\u{1B}[3~", KeyEvent(.delete)), ("\u{1B}[5~", KeyEvent(.pageUp)), ("\u{1B}[6;5~", KeyEvent(.pageDown, modifiers: .ctrl)),
        ("\u{1B}[Z", KeyEvent(.backTab)), ("\u{1B}OP", KeyEvent(.function(1))), ("\u{1B}[15~", KeyEvent(.function(5))),
        ("\u{1B}[24~", KeyEvent(.function(12))), ("\u{1B}OH", KeyEvent(.home)), ("\u{1B}[1;2P", KeyEvent(.function(1), modifiers: .shift)),
    ])
    func escapeSequences(sequence: String, key: KeyEvent) {
        #expect(decode(sequence) == [.key(key)])
    }

    @Test(arguments: [
        ("KEY_UP", KeyEvent(.up)), ("KEY_BTAB", KeyEvent(.backTab)), ("KEY_F(5)", KeyEvent(.function(5))),
        ("KEY_F(13)", KeyEvent(.function(1), modifiers: .shift)), ("kLFT5", KeyEvent(.left, modifiers: .ctrl)),
        ("kRIT3", KeyEvent(.right, modifiers: .alt)), ("kDC5", KeyEvent(.delete, modifiers: .ctrl)), ("KEY_NPAGE", KeyEvent(.pageDown)),
        ("KEY_BACKSPACE", KeyEvent(.backspace)), ("KEY_SLEFT", KeyEvent(.left, modifiers: .shift)),
    ])
    func ncursesKeyNames(name: String, key: KeyEvent) {
        var decoder = InputDecoder()
        #expect(decoder.decode([.key(name: name)]) == [.key(key)])
    }

    @Test func unknownKeyNamesAreIgnored() {
        var decoder = InputDecoder()
        #expect(decoder.decode([.key(name: "KEY_WHATEVER"), .scalar("x")]) == [.key(.char("x"))])
    }

    @Test func bracketedPasteArrivesWhole() {
        #expect(decode("a\u{1B}[200~curl -X POST \\\r\n  https://x\u{1B}[201~b") == [
            .key(.char("a")), .paste("curl -X POST \\\n  https://x"), .key(.char("b")),
        ])
    }

    @Test func pasteSpansReadsAndKeepsEscapes() {
        var decoder = InputDecoder()
        var events = decoder.decode("\u{1B}[200~{\"a\":")
        #expect(events.isEmpty)
        #expect(decoder.isInPaste)
        events = decoder.decode(" \u{1B}[31m1}\u{1B}[201~")
        #expect(events == [.paste("{\"a\": \u{1B}[31m1}")])
        #expect(!decoder.isInPaste)
    }

    @Test func sgrMouse() {
        #expect(decode("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(.press(.left), x: 9, y: 4))])
        #expect(decode("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(.release(.left), x: 9, y: 4))])
        #expect(decode("\u{1B}[<64;1;1M") == [.mouse(MouseEvent(.wheelUp, x: 0, y: 0))])
        #expect(decode("\u{1B}[<65;3;2M") == [.mouse(MouseEvent(.wheelDown, x: 2, y: 1))])
        #expect(decode("\u{1B}[<18;3;2M") == [.mouse(MouseEvent(.press(.right), x: 2, y: 1, modifiers: .ctrl))])
    }

    @Test func cutOffSequenceFallsBackToCharacters() {
        #expect(decode("\u{1B}[1") == [.key(.alt("[")), .key(.char("1"))])
        #expect(decode("\u{1B}\u{1B}") == [.key(KeyEvent(.escape)), .key(KeyEvent(.escape))])
    }
}

@Suite("Clipboard")
struct ClipboardTests {
    @Test func plainOSC52() {
        #expect(Clipboard.osc52("hi", environment: [:]) == "\u{1B}]52;c;aGk=\u{07}")
    }

    @Test func insideTmuxAlsoSendsPassthrough() {
        let sequence = Clipboard.osc52("hi", environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(sequence == "\u{1B}]52;c;aGk=\u{07}\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aGk=\u{07}\u{1B}\\")
    }

    @Test func terminalErrorsExplain() {
        #expect(TerminalError.unknownTerminal("vt999").description.contains("TERM=xterm-256color"))
        #expect(TerminalError.notATerminal.description.contains("TTY"))
    }
}
