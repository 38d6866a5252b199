import RequestKit
/// A JSON value as parsed from a file, with the byte offset where each value starts (for error locations).
struct ParsedJSON: Sendable {
    /// What the value is.
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([ParsedJSON])
        case object([ParsedMember])
    }

    /// The value.
    var kind: Kind
    /// The byte offset of the value's first character in the source.
    var offset: Int

    /// The value without offsets.
    var jsonValue: OrderedJSON {
        switch kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let text): return .number(text)
        case .string(let text): return .string(text)
        case .array(let items): return .array(items.map(\.jsonValue))
        case .object(let members): return .object(members.map { JSONMember(key: $0.key, value: $0.value.jsonValue) })
        }
    }

    /// A short name of the value's type for error messages.
    var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a parsed object.
struct ParsedMember: Sendable {
    /// The key.
    var key: String
    /// The value.
    var value: ParsedJSON
}
