/// Parses JSONPath query text (RFC 9535) into a `JSONPathQuery`, checking the function extensions'
/// types as it goes, so a query that parses is well-typed.
///
/// Recursive descent, with the depth of parentheses, filters and function calls bounded by
/// `maximumNesting`, so a hostile query cannot exhaust the stack.
struct JSONPathParser {
    /// How deeply parentheses, filters and function calls may nest.
    static let maximumNesting = 64

    private var reader: JSONPathReader
    private var nesting = 0

    /// Parses a whole query, which starts with `$` and has no blanks around it.
    static func parse(_ text: String) throws(JSONPathError) -> JSONPathQuery {
        var parser = JSONPathParser(reader: JSONPathReader(text))
        guard parser.reader.take("$") else { throw parser.reader.error("a query starts with '$'") }
        let segments = try parser.segments()
        guard parser.reader.isAtEnd else {
            throw parser.reader.error("expected a segment ('.name', '..name' or '[…]') or the end of the query")
        }
        return JSONPathQuery(isRelative: false, segments: segments)
    }

    // MARK: Segments and selectors

    /// Reads segments for as long as one follows (blanks allowed before each).
    private mutating func segments() throws(JSONPathError) -> [JSONPathSegment] {
        var segments: [JSONPathSegment] = []
        while true {
            let start = reader.position
            reader.skipBlanks()
            if reader.take("..") {
                segments.append(JSONPathSegment(isDescendant: true, selectors: try descendantSelectors()))
            } else if reader.take(".") {
                if reader.take("*") {
                    segments.append(JSONPathSegment(isDescendant: false, selectors: [.wildcard]))
                } else {
                    segments.append(JSONPathSegment(isDescendant: false, selectors: [.name(try reader.memberName())]))
                }
            } else if reader.peek() == "[" {
                segments.append(JSONPathSegment(isDescendant: false, selectors: try bracketedSelection()))
            } else {
                reader.position = start
                return segments
            }
        }
    }

    /// What follows `..`: a bracketed selection, `*` or a member name.
    private mutating func descendantSelectors() throws(JSONPathError) -> [JSONPathSelector] {
        if reader.peek() == "[" { return try bracketedSelection() }
        if reader.take("*") { return [.wildcard] }
        return [.name(try reader.memberName())]
    }

    /// `[` selectors separated by commas `]`.
    private mutating func bracketedSelection() throws(JSONPathError) -> [JSONPathSelector] {
        try reader.expect("[", "'['")
        var selectors: [JSONPathSelector] = []
        while true {
            reader.skipBlanks()
            selectors.append(try selector())
            reader.skipBlanks()
            if reader.take("]") { return selectors }
            guard reader.take(",") else { throw reader.error("expected ',' or ']' after a selector") }
        }
    }

    /// One selector inside brackets.
    private mutating func selector() throws(JSONPathError) -> JSONPathSelector {
        guard let scalar = reader.peek() else { throw reader.error("expected a selector") }
        switch scalar {
        case "'", "\"": return .name(try reader.stringLiteral())
        case "*":
            reader.position += 1
            return .wildcard
        case "?":
            reader.position += 1
            try enterNesting()
            defer { nesting -= 1 }
            reader.skipBlanks()
            return .filter(try logical(try orExpression()))
        case ":", "-", "0"..."9":
            return try indexOrSlice()
        default:
            throw reader.error("expected a selector: a name in quotes, '*', an index, a slice or a '?' filter")
        }
    }

    /// An index (`3`, `-1`) or a slice (`1:5:2`, `::-1`).
    private mutating func indexOrSlice() throws(JSONPathError) -> JSONPathSelector {
        var start: Int64?
        if reader.peek() != ":" {
            start = try reader.integer()
            let afterNumber = reader.position
            reader.skipBlanks()
            guard reader.peek() == ":" else {
                reader.position = afterNumber
                guard let index = start else { throw reader.error("expected an index") }
                return .index(index)
            }
        }
        reader.position += 1
        reader.skipBlanks()
        var end: Int64?
        if let next = reader.peek(), next == "-" || JSONPathReader.isDigit(next) {
            end = try reader.integer()
            reader.skipBlanks()
        }
        var step: Int64?
        if reader.take(":") {
            reader.skipBlanks()
            if let next = reader.peek(), next == "-" || JSONPathReader.isDigit(next) {
                step = try reader.integer()
            }
        }
        return .slice(start: start, end: end, step: step)
    }

