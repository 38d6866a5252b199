import Foundation
import TUICore

/// One unit of input as ncurses hands it over: a character, or a key it recognised by name.
public enum InputToken: Hashable, Sendable {
    /// A character (including control characters and ESC).
    case scalar(Unicode.Scalar)
    /// A key ncurses decoded, named as `keyname()` names it: `KEY_UP`, `KEY_F(5)`, `kLFT5`.
    case key(name: String)
}

/// Turns ncurses input into `Event`s: control characters, ESC-prefixed Alt keys, CSI and SS3
/// escape sequences ncurses passed through, SGR mouse reports, and bracketed paste.
///
/// Feed tokens as they arrive and call `endOfInput()` when no more input is immediately
/// available: a lone ESC then becomes the Escape key. A paste (`ESC[200~` … `ESC[201~`) is
/// collected across reads and delivered whole, with line breaks as `\n`.
public struct InputDecoder: Sendable {
    private var pending: [Unicode.Scalar] = []
    private var paste: String.UnicodeScalarView?

    /// Creates a decoder with no pending input.
    public init() {}

    /// True while the decoder is inside a bracketed paste.
    public var isInPaste: Bool { paste != nil }

    /// Decodes one token; returns the events it completes (often none or one).
    public mutating func feed(_ token: InputToken) -> [Event] {
        switch token {
        case .scalar(let scalar): return feed(scalar)
        case .key(let name): return feed(keyNamed: name)
        }
    }

    /// Decodes a sequence of tokens followed by the end of available input.
    public mutating func decode(_ tokens: [InputToken]) -> [Event] {
        var events: [Event] = []
        for token in tokens { events += feed(token) }
        return events + endOfInput()
    }

    /// Decodes the scalars of `text` as if typed, followed by the end of available input.
    public mutating func decode(_ text: String) -> [Event] {
        decode(text.unicodeScalars.map { .scalar($0) })
    }

    /// Flushes what cannot be completed now: a lone ESC becomes Escape, a cut-off sequence
    /// becomes its characters. An open paste stays open.
    public mutating func endOfInput() -> [Event] {
        guard paste == nil, !pending.isEmpty else { return [] }
        let leftover = pending
        pending = []
        if leftover == ["\u{1B}"] { return [.key(KeyEvent(.escape))] }
        var events: [Event] = [.key(KeyEvent(.char(Character(leftover[1])), modifiers: .alt))]
        for scalar in leftover.dropFirst(2) { events += feed(scalar) }
        return events
    }

    private mutating func feed(_ scalar: Unicode.Scalar) -> [Event] {
        if paste != nil {
            paste?.append(scalar)
            if scalar == "~", let text = paste, String(String.UnicodeScalarView(text.suffix(6))) == "\u{1B}[201~" {
                let body = String(String.UnicodeScalarView(text.dropLast(6)))
                paste = nil
                return [.paste(InputDecoder.normalizeLineBreaks(body))]
            }
            return []
        }
        if pending.isEmpty {
            if scalar == "\u{1B}" {
                pending = [scalar]
                return []
            }
            return [.key(InputDecoder.key(for: scalar))]
        }
        pending.append(scalar)
        if pending.count == 2 {
            switch scalar {
            case "[", "O": return []
            case "\u{1B}":
                pending = ["\u{1B}"]
                return [.key(KeyEvent(.escape))]
            default:
                pending = []
                var key = InputDecoder.key(for: scalar)
                key.modifiers.insert(.alt)
                return [.key(key)]
            }
        }
        if pending[1] == "O" {
            let final = scalar
            pending = []
            return InputDecoder.ss3(final).map { [.key($0)] } ?? []
        }
        // CSI: parameters and intermediates until a final byte in @…~ (but `<`, `?` etc. are parameters).
        if scalar.value >= 0x40 && scalar.value <= 0x7E && !(pending.count == 3 && scalar == "<") {
            let body = String(String.UnicodeScalarView(pending.dropFirst(2).dropLast()))
            pending = []
            return csi(parameters: body, final: scalar)
        }
        if pending.count > 32 {
            pending = []
        }
        return []
    }

    private mutating func feed(keyNamed name: String) -> [Event] {
        if paste != nil { return [] }
        let altPrefix = pending == ["\u{1B}"]
        var events: [Event] = []
        if !pending.isEmpty && !altPrefix { events = endOfInput() }
        pending = []
        guard var key = InputDecoder.key(named: name) else { return events }
        if altPrefix { key.modifiers.insert(.alt) }
        return events + [.key(key)]
    }

