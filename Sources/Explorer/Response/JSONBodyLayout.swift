import RequestKit

/// Re-indents a JSON body into bytes with a line index, keeping key order, numbers and escapes as sent.
///
/// Works on bytes from start to end without building strings, so a 50 MB body is formatted in
/// one pass; the result is colored line by line when drawn (see `JSONLineLexer`).
enum JSONBodyLayout {
    /// Spaces per nesting level.
    static let indentWidth = 2
    /// The deepest level that still indents further.
    static let maximumIndentDepth = 64

    /// The body pretty-printed, or the syntax error that stopped it.
    static func format(_ body: [UInt8]) -> Result<[UInt8], JSONSyntaxError> {
        var tokenizer = JSONTokenizer(body)
        var out: [UInt8] = []
        out.reserveCapacity(body.count + body.count / 2)
        var depth = 0
        var pendingOpen: UInt8?
        do {
            while let token = try tokenizer.next() {
                if let open = pendingOpen {
                    pendingOpen = nil
                    if token.kind == .endObject || token.kind == .endArray {
                        out.append(open)
                        out.append(body[token.range.lowerBound])
                        continue
                    }
                    out.append(open)
                    depth += 1
                    newline(&out, depth: depth)
                }
                switch token.kind {
                case .beginObject, .beginArray:
                    pendingOpen = body[token.range.lowerBound]
                case .endObject, .endArray:
                    depth -= 1
                    newline(&out, depth: depth)
                    out.append(body[token.range.lowerBound])
                case .comma:
                    out.append(UInt8(ascii: ","))
                    newline(&out, depth: depth)
                case .colon:
                    out.append(UInt8(ascii: ":"))
                    out.append(0x20)
                case .key, .string, .number, .boolean, .null:
                    out.append(contentsOf: body[token.range])
                }
            }
        } catch {
            return .failure(error)
        }
        out.append(0x0A)
        return .success(out)
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

    private static func newline(_ out: inout [UInt8], depth: Int) {
        out.append(0x0A)
        let spaces = min(depth, maximumIndentDepth) * indentWidth
        if spaces > 0 { out.append(contentsOf: repeatElement(0x20, count: spaces)) }
    }
}
