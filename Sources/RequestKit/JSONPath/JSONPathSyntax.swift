/// The parsed form of a JSONPath query (RFC 9535): segments of selectors, and filter expressions.
struct JSONPathQuery: Sendable {
    /// Whether the query starts at the current node `@` rather than the root `$`.
    var isRelative: Bool
    /// The segments, applied in order.
    var segments: [JSONPathSegment]

    /// Whether every segment is a child segment with one name or index selector (RFC 9535 §2.3.5.1).
    var isSingular: Bool {
        segments.allSatisfy { segment in
            guard !segment.isDescendant, segment.selectors.count == 1 else { return false }
            switch segment.selectors[0] {
            case .name, .index: return true
            case .wildcard, .slice, .filter: return false
            }
        }
    }
}

/// One segment: its selectors, applied to the input nodes (`[…]`, `.name`) or to them and all their descendants (`..`).
struct JSONPathSegment: Sendable {
    /// Whether this is a descendant segment (`..`).
    var isDescendant: Bool
    /// The selectors, whose results are concatenated in order.
    var selectors: [JSONPathSelector]
}

/// One selector inside a segment.
enum JSONPathSelector: Sendable {
    /// A member name, `'name'` or `.name`.
    case name(String)
    /// Every child, `*`.
    case wildcard
    /// An array element; negative counts from the end.
    case index(Int64)
    /// A slice `start:end:step` of an array.
    case slice(start: Int64?, end: Int64?, step: Int64?)
    /// The children for which the expression holds, `?expr`.
    case filter(JSONPathLogical)
}

/// A filter's logical expression.
indirect enum JSONPathLogical: Sendable {
    /// True when any part is.
    case or([JSONPathLogical])
    /// True when every part is.
    case and([JSONPathLogical])
    /// The negation.
    case not(JSONPathLogical)
    /// A comparison of two values.
    case comparison(JSONPathComparable, JSONPathComparisonOperator, JSONPathComparable)
    /// True when the query selects at least one node.
    case exists(JSONPathQuery)
    /// A function whose result is logical (or a node list, true when not empty).
    case function(JSONPathFunctionCall)
}

/// One side of a comparison, or an argument of value type.
enum JSONPathComparable: Sendable {
    /// A literal value: a number, string, `true`, `false` or `null`.
    case literal(OrderedJSON)
    /// A singular query: its node's value, or nothing.
    case query(JSONPathQuery)
    /// A function whose result is a value.
    case function(JSONPathFunctionCall)
}

/// A comparison operator.
enum JSONPathComparisonOperator: String, Sendable {
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="
    /// `<`
    case less = "<"
    /// `<=`
    case lessOrEqual = "<="
    /// `>`
    case greater = ">"
    /// `>=`
    case greaterOrEqual = ">="
}

/// A call of a function extension with its arguments, checked against the function's parameter types.
struct JSONPathFunctionCall: Sendable {
    /// The function.
    var function: JSONPathFunction
    /// The arguments, one per parameter.
    var arguments: [JSONPathArgument]
}

/// An argument of a function call, in the form its parameter's type asks for.
enum JSONPathArgument: Sendable {
    /// A value (a literal, a singular query or a value-typed function).
    case value(JSONPathComparable)
    /// A node list (a query, or a function returning nodes).
    case nodes(JSONPathQuery)
    /// A logical value.
    case logical(JSONPathLogical)
}

/// The types of RFC 9535's function extension system.
enum JSONPathType: Sendable {
    /// A JSON value or nothing.
    case value
    /// True or false.
    case logical
    /// A list of nodes.
    case nodes
}
