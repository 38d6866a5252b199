import Foundation

/// Turns checks and captures into JavaScript expressions over a k6 response `r`, or says why one cannot be.
///
/// Translated: the queries status, header, cookie (its value), url, body, jsonpath (names, indexes and `*`),
/// regex, duration and variable; the filters count, nth, first, last, regex, split, replace, toInt, toFloat,
/// toString, urlEncode and urlDecode; every comparison and text predicate, exists, isEmpty and the type
/// predicates but isDate, isFloat and isIpv6. Anything else is named in a warning and left out.
enum K6CheckTranslation {
    /// Why a line was left out.
    struct Untranslatable: Error {
        /// The part of the line k6 cannot do.
        var reason: String
    }

    /// A boolean expression for the check.
    static func check(_ check: Check) throws(Untranslatable) -> String {
        let value = try filtered(try query(check.query), check.filters)
        let test = try predicate(check.predicate.function, value: "v")
        let negated = check.predicate.isNegated ? "!(\(test))" : test
        if check.isHeaderLine {
            return "((vs) => vs !== undefined && String(vs).split(\", \").some((v) => \(test)))(\(value))"
        }
        return "((v) => \(negated))(\(value))"
    }

    /// A value expression for the capture.
    static func capture(_ capture: CaptureRule) throws(Untranslatable) -> String {
        try filtered(try query(capture.query), capture.filters)
    }

    private static func literalOnly(_ string: CheckString, _ what: String) throws(Untranslatable) -> String {
        guard let literal = string.literal else { throw Untranslatable(reason: "a {{variable}} in the \(what)") }
        return literal
    }

    private static func query(_ query: CheckQuery) throws(Untranslatable) -> String {
        switch query {
        case .status: return "r.status"
        case .url: return "r.url"
        case .body: return "r.body"
        case .duration: return "r.timings.duration"
        case .header(let name): return "header(r, \(K6Source.literal(try literalOnly(name, "header name"))))"
        case .cookie(let name, let attribute):
            guard attribute == nil || attribute == .value else { throw Untranslatable(reason: "cookie attributes") }
            return "cookie(r, \(K6Source.literal(try literalOnly(name, "cookie name"))))"
        case .variable(let name): return "value(\(K6Source.literal(try literalOnly(name, "variable name"))))"
        case .jsonpath(let expression): return try jsonPath(try literalOnly(expression, "JSONPath"), of: "jsonBody(r)")
        case .regex(let pattern): return "((m) => m ? (m[1] !== undefined ? m[1] : m[0]) : undefined)(\(try regex(pattern)).exec(r.body))"
        case .version: throw Untranslatable(reason: "the version query")
        case .redirects: throw Untranslatable(reason: "the redirects query")
        case .bytes, .rawbytes, .sha256, .md5: throw Untranslatable(reason: "byte queries (bytes, rawbytes, sha256, md5)")
        case .xpath: throw Untranslatable(reason: "XPath")
        case .ip: throw Untranslatable(reason: "the ip query")
        case .sse: throw Untranslatable(reason: "Server-Sent Event queries (sse)")
        case .certificate: throw Untranslatable(reason: "the certificate query")
        }
    }

