import TerminalSafety
import TUICore

/// A run of a line's bytes drawn in one style.
struct StyledRun {
    /// The bytes, as offsets into the part's text.
    var range: Range<Int>
    /// The style, patched over the pane's base style.
    var style: Style
}

/// Lays a line's characters out in cells: tabs expanded, control characters made visible, wrapped or not.
///
/// The same walk measures a line (how many rows it takes when wrapped) and draws it, so
/// scrolling and drawing always agree.
enum LineLayout {
    /// Columns between tab stops.
    static let tabWidth = 4

    /// Walks the characters of `runs`, calling `place(row, column, character, style)` for each cell-occupying
    /// character; stops early when `place` returns false. Returns the number of rows the line takes (at least 1).
    ///
    /// Control characters and escape sequences arrive as visible symbols (`␛[2J`), never as themselves.
    /// With `breakAtSpaces`, a wrapped line breaks before a word that would not fit (one wider than the row still
    /// breaks at the edge), and a space that ends a row is not carried to the next.
    @discardableResult
    static func walk<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ runs: [StyledRun], width: Int, wrap: Bool, breakAtSpaces: Bool = false,
                     place: (_ row: Int, _ column: Int, _ character: Character, _ width: Int, _ style: Style) -> Bool) -> Int where Bytes.Index == Int {
        if wrap, breakAtSpaces { return walkWords(bytes, runs, width: width, place: place) }
        let width = max(1, width)
        var row = 0
        var column = 0
        var lineColumn = 0
        func emit(_ character: Character, _ style: Style) -> Bool {
            let w = DisplayWidth.of(character)
            if w == 0 { return true }
            if wrap, column > 0, column + w > width { row += 1; column = 0 }
            guard place(row, column, character, w, style) else { return false }
            column += w
            lineColumn += w
            return true
        }
        for run in runs {
            let text = String(decoding: bytes[run.range], as: UTF8.self)
            for character in text {
                if character == "\t" {
                    let spaces = tabWidth - lineColumn % tabWidth
                    for _ in 0..<spaces {
                        guard emit(" ", run.style) else { return row + 1 }
                    }
                    continue
                }
                if isControl(character) {
                    for visible in sanitize(String(character)) {
                        guard emit(visible, run.style) else { return row + 1 }
                    }
                } else {
                    guard emit(character, run.style) else { return row + 1 }
                }
            }
        }
        return row + 1
    }

    /// The number of rows a line takes at `width`.
    static func rowCount<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, width: Int, breakAtSpaces: Bool = false) -> Int
        where Bytes.Index == Int {
        if range.count <= width, bytes[range].allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return 1 }
        return walk(bytes, [StyledRun(range: range, style: .plain)], width: width, wrap: true, breakAtSpaces: breakAtSpaces) { _, _, _, _, _ in true }
    }

    /// The wrapped walk that breaks between words: the cells are laid out first (tabs expanded, controls made
    /// visible), then placed, a word that does not fit the rest of a row starting the next one.
    private static func walkWords<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ runs: [StyledRun], width: Int,
                                  place: (_ row: Int, _ column: Int, _ character: Character, _ width: Int, _ style: Style) -> Bool) -> Int
        where Bytes.Index == Int {
        let width = max(1, width)
        var cells: [(character: Character, width: Int, style: Style)] = []
        var lineColumn = 0
        for run in runs {
            for character in String(decoding: bytes[run.range], as: UTF8.self) {
                let shown: [Character] = character == "\t" ? Array(repeating: " ", count: tabWidth - lineColumn % tabWidth)
                    : isControl(character) ? Array(sanitize(String(character))) : [character]
                for visible in shown {
                    let w = DisplayWidth.of(visible)
                    guard w > 0 else { continue }
                    cells.append((visible, w, run.style))
                    lineColumn += w
                }
            }
        }
        var row = 0
        var column = 0
        var index = 0
        while index < cells.count {
            let cell = cells[index]
            if cell.character == " " {
                if column + cell.width > width {
                    row += 1
                    column = 0
                } else {
                    guard place(row, column, cell.character, cell.width, cell.style) else { return row + 1 }
                    column += cell.width
                }
                index += 1
                continue
            }
            if column > 0, index == 0 || cells[index - 1].character == " " {
                var end = index
                var wordWidth = 0
                while end < cells.count, cells[end].character != " " {
                    wordWidth += cells[end].width
                    end += 1
                }
                if column + wordWidth > width, wordWidth <= width {
                    row += 1
                    column = 0
                }
            }
            if column > 0, column + cell.width > width {
                row += 1
                column = 0
            }
            guard place(row, column, cell.character, cell.width, cell.style) else { return row + 1 }
            column += cell.width
            index += 1
        }
        return row + 1
    }

    /// Whether a character holds a control (ESC included) or an invisible character that must not reach the terminal as it is.
    private static func isControl(_ character: Character) -> Bool {
        VisibleText.needsEscaping(character)
    }
}
