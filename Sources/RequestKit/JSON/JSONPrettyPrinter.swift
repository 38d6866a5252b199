/// Checks and re-indents JSON text, keeping the key order, the number text and the string escapes exactly as written.
///
/// It reads tokens from `JSONScanner`, so any nesting depth is safe; indentation stops growing past
/// `maximumIndentDepth` levels so deeply nested input cannot blow up the output. Empty containers
/// stay on one line (`{}`, `[]`).
public struct JSONPrettyPrinter: Sendable {
    /// Spaces per nesting level; zero writes everything on one line without spaces.
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
        Array(bytes).withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            do {
                while try scanner.next(in: input) != nil {}
                return true
            } catch {
                return false
            }
        }
    }

    /// The bytes re-indented, with a final newline; throws for anything that is not exactly one JSON text.
    public func format(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> String {
        String(decoding: try formattedBytes(Array(bytes)), as: UTF8.self)
    }

    /// The bytes re-indented, with a final newline, as bytes; throws for anything that is not exactly one JSON text.
    public func formattedBytes(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (input) throws(JSONSyntaxError) -> [UInt8] in
            var writer = JSONOutputWriter(indentWidth: indentWidth, theme: theme, maximumIndentDepth: maximumIndentDepth, capacity: input.count + input.count / 2)
            var scanner = JSONScanner()
            var pendingOpen: JSONToken?
            var depth = 0
            while let token = try scanner.next(in: input) {
                if let open = pendingOpen {
                    pendingOpen = nil
                    if token.kind == .endObject || token.kind == .endArray {
                        writer.punctuation([input[open.range.lowerBound], input[token.range.lowerBound]])
                        continue
                    }
                    writer.punctuation([input[open.range.lowerBound]])
                    depth += 1
                    writer.newline(depth: depth)
                }
                switch token.kind {
                case .beginObject, .beginArray:
                    pendingOpen = token
                case .endObject, .endArray:
                    depth -= 1
                    writer.newline(depth: depth)
                    writer.punctuation([input[token.range.lowerBound]])
                case .comma:
                    writer.punctuation([UInt8(ascii: ",")])
                    writer.newline(depth: depth)
                case .colon:
                    writer.punctuation([UInt8(ascii: ":")])
                    writer.space()
                case .key: writer.token(input, token.range, color: theme?.key)
                case .string: writer.token(input, token.range, color: theme?.string)
                case .number: writer.token(input, token.range, color: theme?.number)
                case .boolean: writer.token(input, token.range, color: theme?.boolean)
                case .null: writer.token(input, token.range, color: theme?.null)
                }
            }
            writer.finish()
            return writer.bytes
        }
    }
}
