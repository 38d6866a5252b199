/// Any JSON value, with object members kept in their written order and numbers kept as their text.
///
/// The store reads files with `JSONScanner` (through its `ParsedJSON`, which adds byte offsets for line and
/// column errors) and writes them canonically, so saving an unchanged file changes no byte: that needs members
/// in order, repeated keys kept. JSONPath queries run on this tree too, so their results come in document order.
/// `JSONValue` (`ParameterValue`) has dictionary objects, whose equality and lookup by key the request builder
/// relies on, so the two trees stay apart.
public enum OrderedJSON: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exactly as written so that nothing is lost in conversion.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([OrderedJSON])
    /// An object whose members keep their order.
    case object([JSONMember])

    /// The value of the first member with this key, when this is an object.
    public subscript(key: String) -> OrderedJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number as a Double, when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}

/// One member of a JSON object: a key and its value.
public struct JSONMember: Hashable, Sendable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: OrderedJSON

    /// Creates a member.
    public init(key: String, value: OrderedJSON) {
        self.key = key
        self.value = value
    }
}

