/// Filter expressions: logical operators, comparisons, literals, queries and function calls.
extension JSONPathParser {
    /// A parsed operand or expression, before its use decides what it must be.
    enum Operand {
        /// A number, string, `true`, `false` or `null`.
        case literal(OrderedJSON)
        /// A query from `@` or `$`.
        case query(JSONPathQuery)
        /// A function call.
        case function(JSONPathFunctionCall)
        /// A comparison, negation, parenthesized or combined expression.
        case logical(JSONPathLogical)
    }

    /// An operand and the position where it starts, for errors.
    struct Parsed {
        /// What was read.
        var operand: Operand
        /// The index of its first character.
        var start: Int
    }

    /// `a || b || …`.
    mutating func orExpression() throws(JSONPathError) -> Parsed {
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
}
