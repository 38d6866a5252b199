/// The contents, cursor and scroll position of a single-line text editor.
///
/// The cursor counts grapheme clusters, so it never lands inside an emoji or between a
/// letter and its accent. Editing keys follow shells and Emacs: Ctrl+A/E start/end,
/// Ctrl+K/U delete to end/start, Ctrl+W and Alt+Backspace delete the word before the cursor,
/// Alt/Ctrl+Left/Right jump by words.
public struct TextFieldState: Hashable, Sendable {
    /// The text as grapheme clusters.
    public private(set) var characters: [Character]
    /// The cursor, as a grapheme index from 0 (before the first) to `characters.count`.
    public private(set) var cursor: Int
    /// The first display column shown (horizontal scroll), kept so the cursor stays visible.
    public var scroll: Int = 0

    /// Creates a field holding `text` with the cursor at the end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text; setting it moves the cursor to the end.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
        }
    }

    /// True when the field is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// The display column of the cursor within the whole text.
    public var cursorColumn: Int {
        characters[..<cursor].reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// Moves the cursor to a grapheme index, clamped to the text.
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(0, index), characters.count)
    }

    /// Moves the cursor to the character under display column `column` (for mouse clicks).
    public mutating func moveCursor(toColumn column: Int) {
        var used = 0
        for (i, c) in characters.enumerated() {
            let w = DisplayWidth.of(c)
            if used + w > column {
                cursor = i
                return
            }
            used += w
        }
        cursor = characters.count
    }

    /// Inserts text at the cursor; line breaks and tabs become spaces, controls are dropped.
    public mutating func insert(_ string: String) {
        var cleaned = ""
        for scalar in string.unicodeScalars {
            if scalar == "\r" || scalar == "\n" || scalar == "\t" {
                cleaned.unicodeScalars.append(" ")
            } else if scalar.value >= 0x20 && !(scalar.value >= 0x7F && scalar.value < 0xA0) {
                cleaned.unicodeScalars.append(scalar)
            }
        }
        guard !cleaned.isEmpty else { return }
        let before = String(characters[..<cursor]) + cleaned
        let after = String(characters[cursor...])
        characters = Array(before + after)
        cursor = min(before.count, characters.count)
    }

    /// Deletes the character before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Deletes the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Deletes from the cursor to the end (Ctrl+K).
    public mutating func deleteToEnd() {
        characters.removeSubrange(cursor...)
    }

    /// Deletes from the start to the cursor (Ctrl+U).
    public mutating func deleteToStart() {
        characters.removeSubrange(..<cursor)
        cursor = 0
    }

    /// Deletes the word before the cursor (Ctrl+W).
    public mutating func deleteWordBackward() {
        let start = wordStart(before: cursor)
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Moves to the start of the word before the cursor.
    public mutating func moveWordLeft() { cursor = wordStart(before: cursor) }

    /// Moves to the end of the word after the cursor.
    public mutating func moveWordRight() {
        var i = cursor
        while i < characters.count, !TextFieldState.isWord(characters[i]) { i += 1 }
        while i < characters.count, TextFieldState.isWord(characters[i]) { i += 1 }
        cursor = i
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !TextFieldState.isWord(characters[i - 1]) { i -= 1 }
        while i > 0, TextFieldState.isWord(characters[i - 1]) { i -= 1 }
        return i
    }

    /// True for characters that belong to words: letters, digits, `_`.
    static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

    /// Applies an editing key; returns false when the key is not an editing key (Enter, Tab, …).
    @discardableResult
    public mutating func handle(_ event: KeyEvent) -> Bool {
        let m = event.modifiers
        switch event.key {
        case .char(let c) where m.contains(.ctrl):
            switch c {
            case "a": cursor = 0
            case "e": cursor = characters.count
            case "k": deleteToEnd()
            case "u": deleteToStart()
            case "w": deleteWordBackward()
            case "h": deleteBackward()
            case "d": deleteForward()
            case "b": moveCursor(to: cursor - 1)
            case "f": moveCursor(to: cursor + 1)
            default: return false
            }
        case .char(let c) where m.contains(.alt):
            switch c {
            case "b": moveWordLeft()
            case "f": moveWordRight()
            case "d":
                let start = cursor
                moveWordRight()
                characters.removeSubrange(start..<cursor)
                cursor = start
            default: return false
            }
        case .char(let c):
            insert(String(c))
        case .left:
            if m.contains(.ctrl) || m.contains(.alt) { moveWordLeft() } else { moveCursor(to: cursor - 1) }
        case .right:
            if m.contains(.ctrl) || m.contains(.alt) { moveWordRight() } else { moveCursor(to: cursor + 1) }
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .backspace:
            if m.contains(.alt) || m.contains(.ctrl) { deleteWordBackward() } else { deleteBackward() }
        case .delete: deleteForward()
        default: return false
        }
        return true
    }

    /// Adjusts `scroll` so the cursor is visible in a field `width` columns wide.
    public mutating func keepCursorVisible(width: Int) {
        guard width > 0 else { return }
        let column = cursorColumn
        if column < scroll { scroll = column }
        if column >= scroll + width { scroll = column - width + 1 }
        let total = characters.reduce(0) { $0 + DisplayWidth.of($1) }
        if total + 1 <= width { scroll = 0 }
        scroll = max(0, min(scroll, max(0, total + 1 - width)))
    }
}
