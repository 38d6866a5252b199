/// The function extensions RFC 9535 defines, with their parameter and result types, and what they compute.
enum JSONPathFunction: String, Sendable, CaseIterable {
    /// `length(value)`: characters of a string, elements of an array, members of an object; else nothing.
    case length
    /// `count(nodes)`: how many nodes.
    case count
    /// `match(string, iregexp)`: whether the whole string matches.
    case match
    /// `search(string, iregexp)`: whether some part of the string matches.
    case search
    /// `value(nodes)`: the value of the only node, or nothing.
    case value

    /// The declared types of the parameters.
    var parameters: [JSONPathType] {
        switch self {
        case .length: return [.value]
        case .count, .value: return [.nodes]
        case .match, .search: return [.value, .value]
        }
    }

    /// The declared type of the result.
    var result: JSONPathType {
        switch self {
        case .length, .count, .value: return .value
        case .match, .search: return .logical
        }
    }
}

/// What a function call produced.
enum JSONPathFunctionResult {
    /// A value, or nothing (nil).
    case value(OrderedJSON?)
    /// A logical value.
    case logical(Bool)
}

/// An argument of a function after evaluation.
enum JSONPathArgumentValue {
    /// A value or nothing.
    case value(OrderedJSON?)
    /// A node list's values.
    case nodes([OrderedJSON])
    /// A logical value.
    case logical(Bool)
}

extension JSONPathFunction {
    /// Applies the function to evaluated arguments (already checked against `parameters` when the query was parsed).
    func apply(_ arguments: [JSONPathArgumentValue], regexes: inout JSONPathRegexCache) -> JSONPathFunctionResult {
        switch self {
        case .length:
            guard case .value(let value)? = arguments.first else { return .value(nil) }
            switch value {
            case .string(let text)?: return .value(.number(String(text.unicodeScalars.count)))
            case .array(let elements)?: return .value(.number(String(elements.count)))
            case .object(let members)?: return .value(.number(String(members.count)))
            default: return .value(nil)
            }
        case .count:
            guard case .nodes(let nodes)? = arguments.first else { return .value(nil) }
            return .value(.number(String(nodes.count)))
        case .value:
            guard case .nodes(let nodes)? = arguments.first, nodes.count == 1 else { return .value(nil) }
            return .value(nodes[0])
        case .match, .search:
            guard arguments.count == 2, case .value(.string(let text)?) = arguments[0],
                  case .value(.string(let pattern)?) = arguments[1] else { return .logical(false) }
            return .logical(regexes.matches(text, pattern: pattern, wholeString: self == .match))
        }
    }
}