    // MARK: Filter expressions

    /// A parsed operand or expression, before its use decides what it must be.
    private enum Operand {
        case literal(OrderedJSON)
        case query(JSONPathQuery)
        case function(JSONPathFunctionCall)
        case logical(JSONPathLogical)
    }

    /// An operand and the position where it starts, for errors.
    private struct Parsed {
        var operand: Operand
        var start: Int
    }

    /// `a || b || …`.
    private mutating func orExpression() throws(JSONPathError) -> Parsed {
        let first = try andExpression()
        var parts: [JSONPathLogical] = []
        while lookingAtOperator("||") {
            reader.skipBlanks()
            reader.position += 2
            reader.skipBlanks()
            parts.append(try logical(try andExpression()))
        }
        if parts.isEmpty { return first }
        return Parsed(operand: .logical(.or([try logical(first)] + parts)), start: first.start)
    }

    /// `a && b && …`.
    private mutating func andExpression() throws(JSONPathError) -> Parsed {
        let first = try basicExpression()
        var parts: [JSONPathLogical] = []
        while lookingAtOperator("&&") {
            reader.skipBlanks()
            reader.position += 2
            reader.skipBlanks()
            parts.append(try logical(try basicExpression()))
        }
        if parts.isEmpty { return first }
        return Parsed(operand: .logical(.and([try logical(first)] + parts)), start: first.start)
    }

    /// Whether blanks and then `symbol` come next (nothing is read).
    private func lookingAtOperator(_ symbol: String) -> Bool {
        var probe = reader
        probe.skipBlanks()
        return probe.lookingAt(symbol)
    }

    /// A negation, a parenthesized expression, a comparison, or a single operand.
    private mutating func basicExpression() throws(JSONPathError) -> Parsed {
        let start = reader.position
        if reader.take("!") {
            reader.skipBlanks()
            if reader.peek() == "(" {
                return Parsed(operand: .logical(.not(try parenthesized())), start: start)
            }
            let operand = try primary()
            if case .literal = operand.operand { throw reader.plainError("'!' applies to a query, a function or '(…)', not to a literal", at: operand.start) }
            return Parsed(operand: .logical(.not(try logical(operand))), start: start)
        }
        if reader.peek() == "(" {
            return Parsed(operand: .logical(try parenthesized()), start: start)
        }
        let left = try primary()
        let afterLeft = reader.position
        reader.skipBlanks()
        guard let comparison = comparisonOperator() else {
            reader.position = afterLeft
            return left
        }
        reader.skipBlanks()
        let right = try primary()
        let expression = JSONPathLogical.comparison(try comparable(left), comparison, try comparable(right))
        return Parsed(operand: .logical(expression), start: start)
    }

