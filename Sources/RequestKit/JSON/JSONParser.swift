/// A strict RFC 8259 JSON parser producing `JSONValue`, with number text kept exactly.
///
/// It builds the tree from `JSONScanner` tokens. Foundation's parsers on Linux accept trailing
/// commas; this one rejects them, as it does leading zeros, control characters in strings, bad
/// escapes, invalid UTF-8 in strings, trailing text and nesting deeper than `maximumDepth`.
/// Unpaired UTF-16 surrogates in `\u` escapes become U+FFFD. A repeated key keeps its last value.
public struct JSONParser {
    /// How deeply arrays and objects may nest before the text is rejected.
    public static let maximumDepth = 512

    private let input: UnsafeBufferPointer<UInt8>
    private var scanner = JSONScanner()

    private init(input: UnsafeBufferPointer<UInt8>) { self.input = input }

    /// Parses a whole JSON text; `.invalidJSON` says what was wrong and at which byte.
    public static func parse(_ data: some Sequence<UInt8>) throws(NetworkError) -> JSONValue {
        let bytes = Array(data)
        do {
            return try bytes.withUnsafeBufferPointer { (input) throws(JSONSyntaxError) -> JSONValue in
                var parser = JSONParser(input: input)
                let value = try parser.value(startingWith: try parser.scanner.required(in: input))
                try parser.scanner.finish(in: input)
                return value
            }
        } catch {
            if error.offset >= bytes.count { throw .invalidJSON("\(error.reason) at the end of the text (byte \(error.offset))") }
            throw .invalidJSON(error.description)
        }
    }

    /// The value whose first token has been read.
    private mutating func value(startingWith token: JSONToken) throws(JSONSyntaxError) -> JSONValue {
        switch token.kind {
        case .beginObject:
            try checkDepth(token)
            var object: [String: JSONValue] = [:]
            while let key = try scanner.nextKey(in: input) {
                object[try JSONScanner.string(of: key, in: input)] = try value(startingWith: try scanner.required(in: input))
            }
            return .object(object)
        case .beginArray:
            try checkDepth(token)
            var elements: [JSONValue] = []
            while let first = try scanner.nextElement(in: input) { elements.append(try value(startingWith: first)) }
            return .array(elements)
        case .string, .key: return .string(try JSONScanner.string(of: token, in: input))
        case .number: return .number(JSONScanner.text(of: token, in: input))
        case .boolean: return .bool(input[token.range.lowerBound] == UInt8(ascii: "t"))
        case .null: return .null
        case .endObject, .endArray, .comma, .colon:
            throw JSONSyntaxError(offset: token.range.lowerBound, reason: "unexpected punctuation where a value should start")
        }
    }

    private func checkDepth(_ token: JSONToken) throws(JSONSyntaxError) {
        if scanner.depth > JSONParser.maximumDepth {
            throw JSONSyntaxError(offset: token.range.lowerBound, reason: "nesting deeper than \(JSONParser.maximumDepth) levels")
        }
    }
}
