import RequestKit

/// Building a `ParsedJSON` tree from the tokens of RequestKit's `JSONScanner`.
extension ParsedJSON {
    /// Arrays and objects nested deeper than this are refused.
    static let maximumDepth = JSONParser.maximumDepth

    /// Parses a whole text: one value, surrounded only by whitespace (a UTF-8 byte order mark is allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> ParsedJSON in try parse(buffer) }
    }

    /// Parses a whole text held in memory someone else owns.
    static func parse(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> ParsedJSON {
        let hasByteOrderMark = input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF
        var reader = ParsedJSONReader(input: input, scanner: JSONScanner(startingAt: hasByteOrderMark ? 3 : 0))
        let value = try reader.value(startingWith: try reader.scanner.required(in: input))
        try reader.scanner.finish(in: input)
        return value
    }
}

/// Reads values from a scanner into `ParsedJSON` nodes, each with the offset of its first byte.
private struct ParsedJSONReader {
    let input: UnsafeBufferPointer<UInt8>
    var scanner: JSONScanner

    /// The value whose first token has been read.
    mutating func value(startingWith token: JSONToken) throws(JSONSyntaxError) -> ParsedJSON {
        let offset = token.range.lowerBound
        switch token.kind {
        case .beginObject:
            try checkDepth(token)
            var members: [ParsedMember] = []
            while let key = try scanner.nextKey(in: input) {
                let name = try JSONScanner.string(of: key, in: input)
                members.append(ParsedMember(key: name, value: try value(startingWith: try scanner.required(in: input))))
            }
            return ParsedJSON(kind: .object(members), offset: offset)
        case .beginArray:
            try checkDepth(token)
            var items: [ParsedJSON] = []
            while let first = try scanner.nextElement(in: input) { items.append(try value(startingWith: first)) }
            return ParsedJSON(kind: .array(items), offset: offset)
        case .string, .key: return ParsedJSON(kind: .string(try JSONScanner.string(of: token, in: input)), offset: offset)
        case .number: return ParsedJSON(kind: .number(JSONScanner.text(of: token, in: input)), offset: offset)
        case .boolean: return ParsedJSON(kind: .bool(input[offset] == UInt8(ascii: "t")), offset: offset)
        case .null: return ParsedJSON(kind: .null, offset: offset)
        case .endObject, .endArray, .comma, .colon:
            throw JSONSyntaxError(offset: offset, reason: "unexpected punctuation where a value was expected")
        }
    }

    private func checkDepth(_ token: JSONToken) throws(JSONSyntaxError) {
        if scanner.depth > ParsedJSON.maximumDepth {
            throw JSONSyntaxError(offset: token.range.lowerBound, reason: "nesting deeper than \(ParsedJSON.maximumDepth) levels")
        }
    }
}
