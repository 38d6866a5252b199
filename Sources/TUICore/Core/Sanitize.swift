/// Makes untrusted text safe to draw: control characters become visible symbols.
///
/// C0 controls (U+0000–U+001F) become their Control Pictures (U+2400–U+241F, so ESC is `␛`),
/// DEL becomes `␡`, C1 controls (U+0080–U+009F) become `�`. Tabs expand to spaces when
/// `tabWidth` is positive; line feeds are kept only when `keepNewlines` is true. Text that
/// passes through here can never move the cursor or change the terminal's state.
public func sanitize(_ text: String, tabWidth: Int = 0, keepNewlines: Bool = false) -> String {
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var out = String.UnicodeScalarView()
    var column = 0
    for scalar in text.unicodeScalars {
        let v = scalar.value
        if v == 0x0A && keepNewlines {
            out.append(scalar)
            column = 0
        } else if v == 0x09 && tabWidth > 0 {
            let spaces = tabWidth - column % tabWidth
            for _ in 0..<spaces { out.append(" ") }
            column += spaces
        } else if v < 0x20 {
            out.append(Unicode.Scalar(0x2400 + v) ?? "\u{FFFD}")
            column += 1
        } else if v == 0x7F {
            out.append("\u{2421}")
            column += 1
        } else if v >= 0x80 && v < 0xA0 {
            out.append("\u{FFFD}")
            column += 1
        } else {
            out.append(scalar)
            column += 1
        }
    }
    return String(out)
}

/// Decodes bytes as UTF-8 for display, replacing invalid sequences with `�`, then sanitizes.
public func sanitize(bytes: some Collection<UInt8>, tabWidth: Int = 0, keepNewlines: Bool = false) -> String {
    sanitize(String(decoding: bytes, as: UTF8.self), tabWidth: tabWidth, keepNewlines: keepNewlines)
}

/// True when a grapheme cluster contains a control character that must not reach the terminal.
@inlinable
func containsControl(_ character: Character) -> Bool {
    for scalar in character.unicodeScalars {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
    }
    return false
}
