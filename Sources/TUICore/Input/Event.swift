/// Modifier keys held with a key or mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt8

    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Control.
    public static let ctrl = KeyModifiers(rawValue: 1 << 1)
    /// Alt (Meta, Option).
    public static let alt = KeyModifiers(rawValue: 1 << 2)
}

/// A key on the keyboard, without modifiers.
public enum Key: Hashable, Sendable {
    /// A printable character; Ctrl+letter arrives as the lowercase letter with `.ctrl`.
    case char(Character)
    /// Enter or Return.
    case enter
    /// Tab.
    case tab
    /// Shift+Tab, as terminals report it.
    case backTab
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Delete (forward delete).
    case delete
    /// Insert.
    case insert
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// A function key F1…F12 (or higher when the terminal sends it).
    case function(Int)
}

/// A key press with its modifiers.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a key event.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A plain character key.
    public static func char(_ c: Character) -> KeyEvent { KeyEvent(.char(c)) }

    /// Ctrl plus a letter, e.g. `.ctrl("c")`.
    public static func ctrl(_ c: Character) -> KeyEvent { KeyEvent(.char(c), modifiers: .ctrl) }

    /// Alt plus a character.
    public static func alt(_ c: Character) -> KeyEvent { KeyEvent(.char(c), modifiers: .alt) }

    /// The key in the notation key maps use, e.g. `ctrl+a`, `alt+left`, `f5`, `shift+tab`.
    public var description: String { KeyNotation.format(self) }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
    /// The primary button.
    case left
    /// The middle button or wheel press.
    case middle
    /// The secondary button.
    case right
}

/// What the mouse did.
public enum MouseKind: Hashable, Sendable {
    /// A button went down (or a click when the terminal reports only clicks).
    case press(MouseButton)
    /// A button went up.
    case release(MouseButton)
    /// The wheel turned up (scroll towards the top).
    case wheelUp
    /// The wheel turned down (scroll towards the bottom).
    case wheelDown
}

/// A mouse event at a cell.
public struct MouseEvent: Hashable, Sendable {
    /// What happened.
    public var kind: MouseKind
    /// The column, from 0.
    public var x: Int
    /// The row, from 0.
    public var y: Int
    /// Modifiers held.
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(_ kind: MouseKind, x: Int, y: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.x = x
        self.y = y
        self.modifiers = modifiers
    }

    /// The position of the event.
    public var position: Position { Position(x: x, y: y) }
}

/// Input from the terminal, decoded.
public enum Event: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// Text pasted with bracketed paste, delivered whole (line breaks as `\n`).
    case paste(String)
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// The terminal now has this many columns and rows.
    case resize(width: Int, height: Int)
}
