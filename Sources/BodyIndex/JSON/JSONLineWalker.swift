/// Writes one line of pretty-printed JSON from the body's own bytes, as `JSONPrettyPrinter` would have written it.
///
/// Between tokens the body's whitespace is dropped and a `:` is followed by one space; inside strings every
/// byte is kept. A line is produced only when it is drawn, so the viewer never holds a pretty copy of the body.
package enum JSONLineWalker {
    /// Where a walk starts: inside a string or not, and whether the space after a `:` is still to be written.
    package struct Start: Equatable, Sendable {
        /// The lexer state at the first byte: inside a string, right after a backslash in one, or between tokens.
        package var state: JSONLexState = .normal
        /// Whether the walk begins with the space that follows a `:`.
        package var pendingSpace = false
    }

    /// Appends the pretty bytes of `input[start..<bound]` to `output`, starting as `from` says.
    ///
    /// The space after a `:` is written before the next token, so a walk that stops right after a `:` leaves it
    /// out unless `keepingTrailingSpace` (a line cut between that space and the value keeps it at its end).
    package static func append(_ input: UnsafeBufferPointer<UInt8>, from start: Int, to bound: Int, _ from: Start,
                       keepingTrailingSpace: Bool = false, into output: inout [UInt8]) {
        var position = start
        var strings = JSONStringTracker(state: from.state)
        var space = from.pendingSpace
        let end = min(bound, input.count)
        while position < end {
            let byte = input[position]
            position += 1
            if strings.inString {
                output.append(byte)
                strings.take(byte)
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                if space {
                    output.append(0x20)
                    space = false
                }
                output.append(byte)
                strings.take(byte)
                if byte == UInt8(ascii: ":") { space = true }
            }
        }
        if space, keepingTrailingSpace { output.append(0x20) }
    }
}
