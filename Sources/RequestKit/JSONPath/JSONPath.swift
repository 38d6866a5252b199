/// A parsed RFC 9535 JSONPath query, such as `$.data[*].id` or `$[?@.active == true]`.
public struct JSONPath: Hashable, Sendable {
    /// The query as written.
    public let text: String

    /// Parses a query; the error names the 1-based column where it stops making sense.
    public static func parse(_ text: String) throws(JSONPathError) -> JSONPath {
        throw JSONPathError(message: "JSONPath is not available yet", column: 1)
    }

    /// Whether the query can select at most one node (RFC 9535's singular query).
    public var isSingular: Bool { false }

    /// The nodes the query selects from a document, in document order, each with its normalized path.
    public func evaluate(_ root: OrderedJSON) -> [JSONPathMatch] { [] }
}

/// One node a JSONPath query selected.
public struct JSONPathMatch: Hashable, Sendable {
    /// The node's normalized path, e.g. `$['data'][3]['id']`.
    public var path: String
    /// The node's value.
    public var value: OrderedJSON

    /// Creates a match.
    public init(path: String, value: OrderedJSON) {
        self.path = path
        self.value = value
    }
}

/// Why a JSONPath query does not parse.
public struct JSONPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 1-based column where the problem starts.
    public var column: Int

    /// Creates an error.
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// "column N: message".
    public var description: String { "column \(column): \(message)" }
}
