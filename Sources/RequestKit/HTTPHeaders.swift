/// One header field: a name and a value.
public struct HTTPHeader: Hashable, Sendable, Codable {
    /// The field name as written.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Ordered header fields with case-insensitive lookup; duplicate names are kept.
public struct HTTPHeaders: Hashable, Sendable, Codable, RandomAccessCollection, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral {
    private var fields: [HTTPHeader]

    /// Creates headers from fields, in order.
    public init(_ fields: [HTTPHeader] = []) { self.fields = fields }

    /// Creates headers from literal pairs, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { HTTPHeader(name: $0.0, value: $0.1) }
    }

    /// Creates headers from literal fields, in order.
    public init(arrayLiteral elements: HTTPHeader...) { self.fields = elements }

    /// Decodes headers from an array of fields.
    public init(from decoder: Decoder) throws {
        self.fields = try decoder.singleValueContainer().decode([HTTPHeader].self)
    }

    /// Encodes headers as an array of fields.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }

    public var startIndex: Int { fields.startIndex }
    public var endIndex: Int { fields.endIndex }
    public subscript(position: Int) -> HTTPHeader { fields[position] }

    /// The first value for a name, compared without regard to case.
    public subscript(name: String) -> String? {
        get { value(for: name) }
        set {
            if let newValue { set(name: name, value: newValue) } else { remove(name: name) }
        }
    }

    /// The first value for a name, compared without regard to case.
    public func value(for name: String) -> String? {
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value for a name, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Whether a field with this name exists.
    public func contains(name: String) -> Bool { value(for: name) != nil }

    /// Appends a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// Replaces every field of this name with one, at the position of the first.
    public mutating func set(name: String, value: String) {
        if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(name) }) {
            fields[index] = HTTPHeader(name: fields[index].name, value: value)
            var seen = false
            fields.removeAll { field in
                guard field.name.caseInsensitiveEquals(name) else { return false }
                if !seen { seen = true; return false }
                return true
            }
        } else {
            add(name: name, value: value)
        }
    }

    /// Removes every field of this name.
    public mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// The fields in order.
    public var all: [HTTPHeader] { fields }
}

extension String {
    /// ASCII case-insensitive comparison, as header names need.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let left = utf8, right = other.utf8
        guard left.count == right.count else { return false }
        return zip(left, right).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
