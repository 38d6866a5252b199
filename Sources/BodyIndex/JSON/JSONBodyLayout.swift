import RequestKit

/// Re-indents a JSON body into bytes with a line index, keeping key order, numbers and escapes as sent.
///
/// `JSONPrettyPrinter` writes bytes from start to end without building strings, so a 50 MB body is formatted in
/// one pass; the result is colored line by line when drawn (see `JSONLineLexer`).
package enum JSONBodyLayout {
    /// Spaces per nesting level.
    package static let indentWidth = 2
    /// The deepest level that still indents further.
    package static let maximumIndentDepth = 64

    /// The body pretty-printed, or the syntax error that stopped it.
    package static func format(_ body: [UInt8]) -> Result<[UInt8], JSONSyntaxError> {
        let printer = JSONPrettyPrinter(indentWidth: indentWidth, maximumIndentDepth: maximumIndentDepth)
        return Result { () throws(JSONSyntaxError) -> [UInt8] in try printer.formattedBytes(body) }
    }
}
