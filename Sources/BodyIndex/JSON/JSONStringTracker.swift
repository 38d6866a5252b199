/// Whether a scan of JSON text, one byte at a time, is inside a string literal (escapes followed).
package struct JSONStringTracker {
    /// Whether the bytes taken so far end inside a string literal.
    package private(set) var inString = false
    /// Whether the last byte taken inside a string was an unescaped backslash.
    private var escaped = false

    /// A tracker outside any string.
    package init() {}

    /// A tracker in lexer state `state`: between tokens, in a string, or in a string right after a backslash.
    package init(state: JSONLexState) {
        inString = state != .normal
        escaped = state == .inStringEscape
    }

    /// The lexer state the next byte is read in.
    package var state: JSONLexState { inString ? (escaped ? .inStringEscape : .inString) : .normal }

    /// Takes the next byte: an unescaped quote opens or closes a string.
    package mutating func take(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        }
    }
}
