import TerminalSafety

/// Makes untrusted text safe to draw with the one sanitizer, `VisibleText`: control characters become visible
/// symbols (ESC is `␛`, DEL `␡`, the C1 controls `�`) and invisible ones (bidi controls, zero-width and other format
/// characters, U+2028/U+2029) are written as `<U+202E>`. Tabs expand to spaces when `tabWidth` is positive; line
/// feeds are kept only when `keepNewlines` is true. Text that passes through here can never move the cursor,
/// change the terminal's state, or reorder what is drawn.
public func sanitize(_ text: String, tabWidth: Int = 0, keepNewlines: Bool = false) -> String {
    VisibleText.string(text, keepingLineFeeds: keepNewlines, tabWidth: tabWidth)
}

/// Decodes bytes as UTF-8 for display, replacing invalid sequences with `�`, then sanitizes.
public func sanitize(bytes: some Collection<UInt8>, tabWidth: Int = 0, keepNewlines: Bool = false) -> String {
    sanitize(String(decoding: bytes, as: UTF8.self), tabWidth: tabWidth, keepNewlines: keepNewlines)
}

/// True when a grapheme cluster holds a character that must not reach the terminal as it is.
func containsControl(_ character: Character) -> Bool {
    VisibleText.needsEscaping(character)
}
