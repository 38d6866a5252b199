import Foundation
import RequestKit

/// Reading and writing curlew's JSON files: canonical layout on write, line and column on every error.
public enum CanonicalJSON {
    /// The canonical bytes of a value: members in the order its `encode(to:)` writes them, two-space
    /// indent, `"key": value`, and a final newline.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        Data(CanonicalJSONWriter.bytes(of: try CanonicalEncoder.encode(value)))
    }

    /// The canonical bytes of a JSON tree.
    public static func format(_ value: OrderedJSON) -> Data {
        Data(CanonicalJSONWriter.bytes(of: value))
    }

    /// The value on one line (no indentation, no final newline), for JSON Lines.
    public static func encodeLine<T: Encodable>(_ value: T) throws -> [UInt8] {
        CanonicalJSONWriter.compactBytes(of: try CanonicalEncoder.encode(value))
    }

    /// The JSON tree of a value, as the canonical writer would see it.
    public static func tree<T: Encodable>(of value: T) throws -> OrderedJSON {
        try CanonicalEncoder.encode(value)
    }

    /// Parses a JSON text; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(FileFormatError) -> OrderedJSON {
        try parseTree(Array(data), file: file).jsonValue
    }

    /// Decodes a value from JSON text; any error names the file, line, column and reason.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(FileFormatError) -> T {
        let bytes = Array(data)
        let tree = try parseTree(bytes, file: file)
        return try decode(type, from: tree, bytes: bytes, file: file)
    }

    /// Decodes a value from a JSON tree (e.g. after a migration); errors point at line 1, column 1.
    public static func decode<T: Decodable>(_ type: T.Type, from value: OrderedJSON, file: String) throws(FileFormatError) -> T {
        try decode(type, from: ParsedJSON(value), bytes: [], file: file)
    }

    static func parseTree(_ bytes: [UInt8], file: String) throws(FileFormatError) -> ParsedJSON {
        do {
            return try ParsedJSON.parse(bytes)
        } catch {
            let position = SourcePosition.of(offset: error.offset, in: bytes)
            throw FileFormatError(file: file, line: position.line, column: position.column, reason: error.reason)
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from tree: ParsedJSON, bytes: [UInt8], file: String) throws(FileFormatError) -> T {
        try read(tree, bytes: bytes, file: file) { tree in try CanonicalDecoder.decode(type, from: tree, codingPath: []) }
    }

    /// Reads a value from a parsed tree with a reader that throws as a `Decoder` would (a `DecodingError` with
    /// its coding path, or a bad check line); any error names the file, line, column and reason.
    static func read<T>(_ tree: ParsedJSON, bytes: [UInt8], file: String, with reader: (ParsedJSON) throws -> T) throws(FileFormatError) -> T {
        do {
            return try reader(tree)
        } catch let error as DecodingError {
            let (path, reason) = describe(error)
            let offset = locate(path, in: tree)
            let position = SourcePosition.of(offset: offset, in: bytes)
            let prefix = path.isEmpty ? "" : "at \(pathText(path)): "
            throw FileFormatError(file: file, line: position.line, column: position.column, reason: prefix + reason)
        } catch let failure as CheckLineDecodingError {
            throw fileError(for: failure, in: tree, bytes: bytes, file: file)
        } catch {
            throw FileFormatError(file: file, line: 1, column: 1, reason: String(describing: error))
        }
    }

    private static func describe(_ error: DecodingError) -> ([CodingKey], String) {
        switch error {
        case .typeMismatch(_, let context): return (context.codingPath, context.debugDescription)
        case .valueNotFound(_, let context): return (context.codingPath, context.debugDescription.isEmpty ? "a value is missing" : context.debugDescription)
        case .keyNotFound(let key, let context): return (context.codingPath, "missing the required key \"\(key.stringValue)\"")
        case .dataCorrupted(let context): return (context.codingPath, context.debugDescription)
        @unknown default: return ([], String(describing: error))
        }
    }

    /// The offset of the deepest value along a coding path.
    private static func locate(_ path: [CodingKey], in tree: ParsedJSON) -> Int {
        var node = tree
        for key in path {
            switch node.kind {
            case .array(let items):
                guard let index = key.intValue, items.indices.contains(index) else { return node.offset }
                node = items[index]
            case .object(let members):
                guard let member = members.last(where: { $0.key == key.stringValue }) else { return node.offset }
                node = member.value
            default:
                return node.offset
            }
        }
        return node.offset
    }

    /// A coding path as `requests[3].url`.
    static func pathText(_ path: [CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}

extension ParsedJSON {
    /// A parsed tree made from a JSON value, with every offset at zero.
    init(_ value: OrderedJSON) {
        switch value {
        case .null: self.init(kind: .null, offset: 0)
        case .bool(let flag): self.init(kind: .bool(flag), offset: 0)
        case .number(let text): self.init(kind: .number(text), offset: 0)
        case .string(let text): self.init(kind: .string(text), offset: 0)
        case .array(let items): self.init(kind: .array(items.map(ParsedJSON.init)), offset: 0)
        case .object(let members): self.init(kind: .object(members.map { ParsedMember(key: $0.key, value: ParsedJSON($0.value)) }), offset: 0)
        }
    }
}
