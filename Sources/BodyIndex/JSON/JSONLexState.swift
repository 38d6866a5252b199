/// Where a JSON line lexer stands at the start or end of a line.
package enum JSONLexState: Equatable, Sendable {
    /// Between tokens.
    case normal
    /// Inside a string.
    case inString
    /// Inside a string, right after a backslash.
    case inStringEscape
}
