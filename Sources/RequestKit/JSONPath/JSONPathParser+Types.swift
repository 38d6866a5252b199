/// The function extensions' type rules (RFC 9535 §2.4.3): what an operand may be where it is used.
extension JSONPathParser {
    /// An operand used as a test or logical operand: a logical expression, a query (existence) or a logical function.
    func logical(_ parsed: Parsed) throws(JSONPathError) -> JSONPathLogical {
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
    func comparable(_ parsed: Parsed) throws(JSONPathError) -> JSONPathComparable {
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
    func argument(_ parsed: Parsed, as type: JSONPathType, of name: String) throws(JSONPathError) -> JSONPathArgument {
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
