import Foundation

/// The contents, cursor and scroll position of a multi-line text editor.
///
/// Lines are arrays of grapheme clusters; the cursor is a (row, grapheme column) pair.
/// Up and Down keep the display column the cursor had, like most editors.
public struct TextAreaState: Hashable, Sendable {
    /// The lines, without line breaks.
    public private(set) var lines: [[Character]]
    /// The cursor's line.
    public private(set) var row: Int = 0
    /// The cursor's grapheme index within its line.
    public private(set) var column: Int = 0
    /// The first line shown.
    public var topRow: Int = 0
    /// The first display column shown.
    public var leftColumn: Int = 0
    /// The number of rows shown at the last render, used by Page Up/Down.
    public var viewportHeight: Int = 10
    private var preferredColumn: Int?

    /// Creates an editor holding `text` with the cursor at the start.
    public init(text: String = "") {
        lines = TextAreaState.split(text)
    }

    private static func split(_ text: String) -> [[Character]] {
        let normalized = text.replacingLineBreaks()
        return normalized.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    }

    /// The text with `\n` between lines; setting it resets the cursor to the start.
    public var text: String {
        get { lines.map { String($0) }.joined(separator: "\n") }
        set {
            lines = TextAreaState.split(newValue)
            row = 0
            column = 0
            topRow = 0
            leftColumn = 0
            preferredColumn = nil
        }
    }

    /// The display column of the cursor within its line.
    public var cursorDisplayColumn: Int {
        lines[row][..<column].reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// Moves the cursor, clamped to the text.
    public mutating func moveCursor(row newRow: Int, column newColumn: Int) {
        row = min(max(0, newRow), lines.count - 1)
        column = min(max(0, newColumn), lines[row].count)
        preferredColumn = nil
    }

    /// Inserts text at the cursor; `\n` (and `\r\n`, `\r`) start new lines, tabs become two spaces.
    public mutating func insert(_ string: String) {
        let pieces = TextAreaState.split(string.replacingOccurrences(of: "\t", with: "  "))
        let tail = Array(lines[row][column...])
        var current = Array(lines[row][..<column])
        var newLines: [[Character]] = []
        for (i, piece) in pieces.enumerated() {
            let cleaned = piece.filter { !$0.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) } }
            if i == 0 {
                current.append(contentsOf: cleaned)
            } else {
                newLines.append(current)
                current = cleaned
            }
        }
        let cursorColumn = current.count
        current.append(contentsOf: tail)
        newLines.append(current)
        lines.replaceSubrange(row...row, with: newLines)
        row += newLines.count - 1
        let rebuilt = Array(String(lines[row]))
        column = min(rebuilt.count, cursorColumn)
        lines[row] = rebuilt
        preferredColumn = nil
    }

    /// Splits the line at the cursor.
    public mutating func insertNewline() { insert("\n") }

    /// Deletes the character before the cursor, joining with the previous line at its start.
    public mutating func deleteBackward() {
        if column > 0 {
            lines[row].remove(at: column - 1)
            column -= 1
        } else if row > 0 {
            let previousLength = lines[row - 1].count
            lines[row - 1].append(contentsOf: lines[row])
            lines.remove(at: row)
            row -= 1
            column = previousLength
        }
        preferredColumn = nil
    }

    /// Deletes the character under the cursor, joining with the next line at the end.
    public mutating func deleteForward() {
        if column < lines[row].count {
            lines[row].remove(at: column)
        } else if row + 1 < lines.count {
            lines[row].append(contentsOf: lines[row + 1])
            lines.remove(at: row + 1)
        }
        preferredColumn = nil
    }

    private mutating func moveVertically(by delta: Int) {
        let target = preferredColumn ?? cursorDisplayColumn
        row = min(max(0, row + delta), lines.count - 1)
        var used = 0
        column = lines[row].count
        for (i, c) in lines[row].enumerated() {
            let w = DisplayWidth.of(c)
            if used + w > target {
                column = i
                break
            }
            used += w
        }
        preferredColumn = target
    }

    /// Applies an editing or movement key; returns false for keys it does not use (Tab, Esc, …).
    @discardableResult
    public mutating func handle(_ event: KeyEvent) -> Bool {
        let m = event.modifiers
        switch event.key {
        case .char(let c) where m.isEmpty || m == .shift:
            insert(String(c))
        case .char("a") where m == .ctrl:
            moveCursor(row: row, column: 0)
        case .char("e") where m == .ctrl:
            moveCursor(row: row, column: lines[row].count)
        case .char("k") where m == .ctrl:
            if column < lines[row].count { lines[row].removeSubrange(column...) } else { deleteForward() }
        case .enter: insertNewline()
        case .backspace: deleteBackward()
        case .delete: deleteForward()
        case .left:
            if column > 0 { moveCursor(row: row, column: column - 1) } else if row > 0 { moveCursor(row: row - 1, column: lines[row - 1].count) }
        case .right:
            if column < lines[row].count { moveCursor(row: row, column: column + 1) } else if row + 1 < lines.count { moveCursor(row: row + 1, column: 0) }
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .home:
            if m.contains(.ctrl) { moveCursor(row: 0, column: 0) } else { moveCursor(row: row, column: 0) }
        case .end:
            if m.contains(.ctrl) { moveCursor(row: lines.count - 1, column: lines[lines.count - 1].count) } else { moveCursor(row: row, column: lines[row].count) }
        case .pageUp: moveVertically(by: -max(1, viewportHeight - 1))
        case .pageDown: moveVertically(by: max(1, viewportHeight - 1))
        default: return false
        }
        return true
    }

    /// Adjusts the scroll so the cursor is inside a viewport of `width`×`height`.
    public mutating func keepCursorVisible(width: Int, height: Int) {
        viewportHeight = max(1, height)
        if row < topRow { topRow = row }
        if row >= topRow + height { topRow = row - height + 1 }
        let col = cursorDisplayColumn
        if col < leftColumn { leftColumn = col }
        if width > 0, col >= leftColumn + width { leftColumn = col - width + 1 }
        topRow = max(0, topRow)
    }
}

extension String {
    /// The string with `\r\n` and lone `\r` turned into `\n`.
    func replacingLineBreaks() -> String {
        guard contains("\r") else { return self }
        var out = String.UnicodeScalarView()
        var previousCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                out.append("\n")
                previousCR = true
                continue
            }
            if scalar == "\n" && previousCR {
                previousCR = false
                continue
            }
            previousCR = false
            out.append(scalar)
        }
        return String(out)
    }
}