    private mutating func csi(parameters: String, final: Unicode.Scalar) -> [Event] {
        if parameters.hasPrefix("<") && (final == "M" || final == "m") {
            return InputDecoder.sgrMouse(String(parameters.dropFirst()), release: final == "m").map { [.mouse($0)] } ?? []
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let first = numbers.first.flatMap { $0 } ?? 1
        let modifiers = numbers.count > 1 ? InputDecoder.modifiers(numbers[1] ?? 1) : []
        let key: Key?
        switch final {
        case "A": key = .up
        case "B": key = .down
        case "C": key = .right
        case "D": key = .left
        case "H": key = .home
        case "F": key = .end
        case "Z": return [.key(KeyEvent(.backTab))]
        case "P": key = .function(1)
        case "Q": key = .function(2)
        case "R": key = .function(3)
        case "S": key = .function(4)
        case "~":
            if first == 200 {
                paste = String.UnicodeScalarView()
                return []
            }
            key = InputDecoder.tildeKey(first)
        default: key = nil
        }
        guard let key else { return [] }
        return [.key(KeyEvent(key, modifiers: modifiers))]
    }

    /// The key of `ESC [ n ~`.
    static func tildeKey(_ n: Int) -> Key? {
        switch n {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(n - 10)
        case 17...21: return .function(n - 11)
        case 23, 24: return .function(n - 12)
        default: return nil
        }
    }

    /// The key of `ESC O x`.
    static func ss3(_ final: Unicode.Scalar) -> KeyEvent? {
        switch final {
        case "A": return KeyEvent(.up)
        case "B": return KeyEvent(.down)
        case "C": return KeyEvent(.right)
        case "D": return KeyEvent(.left)
        case "H": return KeyEvent(.home)
        case "F": return KeyEvent(.end)
        case "M": return KeyEvent(.enter)
        case "P": return KeyEvent(.function(1))
        case "Q": return KeyEvent(.function(2))
        case "R": return KeyEvent(.function(3))
        case "S": return KeyEvent(.function(4))
        default: return nil
        }
    }

    /// The modifiers of an xterm modifier parameter (1 + shift 1, alt 2, ctrl 4, meta 8).
    static func modifiers(_ parameter: Int) -> KeyModifiers {
        let bits = max(0, parameter - 1)
        var m: KeyModifiers = []
        if bits & 1 != 0 { m.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { m.insert(.alt) }
        if bits & 4 != 0 { m.insert(.ctrl) }
        return m
    }

    /// Decodes an SGR mouse report body `b;x;y` (1-based coordinates).
    static func sgrMouse(_ body: String, release: Bool) -> MouseEvent? {
        let parts = body.split(separator: ";").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let code = parts[0]
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.ctrl) }
        if code & 32 != 0 { return nil }
        let kind: MouseKind
        if code & 64 != 0 {
            kind = code & 1 == 0 ? .wheelUp : .wheelDown
        } else {
            let button: MouseButton
            switch code & 3 {
            case 0: button = .left
            case 1: button = .middle
            case 2: button = .right
            default: return nil
            }
            kind = release ? .release(button) : .press(button)
        }
        return MouseEvent(kind, x: parts[1] - 1, y: parts[2] - 1, modifiers: modifiers)
    }

    /// The key for one character: controls become Enter, Tab, Backspace or Ctrl+letter.
    static func key(for scalar: Unicode.Scalar) -> KeyEvent {
        switch scalar.value {
        case 0x0D, 0x0A: return KeyEvent(.enter)
        case 0x09: return KeyEvent(.tab)
        case 0x7F, 0x08: return KeyEvent(.backspace)
        case 0x1B: return KeyEvent(.escape)
        case 0x00: return KeyEvent(.char(" "), modifiers: .ctrl)
        case 0x01...0x1A:
            return KeyEvent(.char(Character(Unicode.Scalar(scalar.value + 0x60) ?? "?")), modifiers: .ctrl)
        case 0x1C...0x1F:
            return KeyEvent(.char(Character(Unicode.Scalar(scalar.value + 0x40) ?? "?")), modifiers: .ctrl)
        default:
            return KeyEvent(.char(Character(scalar)))
        }
    }

    /// The key for an ncurses key name (`KEY_LEFT`, `KEY_F(3)`, `kLFT5`), nil when unknown.
    static func key(named name: String) -> KeyEvent? {
        let fixed: [String: KeyEvent] = [
            "KEY_UP": KeyEvent(.up), "KEY_DOWN": KeyEvent(.down), "KEY_LEFT": KeyEvent(.left), "KEY_RIGHT": KeyEvent(.right),
            "KEY_HOME": KeyEvent(.home), "KEY_END": KeyEvent(.end), "KEY_NPAGE": KeyEvent(.pageDown), "KEY_PPAGE": KeyEvent(.pageUp),
            "KEY_DC": KeyEvent(.delete), "KEY_IC": KeyEvent(.insert), "KEY_BACKSPACE": KeyEvent(.backspace),
            "KEY_ENTER": KeyEvent(.enter), "KEY_BTAB": KeyEvent(.backTab), "KEY_B2": KeyEvent(.char("5")),
            "KEY_SLEFT": KeyEvent(.left, modifiers: .shift), "KEY_SRIGHT": KeyEvent(.right, modifiers: .shift),
            "KEY_SR": KeyEvent(.up, modifiers: .shift), "KEY_SF": KeyEvent(.down, modifiers: .shift),
            "KEY_SHOME": KeyEvent(.home, modifiers: .shift), "KEY_SEND": KeyEvent(.end, modifiers: .shift),
            "KEY_SDC": KeyEvent(.delete, modifiers: .shift), "KEY_SIC": KeyEvent(.insert, modifiers: .shift),
            "KEY_SNEXT": KeyEvent(.pageDown, modifiers: .shift), "KEY_SPREVIOUS": KeyEvent(.pageUp, modifiers: .shift),
        ]
        if let key = fixed[name] { return key }
        if name.hasPrefix("KEY_F("), name.hasSuffix(")"), let n = Int(name.dropFirst(6).dropLast()), n > 0 {
            let group = (n - 1) / 12
            let base = (n - 1) % 12 + 1
            let modifiers: [KeyModifiers] = [[], .shift, .ctrl, [.ctrl, .shift], .alt, [.alt, .shift]]
            return KeyEvent(.function(base), modifiers: group < modifiers.count ? modifiers[group] : [])
        }
        let extended: [(String, Key)] = [
            ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
            ("kDC", .delete), ("kIC", .insert), ("kPRV", .pageUp), ("kNXT", .pageDown),
        ]
        for (prefix, key) in extended where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let digit = Int(rest), digit >= 2 else { continue }
            return KeyEvent(key, modifiers: modifiers(digit))
        }
        return nil
    }

    /// Turns `\r\n` and lone `\r` into `\n`.
    static func normalizeLineBreaks(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }
}
