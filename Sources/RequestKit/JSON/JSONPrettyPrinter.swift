/// A JSON text that does not follow RFC 8259.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset where the text stopped being valid.
    public var offset: Int
    /// What was wrong there.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    public var description: String { "\(reason) at byte \(offset)" }
}

/// Checks and re-indents JSON text, keeping the key order, the number text and the string escapes exactly as written.
///
/// The parser is iterative (an explicit stack, no recursion), so any nesting depth is safe; indentation
/// stops growing past `maximumIndentDepth` levels so deeply nested input cannot blow up the output.
public struct JSONPrettyPrinter: Sendable {
    /// Spaces per nesting level.
    public var indentWidth: Int
    /// Colors for tokens; nil for plain text.
    public var theme: JSONTheme?
    /// The deepest level that still indents further.
    public var maximumIndentDepth: Int

    /// Creates a printer.
    public init(indentWidth: Int = 2, theme: JSONTheme? = nil, maximumIndentDepth: Int = 64) {
        self.indentWidth = indentWidth
        self.theme = theme
        self.maximumIndentDepth = maximumIndentDepth
    }

    /// Whether the bytes are one valid JSON text.
    public static func isValid(_ bytes: some Collection<UInt8>) -> Bool {
        (try? JSONPrettyPrinter(indentWidth: 0).format(bytes)) != nil
    }

    /// The bytes re-indented, with a final newline; throws for anything that is not exactly one JSON text.
    public func format(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> String {
        let input = Array(bytes)
        var writer = JSONOutputWriter(indentWidth: indentWidth, theme: theme, maximumIndentDepth: maximumIndentDepth)
        var scanner = JSONScanner(input: input)
        var stack: [JSONContainer] = []

        scanner.skipWhitespace()
        try parseValue(&scanner, &writer, &stack)
        while true {
            scanner.skipWhitespace()
            guard let container = stack.last else { break }
            guard let byte = scanner.peek() else { throw scanner.error("unexpected end of input inside \(container.name)") }
            switch (container, byte) {
            case (_, UInt8(ascii: ",")):
                scanner.advance()
                writer.punctuation(",")
                writer.newline(depth: stack.count)
                scanner.skipWhitespace()
                if container == .object { try parseKey(&scanner, &writer) }
                try parseValue(&scanner, &writer, &stack)
            case (.object, UInt8(ascii: "}")), (.array, UInt8(ascii: "]")):
                scanner.advance()
                stack.removeLast()
                writer.newline(depth: stack.count)
                writer.punctuation(container == .object ? "}" : "]")
            default:
                throw scanner.error("expected ',' or '\(container == .object ? "}" : "]")' in \(container.name)")
            }
        }
        guard scanner.isAtEnd else { throw scanner.error("unexpected text after the JSON value") }
        writer.raw("\n")
        return writer.text
    }

    /// Reads one value; for a non-empty container it opens it and reads its first member.
    private func parseValue(_ scanner: inout JSONScanner, _ writer: inout JSONOutputWriter, _ stack: inout [JSONContainer]) throws(JSONSyntaxError) {
        while true {
            guard let byte = scanner.peek() else { throw scanner.error("expected a value but the input ended") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let container: JSONContainer = byte == UInt8(ascii: "{") ? .object : .array
                scanner.advance()
                scanner.skipWhitespace()
                let close = container == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if scanner.peek() == close {
                    scanner.advance()
                    writer.punctuation(container == .object ? "{}" : "[]")
                    return
                }
                writer.punctuation(container == .object ? "{" : "[")
                stack.append(container)
                writer.newline(depth: stack.count)
                if container == .object {
                    try parseKey(&scanner, &writer)
                }
                continue
            case UInt8(ascii: "\""):
                let text = try scanner.scanString()
                writer.token(text, color: theme?.string)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                writer.token(try scanner.scanNumber(), color: theme?.number)
            case UInt8(ascii: "t"):
                try scanner.expectLiteral("true")
                writer.token("true", color: theme?.boolean)
            case UInt8(ascii: "f"):
                try scanner.expectLiteral("false")
                writer.token("false", color: theme?.boolean)
            case UInt8(ascii: "n"):
                try scanner.expectLiteral("null")
                writer.token("null", color: theme?.null)
            default:
                throw scanner.error("unexpected character where a value should start")
            }
            return
        }
    }

    /// Reads `"key" :` and writes it, leaving the scanner at the value.
    private func parseKey(_ scanner: inout JSONScanner, _ writer: inout JSONOutputWriter) throws(JSONSyntaxError) {
        guard scanner.peek() == UInt8(ascii: "\"") else { throw scanner.error("expected a string key") }
        let key = try scanner.scanString()
        writer.token(key, color: theme?.key)
        scanner.skipWhitespace()
        guard scanner.peek() == UInt8(ascii: ":") else { throw scanner.error("expected ':' after an object key") }
        scanner.advance()
        writer.punctuation(":")
        writer.raw(" ")
        scanner.skipWhitespace()
    }
}

/// The kind of an open container.
enum JSONContainer {
    case object, array

    /// The name used in error messages.
    var name: String { self == .object ? "an object" : "an array" }
}
