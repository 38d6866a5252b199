import RequestKit

/// Re-indents a JSON body into bytes with a line index, keeping key order, numbers and escapes as sent.
///
/// `JSONPrettyPrinter` writes bytes from start to end without building strings, so a 50 MB body is formatted in
/// one pass; the result is colored line by line when drawn (see `JSONLineLexer`).
enum JSONBodyLayout {
    /// Spaces per nesting level.
    static let indentWidth = 2
    /// The deepest level that still indents further.
    static let maximumIndentDepth = 64

    /// The body pretty-printed, or the syntax error that stopped it.
    static func format(_ body: [UInt8]) -> Result<[UInt8], JSONSyntaxError> {
        let printer = JSONPrettyPrinter(indentWidth: indentWidth, maximumIndentDepth: maximumIndentDepth)
        return Result { () throws(JSONSyntaxError) -> [UInt8] in try printer.formattedBytes(body) }
    }

    /// The lexer state at the start of each continuation line of `lines`, by line index.
    static func continuationStates(of lines: TextLines) -> [Int: JSONLexState] {
        var states: [Int: JSONLexState] = [:]
        for index in lines.continuations {
            let previous = index - 1
            let start = states[previous] ?? .normal
            states[index] = JSONLineLexer.runs(lines.bytes, lines.range(of: previous), from: start).end
        }
        return states
    }
}