    /// Reads a comparison operator if one comes next.
    private mutating func comparisonOperator() -> JSONPathComparisonOperator? {
        for comparison in [JSONPathComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
        where reader.take(comparison.rawValue) {
            return comparison
        }
        return nil
    }

    /// `( expression )`.
    private mutating func parenthesized() throws(JSONPathError) -> JSONPathLogical {
        try enterNesting()
        defer { nesting -= 1 }
        try reader.expect("(", "'('")
        reader.skipBlanks()
        let inner = try logical(try orExpression())
        reader.skipBlanks()
        guard reader.take(")") else { throw reader.error("expected ')' to close the '('") }
        return inner
    }

    /// A literal, a query (`@…`, `$…`) or a function call.
    private mutating func primary() throws(JSONPathError) -> Parsed {
        let start = reader.position
        guard let scalar = reader.peek() else { throw reader.error("expected a query, a literal or a function") }
        switch scalar {
        case "@", "$":
            reader.position += 1
            let query = JSONPathQuery(isRelative: scalar == "@", segments: try segments())
            return Parsed(operand: .query(query), start: start)
        case "'", "\"":
            return Parsed(operand: .literal(.string(try reader.stringLiteral())), start: start)
        case "-", "0"..."9":
            return Parsed(operand: .literal(.number(try reader.number())), start: start)
        default:
            guard let name = reader.functionName() else {
                throw reader.error("expected a query ('@…' or '$…'), a literal, a function or '('")
            }
            if reader.peek() == "(" {
                return Parsed(operand: .function(try functionCall(named: name, at: start)), start: start)
            }
            switch name {
            case "true": return Parsed(operand: .literal(.bool(true)), start: start)
            case "false": return Parsed(operand: .literal(.bool(false)), start: start)
            case "null": return Parsed(operand: .literal(.null), start: start)
            default:
                throw reader.plainError("'\(name)' is neither a function call nor true, false or null", at: start)
            }
        }
    }

    /// A function's arguments after its name, checked against its parameters.
    private mutating func functionCall(named name: String, at start: Int) throws(JSONPathError) -> JSONPathFunctionCall {
        guard let function = JSONPathFunction(rawValue: name) else {
            let known = JSONPathFunction.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.plainError("unknown function '\(name)'; the functions are \(known)", at: start)
        }
        try enterNesting()
        defer { nesting -= 1 }
        try reader.expect("(", "'('")
        reader.skipBlanks()
        var parsed: [Parsed] = []
        if !reader.take(")") {
            while true {
                parsed.append(try orExpression())
                reader.skipBlanks()
                if reader.take(")") { break }
                guard reader.take(",") else { throw reader.error("expected ',' or ')' in the arguments of \(name)()") }
                reader.skipBlanks()
            }
        }
        let parameters = function.parameters
        guard parsed.count == parameters.count else {
            throw reader.plainError("\(name)() takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s"), not \(parsed.count)", at: start)
        }
        var arguments: [JSONPathArgument] = []
        for (argument, type) in zip(parsed, parameters) {
            arguments.append(try self.argument(argument, as: type, of: name))
        }
        return JSONPathFunctionCall(function: function, arguments: arguments)
    }

    /// Counts one more level of nesting, failing beyond the limit.
    private mutating func enterNesting() throws(JSONPathError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw reader.plainError(
                "the query nests filters, parentheses and function calls more than \(Self.maximumNesting) levels deep", at: reader.position)
        }
    }

    // MARK: Types

    /// An operand used as a test or logical operand: a logical expression, a query (existence) or a logical function.
    private func logical(_ parsed: Parsed) throws(JSONPathError) -> JSONPathLogical {
        switch parsed.operand {
        case .logical(let expression): return expression
        case .query(let query): return .exists(query)
        case .function(let call):
            guard call.function.result != .value else {
                throw reader.plainError("\(call.function.rawValue)() gives a value, not true or false; compare it, e.g. with ==", at: parsed.start)
            }
            return .function(call)
        case .literal:
            throw reader.plainError("a literal cannot stand alone as a test; compare it with a query, e.g. @.a == 1", at: parsed.start)
        }
    }

    /// An operand used as a side of a comparison: a literal, a singular query, or a function giving a value.
    private func comparable(_ parsed: Parsed) throws(JSONPathError) -> JSONPathComparable {
        switch parsed.operand {
        case .literal(let value): return .literal(value)
        case .query(let query):
            guard query.isSingular else {
                throw reader.plainError("only a singular query (names and indexes; no wildcards, slices, filters or '..') can be compared or passed as a value", at: parsed.start)
            }
            return .query(query)
        case .function(let call):
            guard call.function.result == .value else {
                throw reader.plainError("\(call.function.rawValue)() gives true or false, which cannot be compared; use it alone as a test", at: parsed.start)
            }
            return .function(call)
        case .logical:
            throw reader.plainError("a logical expression cannot be compared; compare values", at: parsed.start)
        }
    }

    /// An operand as the argument of a parameter of the given type.
    private func argument(_ parsed: Parsed, as type: JSONPathType, of name: String) throws(JSONPathError) -> JSONPathArgument {
        switch type {
        case .value:
            if case .logical = parsed.operand {
                throw reader.plainError("\(name)() takes a value here, not a logical expression", at: parsed.start)
            }
            return .value(try comparable(parsed))
        case .nodes:
            guard case .query(let query) = parsed.operand else {
                throw reader.plainError("\(name)() takes a query here, such as @.items[*]", at: parsed.start)
            }
            return .nodes(query)
        case .logical:
            return .logical(try logical(parsed))
        }
    }
}
