import Testing
import TUICore
import TUITesting

@Suite("Buffer and display width")
struct BufferTests {
    @Test(arguments: [
        ("a", 1), ("中", 2), ("😀", 2), ("e\u{301}", 1), ("👍🏽", 2), ("❤️", 2), ("🇫🇷", 2), ("👩‍💻", 2), ("ｱ", 1), ("Ａ", 2), ("한", 2),
    ])
    func characterWidth(text: String, width: Int) {
        #expect(DisplayWidth.of(Character(text)) == width)
    }

    @Test func stringWidth() {
        #expect("héllo".displayWidth == 5)
        #expect("日本語".displayWidth == 6)
        #expect("a😀b".displayWidth == 4)
        #expect("\u{301}".displayWidth == 0)
    }

    @Test func asciiIsOneCellEach() {
        var buffer = Buffer(width: 6, height: 1)
        let end = buffer.setString("abc", x: 1, y: 0)
        #expect(end == 4)
        #expect(buffer.text(row: 0) == " abc  ")
    }

    @Test func wideCharacterTakesTwoCells() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.setString("a中b", x: 0, y: 0)
        #expect(buffer[1, 0].symbol == "中")
        #expect(buffer[2, 0].isContinuation)
        #expect(buffer[3, 0].symbol == "b")
        #expect(ScreenText.lines(of: buffer) == ["a中b"])
    }

    @Test func combiningMarkStaysWithBase() {
        var buffer = Buffer(width: 4, height: 1)
        let end = buffer.setString("e\u{301}x", x: 0, y: 0)
        #expect(end == 2)
        #expect(buffer[0, 0].symbol == "e\u{301}")
        #expect(buffer[1, 0].symbol == "x")
    }

    @Test func emojiSequenceIsOneWideCell() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.setString("👩‍💻!", x: 0, y: 0)
        #expect(buffer[0, 0].symbol == "👩‍💻")
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[2, 0].symbol == "!")
    }

    @Test func wideCharacterCutAtClipEdgeBecomesBlank() {
        var buffer = Buffer(width: 5, height: 1, fill: Cell("."))
        let end = buffer.setString("ab中", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(end == 3)
        #expect(buffer.text(row: 0) == "ab ..")
    }

    @Test func clipOnTheLeftSkipsColumns() {
        var buffer = Buffer(width: 5, height: 1, fill: Cell("."))
        buffer.setString("中xy", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 3, height: 1))
        #expect(buffer.text(row: 0) == ".. xy")
    }

    @Test func overwritingHalfOfWideCharacterRepairsTheOtherHalf() {
        var buffer = Buffer(width: 4, height: 1)
        buffer.setString("中中", x: 0, y: 0)
        buffer.setString("x", x: 1, y: 0)
        #expect(buffer.text(row: 0) == " x中")
        buffer.setString("y", x: 2, y: 0)
        #expect(buffer.text(row: 0) == " xy ")
        #expect(!buffer[3, 0].isContinuation)
    }

    @Test func controlCharactersAreDrawnAsSymbols() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.setString("a\u{1B}[2Jb\u{7}", x: 0, y: 0)
        #expect(ScreenText.lines(of: buffer) == ["a␛[2Jb␇"])
    }

    @Test func diffListsOnlyChangedCells() {
        var before = Buffer(width: 10, height: 3)
        before.setString("hello", x: 0, y: 0)
        var after = before
        after.setString("help", x: 0, y: 0)
        after.setString("x", x: 9, y: 2, style: Style(fg: .red))
        let changes = after.diff(from: before)
        #expect(changes.map { Position(x: $0.x, y: $0.y) } == [Position(x: 3, y: 0), Position(x: 9, y: 2)])
        #expect(changes[0].cell.symbol == "p")
        #expect(after.diff(from: after).isEmpty)
    }

    @Test func diffOfStyleOnlyChange() {
        var before = Buffer(width: 3, height: 1)
        before.setString("abc", x: 0, y: 0)
        var after = before
        after.setStyle(Rect(x: 1, y: 0, width: 1, height: 1), style: Style(modifiers: .bold))
        #expect(after.diff(from: before) == [CellChange(x: 1, y: 0, cell: Cell("b", style: Style(modifiers: .bold)))])
    }

    @Test func diffAgainstDifferentSizeIsEverything() {
        let a = Buffer(width: 2, height: 2)
        let b = Buffer(width: 3, height: 2)
        #expect(b.diff(from: a).count == 6)
    }

    @Test func sanitizeMakesControlsVisible() {
        #expect(sanitize("ok") == "ok")
        #expect(sanitize("\u{1B}[31mred") == "␛[31mred")
        #expect(sanitize("a\u{0}b\u{7F}c\u{9B}") == "a␀b␡c\u{FFFD}")
        #expect(sanitize("l1\nl2\r", keepNewlines: true) == "l1\nl2␍")
        #expect(sanitize("a\tb", tabWidth: 4) == "a   b")
        #expect(sanitize(bytes: [0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    }

    @Test func stringHelpers() {
        #expect("日本語".prefix(columns: 5) == "日本")
        #expect("abcdef".truncated(columns: 4) == "abc…")
        #expect("中".padded(columns: 4) == "中  ")
    }
}