    /// `$.a.b[0]['c'][*]` as a call of the script's `jsonPath`; filters, slices and recursion are refused.
    static func jsonPath(_ expression: String, of root: String) throws(Untranslatable) -> String {
        var steps: [String] = []
        var many = false
        var rest = Substring(expression)
        guard rest.hasPrefix("$") else { throw Untranslatable(reason: "a JSONPath that does not start with $") }
        rest = rest.dropFirst()
        while let first = rest.first {
            if rest.hasPrefix("..") { throw Untranslatable(reason: "JSONPath descendant segments (..)") }
            if first == "." {
                rest = rest.dropFirst()
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "*" }
                guard !name.isEmpty else { throw Untranslatable(reason: "the JSONPath \(expression)") }
                if name == "*" { many = true; steps.append("\"*\"") } else { steps.append(K6Source.literal(String(name))) }
                rest = rest.dropFirst(name.count)
            } else if first == "[" {
                let inner = rest.dropFirst()
                if let quote = inner.first, quote == "'" || quote == "\"" {
                    let name = inner.dropFirst().prefix { $0 != quote }
                    let after = inner.dropFirst(name.count + 2)
                    guard inner.count >= name.count + 2, after.hasPrefix("]"), !name.contains("\\") else {
                        throw Untranslatable(reason: "the JSONPath \(expression)")
                    }
                    steps.append(K6Source.literal(String(name)))
                    rest = after.dropFirst()
                    continue
                }
                guard let close = rest.firstIndex(of: "]") else { throw Untranslatable(reason: "the JSONPath \(expression)") }
                let inside = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                if inside == "*" {
                    many = true
                    steps.append("\"*\"")
                } else if let index = Int(inside) {
                    steps.append(String(index))
                } else {
                    throw Untranslatable(reason: "JSONPath filters, slices and unions ([\(inside)])")
                }
                rest = rest[rest.index(after: close)...]
            } else {
                throw Untranslatable(reason: "the JSONPath \(expression)")
            }
        }
        return "jsonPath(\(root), [\(steps.joined(separator: ", "))], \(many))"
    }

    private static func regex(_ pattern: CheckPattern) throws(Untranslatable) -> String {
        switch pattern {
        case .literal(let text): return "new RegExp(\(K6Source.literal(text)))"
        case .quoted(let string): return "new RegExp(\(K6Source.checkString(string)))"
        }
    }

    private static func filtered(_ value: String, _ filters: [CheckFilter]) throws(Untranslatable) -> String {
        var expression = value
        for filter in filters {
            switch filter {
            case .count: expression = "length(\(expression))"
            case .nth(let index):
                let position: String
                switch index {
                case .literal(let value): position = String(value)
                case .variable(let name): position = "Number(value(\(K6Source.literal(name))))"
                }
                expression = "((a, i) => a[i < 0 ? a.length + i : i])(\(expression), \(position))"
            case .first: expression = "(\(expression))[0]"
            case .last: expression = "((a) => a[a.length - 1])(\(expression))"
            case .regex(let pattern):
                expression = "((m) => m ? (m[1] !== undefined ? m[1] : m[0]) : undefined)(\(try regex(pattern)).exec(String(\(expression))))"
            case .split(let separator): expression = "String(\(expression)).split(\(K6Source.checkString(separator)))"
            case .replace(let old, let new):
                expression = "String(\(expression)).split(\(K6Source.checkString(old))).join(\(K6Source.checkString(new)))"
            case .toInt: expression = "((t) => /^-?[0-9]+$/.test(String(t).trim()) ? parseInt(t, 10) : undefined)(\(expression))"
            case .toFloat: expression = "((t) => { const n = Number(t); return Number.isFinite(n) ? n : undefined; })(\(expression))"
            case .toString: expression = "String(\(expression))"
            case .urlEncode: expression = "encodeURIComponent(\(expression))"
            case .urlDecode: expression = "decodeURIComponent(\(expression))"
            case .jsonpath(let path): expression = try jsonPath(try literalOnly(path, "JSONPath"), of: "JSON.parse(\(expression))")
            default: throw Untranslatable(reason: "the filter \(filter.written)")
            }
        }
        return expression
    }

    private static func expected(_ value: PredicateValue) throws(Untranslatable) -> String {
        switch value {
        case .string(let string): return K6Source.checkString(string)
        case .integer(let number): return String(number)
        case .bigInteger: throw Untranslatable(reason: "integers beyond 64 bits")
        case .float(_, let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .regex(let pattern): return "new RegExp(\(K6Source.literal(pattern)))"
        case .placeholder(let name): return "typed(value(\(K6Source.literal(name))))"
        case .bytes: throw Untranslatable(reason: "byte values")
        case .file: throw Untranslatable(reason: "file values")
        }
    }

    private static func predicate(_ function: PredicateFunction, value v: String) throws(Untranslatable) -> String {
        switch function {
        case .equal(let value): return "same(\(v), \(try expected(value)))"
        case .notEqual(let value): return "!same(\(v), \(try expected(value)))"
        case .greater(let value): return "\(v) > \(try expected(value))"
        case .greaterOrEqual(let value): return "\(v) >= \(try expected(value))"
        case .less(let value): return "\(v) < \(try expected(value))"
        case .lessOrEqual(let value): return "\(v) <= \(try expected(value))"
        case .startsWith(let value): return "String(\(v)).startsWith(\(try expected(value)))"
        case .endsWith(let value): return "String(\(v)).endsWith(\(try expected(value)))"
        case .contains(let value): return "String(\(v)).includes(\(try expected(value)))"
        case .includes(let value): return "Array.isArray(\(v)) && \(v).some((item) => same(item, \(try expected(value))))"
        case .matches(let value):
            if case .regex = value { return "\(try expected(value)).test(String(\(v)))" }
            return "new RegExp(\(try expected(value))).test(String(\(v)))"
        case .exists: return "\(v) !== undefined"
        case .isEmpty: return "length(\(v)) === 0"
        case .isString: return "typeof \(v) === \"string\""
        case .isInteger: return "Number.isInteger(\(v))"
        case .isNumber: return "typeof \(v) === \"number\""
        case .isBoolean: return "typeof \(v) === \"boolean\""
        case .isList: return "Array.isArray(\(v))"
        case .isObject: return "\(v) !== null && typeof \(v) === \"object\" && !Array.isArray(\(v))"
        case .isCollection: return "\(v) !== null && typeof \(v) === \"object\""
        case .isUuid: return "/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.test(String(\(v)))"
        case .isIsoDate: return "/^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})$/.test(String(\(v)))"
        case .isIpv4: return "/^(\\d{1,3}\\.){3}\\d{1,3}$/.test(String(\(v)))"
        case .isFloat: throw Untranslatable(reason: "isFloat (JavaScript numbers do not keep 1.0 apart from 1)")
        case .isDate: throw Untranslatable(reason: "isDate")
        case .isIpv6: throw Untranslatable(reason: "isIpv6")
        }
    }
}
