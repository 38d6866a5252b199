/// One row of a query, header or form table: a name, a value, and whether it is sent.
public struct KeyValueRow: Hashable, Sendable {
    /// The parameter, header or field name.
    public var name: String
    /// The value; may contain `{{variables}}`.
    public var value: String
    /// Whether the row is sent; disabled rows are kept but ignored.
    public var enabled: Bool

    /// Creates a row, enabled unless told otherwise.
    public init(name: String, value: String, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.enabled = enabled
    }
}

extension KeyValueRow: Codable {
    private enum CodingKeys: String, CodingKey { case name, value, enabled }

    /// Decodes a row; `value` defaults to empty and `enabled` to true.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    }

    /// Encodes a row in the order name, value, enabled; `enabled` is written only when false.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        if !enabled { try container.encode(false, forKey: .enabled) }
    }
}
