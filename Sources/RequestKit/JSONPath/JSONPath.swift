/// A parsed RFC 9535 JSONPath query, such as `$.data[*].id` or `$[?@.active == true]`.
public struct JSONPath: Hashable, Sendable {
    /// How deeply filters, parentheses and function calls may nest in a query.
    public static let maximumNesting = JSONPathParser.maximumNesting

    /// The query as written.
    public let text: String
    /// The parsed query.
    let query: JSONPathQuery

    /// Parses a query; the error names the 1-based column (counted in characters) where it stops making sense.
    public static func parse(_ text: String) throws(JSONPathError) -> JSONPath {
        JSONPath(text: text, query: try JSONPathParser.parse(text))
    }

    /// Whether the query can select at most one node (RFC 9535's singular query).
    public var isSingular: Bool { query.isSingular }

    /// The nodes the query selects from a document, in document order, each with its normalized path.
    public func evaluate(_ root: OrderedJSON) -> [JSONPathMatch] {
        var evaluator = JSONPathEvaluator(root: root)
        return evaluator.select(query, current: root, tracksPaths: true).map { node in
            JSONPathMatch(path: node.normalizedPath, value: node.value)
        }
    }

    /// The first `limit` nodes the query selects, with their normalized paths, and how many it selects in all;
    /// only the nodes returned have their paths written out.
    public func evaluate(_ root: OrderedJSON, upTo limit: Int) -> (matches: [JSONPathMatch], total: Int) {
        var evaluator = JSONPathEvaluator(root: root)
        let nodes = evaluator.select(query, current: root, tracksPaths: true)
        let kept = nodes.prefix(max(0, limit)).map { node in JSONPathMatch(path: node.normalizedPath, value: node.value) }
        return (kept, nodes.count)
    }

    /// The values the query selects from a document, in document order, without their paths.
    public func values(in root: OrderedJSON) -> [OrderedJSON] {
        var evaluator = JSONPathEvaluator(root: root)
        return evaluator.select(query, current: root, tracksPaths: false).map(\.value)
    }

    /// Two queries are equal when their text is.
    public static func == (left: JSONPath, right: JSONPath) -> Bool { left.text == right.text }

    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
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
