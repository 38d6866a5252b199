import Testing
import TUICore
import TUITesting

@Suite("TextField")
struct TextFieldTests {
    func type(_ text: String, into state: inout TextFieldState) {
        for c in text { state.handle(.char(c)) }
    }

    @Test func typingAndCursorMovement() {
        var s = TextFieldState()
        type("héllo", into: &s)
        #expect(s.text == "héllo")
        #expect(s.cursor == 5)
        s.handle(KeyEvent(.left))
        s.handle(KeyEvent(.left))
        s.handle(.char("X"))
        #expect(s.text == "hélXlo")
        s.handle(KeyEvent(.home))
        s.handle(KeyEvent(.delete))
        #expect(s.text == "élXlo")
        s.handle(KeyEvent(.end))
        s.handle(KeyEvent(.backspace))
        #expect(s.text == "élXl")
    }

    @Test func cursorMovesByGraphemeClusters() {
        var s = TextFieldState(text: "a👩‍💻e\u{301}中")
        #expect(s.characters.count == 4)
        #expect(s.cursorColumn == 6)
        s.handle(KeyEvent(.left))
        #expect(s.cursorColumn == 4)
        s.handle(KeyEvent(.left))
        #expect(s.cursorColumn == 3)
        s.handle(KeyEvent(.backspace))
        #expect(s.text == "ae\u{301}中")
    }

    @Test func emacsKeys() {
        var s = TextFieldState(text: "https://api.example.com/users")
        s.handle(.ctrl("w"))
        #expect(s.text == "https://api.example.com/")
        s.handle(.ctrl("a"))
        s.handle(KeyEvent(.right, modifiers: .ctrl))
        #expect(s.cursor == 5)
        s.handle(.ctrl("k"))
        #expect(s.text == "https")
        s.handle(.ctrl("e"))
        type("://x", into: &s)
        s.handle(KeyEvent(.left, modifiers: .alt))
        #expect(s.cursor == 8)
        s.handle(.ctrl("u"))
        #expect(s.text == "x")
        #expect(s.cursor == 0)
    }

    @Test func unhandledKeysReportFalse() {
        var s = TextFieldState()
        let enter = s.handle(KeyEvent(.enter))
        let tab = s.handle(KeyEvent(.tab))
        let ctrlP = s.handle(.ctrl("p"))
        #expect(!enter && !tab && !ctrlP)
    }

    @Test func pasteFlattensLinesAndDropsControls() {
        var s = TextFieldState(text: "ab")
        s.moveCursor(to: 1)
        s.insert("1\n2\u{1B}3")
        #expect(s.text == "a1 23b")
        #expect(s.cursor == 5)
    }

    @Test func rendersWithHorizontalScrollKeepingCursorVisible() {
        var s = TextFieldState(text: "0123456789abcdef")
        var buffer = Buffer(width: 10, height: 1)
        let cursor = TextField().render(state: s, area: buffer.area, buffer: &buffer)
        #expect(buffer.text(row: 0) == "789abcdef ")
        #expect(cursor == Position(x: 9, y: 0))
        s.handle(KeyEvent(.home))
        let home = TextField().render(state: s, area: buffer.area, buffer: &buffer)
        #expect(buffer.text(row: 0) == "0123456789")
        #expect(home == Position(x: 0, y: 0))
    }

    @Test func rendersWideCharactersWithCursorColumns() {
        let s = TextFieldState(text: "日本語テキスト")
        var buffer = Buffer(width: 8, height: 1)
        let cursor = TextField().render(state: s, area: buffer.area, buffer: &buffer)
        #expect(cursor.x == 7)
        #expect(ScreenText.lines(of: buffer) == [" キスト"])
    }

    @Test func placeholderAndHighlighter() {
        let empty = TextFieldState()
        var buffer = Buffer(width: 12, height: 1)
        TextField(placeholder: "Enter URL").render(state: empty, area: buffer.area, buffer: &buffer)
        #expect(buffer.text(row: 0) == "Enter URL   ")
        #expect(buffer[0, 0].style.modifiers.contains(.dim))

        let s = TextFieldState(text: "a{{v}}b")
        let field = TextField(highlighter: { text in
            [Span("a"), Span("{{v}}", style: Style(fg: .red)), Span("b")]
        })
        field.render(state: s, area: buffer.area, buffer: &buffer)
        #expect(buffer[0, 0].style.fg == nil)
        #expect(buffer[1, 0].style.fg == .red)
        #expect(buffer[5, 0].style.fg == .red)
        #expect(buffer[6, 0].style.fg == nil)
    }

    @Test func clickPlacesCursorByColumn() {
        var s = TextFieldState(text: "a中b")
        s.moveCursor(toColumn: 2)
        #expect(s.cursor == 1)
        s.moveCursor(toColumn: 3)
        #expect(s.cursor == 2)
    }
}

@Suite("TextArea")
struct TextAreaTests {
    @Test func editingAcrossLines() {
        var s = TextAreaState(text: "first\nsecond")
        s.handle(KeyEvent(.end))
        s.handle(KeyEvent(.enter))
        for c in "mid" { s.handle(.char(c)) }
        #expect(s.text == "first\nmid\nsecond")
        s.handle(KeyEvent(.down))
        s.handle(KeyEvent(.home))
        s.handle(KeyEvent(.backspace))
        #expect(s.text == "first\nmidsecond")
        #expect(s.row == 1 && s.column == 3)
        s.handle(KeyEvent(.end))
        s.handle(KeyEvent(.delete))
        #expect(s.text == "first\nmidsecond")
    }

    @Test func upDownKeepDisplayColumn() {
        var s = TextAreaState(text: "中文字\nab\nabcdef")
        s.moveCursor(row: 0, column: 2)
        s.handle(KeyEvent(.down))
        #expect(s.row == 1 && s.column == 2)
        s.handle(KeyEvent(.down))
        #expect(s.column == 4)
        s.handle(KeyEvent(.up))
        s.handle(KeyEvent(.up))
        #expect(s.column == 2)
    }

    @Test func pasteMultipleLines() {
        var s = TextAreaState(text: "{}")
        s.moveCursor(row: 0, column: 1)
        s.insert("\r\n  \"a\": 1\r\n")
        #expect(s.text == "{\n  \"a\": 1\n}")
        #expect(s.row == 2 && s.column == 0)
    }

    @Test func rendersWithScrollAndLineNumbers() {
        var s = TextAreaState(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
        s.moveCursor(row: 9, column: 0)
        var buffer = Buffer(width: 12, height: 3)
        let cursor = TextArea(lineNumberStyle: Style(modifiers: .dim)).render(state: s, area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == [" 8 line 8", " 9 line 9", "10 line 10"])
        #expect(cursor == Position(x: 3, y: 2))
    }
}
