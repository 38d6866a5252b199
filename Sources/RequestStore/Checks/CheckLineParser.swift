import RequestKit

/// Parses the query, filters and predicate of a check line, and the parts of a capture line.
///
/// The grammar is flat (a query, a list of filters, a predicate), so the parser loops and never recurses.
struct CheckLineParser {
    /// The cursor over the line.
    var cursor: CheckLineCursor

    /// A parser at the start of a line that is already trimmed.
    init(_ line: String) throws(CheckSyntaxError) {
        cursor = CheckLineCursor(line)
        guard cursor.bytes.count <= CheckLineCursor.maximumLength else {
            throw CheckSyntaxError(message: "the line is longer than \(CheckLineCursor.maximumLength) bytes; shorten it", column: cursor.column(at: CheckLineCursor.maximumLength + 1))
        }
    }

    /// The names a query starts with, for messages.
    static let queryNames = "status, version, url, redirects, ip, header, cookie, body, bytes, rawbytes, sha256, md5, jsonpath, xpath, regex, duration, certificate, variable or sse"

    /// Reads a query.
    mutating func query() throws(CheckSyntaxError) -> CheckQuery {
        let (name, column) = cursor.word()
        let query: CheckQuery
        switch name {
        case "status": query = .status
        case "version": query = .version
        case "url": query = .url
        case "redirects": query = .redirects
        case "body": query = .body
        case "bytes": query = .bytes
        case "rawbytes": query = .rawbytes
        case "sha256": query = .sha256
        case "md5": query = .md5
        case "duration": query = .duration
        case "ip": query = .ip
        case "header":
            try cursor.requireSeparator(after: "header")
            query = .header(try argument(of: "header", example: "header \"Content-Type\" contains \"json\"").string)
        case "cookie":
            try cursor.requireSeparator(after: "cookie")
            query = try cookie()
        case "jsonpath":
            try cursor.requireSeparator(after: "jsonpath")
            query = .jsonpath(try jsonPathArgument(of: "jsonpath"))
        case "xpath":
            try cursor.requireSeparator(after: "xpath")
            query = .xpath(try argument(of: "xpath", example: "xpath \"string(//title)\" == \"Home\"").string)
        case "regex":
            try cursor.requireSeparator(after: "regex")
            query = .regex(try pattern(of: "regex"))
        case "variable":
            try cursor.requireSeparator(after: "variable")
            query = .variable(try argument(of: "variable", example: "variable \"token\" exists").string)
        case "sse":
            try cursor.requireSeparator(after: "sse")
            query = .sse(try serverSentEventQuery())
        case "certificate":
            try cursor.requireSeparator(after: "certificate")
            query = try certificate()
        case "":
            throw CheckSyntaxError(message: "a query is missing; start with \(CheckLineParser.queryNames)", column: column)
        default:
            if let known = CheckLineParser.queryNamesList.first(where: { name.hasPrefix($0) && name.dropFirst($0.count).first.map { !$0.isLetter } == true }) {
                throw CheckSyntaxError(message: "put a space after \(known)", column: column + known.count)
            }
            throw CheckSyntaxError(message: "unknown query \"\(name)\"; a check starts with \(CheckLineParser.queryNames)", column: column)
        }
        try cursor.requireSeparator(after: "the query")
        return query
    }

    /// Query names, for telling `status==200` from a misspelling.
    private static let queryNamesList = ["status", "version", "url", "redirects", "body", "rawbytes", "bytes", "sha256", "md5", "duration"]

    /// Reads filters until a predicate, `redact` or the end of the line.
    mutating func filters(stopAtRedact: Bool) throws(CheckSyntaxError) -> [CheckFilter] {
        var filters: [CheckFilter] = []
        while !cursor.isAtEnd {
            let name = cursor.peekWord()
            if PredicateNames.starts(name) || (stopAtRedact && name == "redact") { break }
            filters.append(try filter())
            try cursor.requireSeparator(after: "the filter")
        }
        return filters
    }

    /// Reads one filter.
    private mutating func filter() throws(CheckSyntaxError) -> CheckFilter {
        let (name, column) = cursor.word()
        switch name {
        case "count": return .count
        case "first": return .first
        case "last": return .last
        case "toInt": return .toInt
        case "toFloat": return .toFloat
        case "toString": return .toString
        case "toHex": return .toHex
        case "urlDecode": return .urlDecode
        case "urlEncode": return .urlEncode
        case "base64Decode": return .base64Decode
        case "base64Encode": return .base64Encode
        case "base64UrlSafeDecode": return .base64UrlSafeDecode
        case "base64UrlSafeEncode": return .base64UrlSafeEncode
        case "utf8Decode": return .utf8Decode
        case "utf8Encode": return .utf8Encode
        case "htmlEscape": return .htmlEscape
        case "htmlUnescape": return .htmlUnescape
        case "daysAfterNow": return .daysAfterNow
        case "daysBeforeNow": return .daysBeforeNow
        case "location": return .location
        case "nth":
            try cursor.requireSeparator(after: "nth")
            return .nth(try index())
        case "regex":
            try cursor.requireSeparator(after: "regex")
            return .regex(try pattern(of: "the regex filter"))
        case "replace", "replaceRegex":
            try cursor.requireSeparator(after: name)
            let old = try pattern(of: name)
            try requireSpaceBeforeArgument(of: name)
            let new = try argument(of: name, example: "\(name) \"old\" \"new\"").string
            if name == "replace", case .quoted(let text) = old { return .replace(text, new) }
            return .replaceRegex(old, new)
        case "split":
            try cursor.requireSeparator(after: "split")
            return .split(try argument(of: "split", example: "split \",\" count == 3").string)
        case "jsonpath":
            try cursor.requireSeparator(after: "jsonpath")
            return .jsonpath(try jsonPathArgument(of: "the jsonpath filter"))
        case "xpath":
            try cursor.requireSeparator(after: "xpath")
            return .xpath(try argument(of: "the xpath filter", example: "xpath \"string(//title)\"").string)
        case "toDate":
            try cursor.requireSeparator(after: "toDate")
            return .toDate(try argument(of: "toDate", example: "toDate \"%Y-%m-%d\"").string)
        case "dateFormat", "format":
            try cursor.requireSeparator(after: name)
            return .dateFormat(try argument(of: name, example: "dateFormat \"%A\" == \"Monday\"").string)
        case "urlQueryParam":
            try cursor.requireSeparator(after: name)
            return .urlQueryParam(try argument(of: name, example: "urlQueryParam \"page\" == \"2\"").string)
        case "decode", "charsetDecode":
            try cursor.requireSeparator(after: name)
            return .decode(try argument(of: name, example: "bytes decode \"gb2312\" contains \"你好\"").string)
        default:
            if !name.isEmpty, name.allSatisfy({ "=<>!~".contains($0) }) {
                throw CheckSyntaxError(message: "unknown predicate \"\(name)\"; compare with ==, !=, >, >=, < or <=", column: column)
            }
            throw CheckSyntaxError(message: "\"\(name)\" is neither a filter nor a predicate; after the query come filters (count, nth, split, regex, toInt, …) and then a predicate (==, exists, contains, …)", column: column)
        }
    }

    /// Reads a predicate, with `not` before it when negated, and requires the end of the line after it.
    mutating func predicate() throws(CheckSyntaxError) -> CheckPredicate {
        guard !cursor.isAtEnd else {
            throw CheckSyntaxError(message: "a predicate is missing; end the check with one such as == 200, exists or contains \"text\"", column: cursor.column)
        }
        var negated = false
        if cursor.peekWord() == "not" {
            _ = cursor.word()
            negated = true
            guard cursor.skipSpaces(), !cursor.isAtEnd else {
                throw CheckSyntaxError(message: "write a predicate after not, as in not exists", column: cursor.column)
            }
        }
        let (name, column) = cursor.word()
        guard let kind = PredicateNames.kind(of: name) else {
            throw CheckSyntaxError(message: "unknown predicate \"\(name)\"; use ==, !=, >, >=, <, <=, startsWith, endsWith, contains, matches, exists, isEmpty, isString, isInteger, isFloat, isNumber, isBoolean, isList, isObject, isIsoDate or isUuid", column: column)
        }
        let function: PredicateFunction
        switch kind {
        case .plain(let plain):
            function = plain
        case .valued(let make):
            guard cursor.skipSpaces(), !cursor.isAtEnd else {
                throw CheckSyntaxError(message: "\(name) needs a value after a space, as in \(name) \(name == "matches" ? "/^[a-z]+$/" : "\"text\"")", column: cursor.column)
            }
            let valueColumn = cursor.column
            let value = try predicateValue()
            if case .regex = value, name != "matches" {
                throw CheckSyntaxError(message: "a /regex/ value goes with matches only; write matches /…/ or compare with a \"string\"", column: valueColumn)
            }
            function = make(value)
        }
        cursor.skipSpaces()
        guard cursor.isAtEnd else {
            throw CheckSyntaxError(message: "unexpected text after the predicate; a check ends with its predicate (put each check on its own line)", column: cursor.column)
        }
        return CheckPredicate(isNegated: negated, function: function)
    }

    /// Reads a predicate value: a string, number, boolean, null, regex, bytes or `{{variable}}`.
    mutating func predicateValue() throws(CheckSyntaxError) -> PredicateValue {
        let column = cursor.column
        if cursor.nextIs("\"") { return .string(try cursor.quotedString().string) }
        if cursor.nextIs("/") { return .regex(try cursor.regexLiteral()) }
        if cursor.nextIs("{"), cursor.secondIs("{") { return .placeholder(try cursor.templateName()) }
        let (word, _) = cursor.word()
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "null": return .null
        default: break
        }
        for prefix in ["base64,", "b64,", "hex,"] where word.hasPrefix(prefix) {
            return try PredicateValueReader.bytes(word, prefix: prefix, column: column)
        }
        if word.hasPrefix("file,") {
            guard word.count > 6, word.hasSuffix(";") else {
                throw CheckSyntaxError(message: "write a file value as file,PATH; with a path and a semicolon", column: column)
            }
            return .file(String(word.dropFirst(5).dropLast()))
        }
        if let number = try PredicateValueReader.number(word, column: column) { return number }
        throw CheckSyntaxError(message: "\"\(word)\" is not a value; write a \"quoted string\", a number, true, false, null, /regex/, base64,…; hex,…; file,…; or {{variable}}", column: column)
    }

    /// Reads a capture's variable name and its colon.
    mutating func captureName() throws(CheckSyntaxError) -> String {
        let start = cursor.column
        if cursor.nextIs("{"), cursor.secondIs("{") {
            let name = try cursor.templateName()
            cursor.skipSpaces()
            guard cursor.nextIs(":") else {
                throw CheckSyntaxError(message: "a capture needs a variable name and a colon, as in {{name}}: jsonpath \"$.token\"", column: cursor.column)
            }
            cursor.index += 1
            cursor.skipSpaces()
            return "{{" + name + "}}"
        }
        let nameStart = cursor.index
        while let byte = cursor.next, byte != UInt8(ascii: ":") { cursor.index += 1 }
        let name = String(decoding: cursor.bytes[nameStart..<cursor.index], as: UTF8.self)
        guard cursor.nextIs(":") else {
            throw CheckSyntaxError(message: "a capture needs a variable name and a colon, as in token: jsonpath \"$.token\"", column: start)
        }
        let trimmed = LineTrimming.trimmed(name).text
        guard VariableNameRule.isValid(trimmed) else {
            throw CheckSyntaxError(message: "\"\(trimmed)\" is not a variable name; use letters, digits, _ and - before the colon, as in user_id: jsonpath \"$.id\"", column: start)
        }
        cursor.index += 1
        cursor.skipSpaces()
        return trimmed
    }

    /// Reads the optional `redact` at the end of a capture line.
    mutating func redact() throws(CheckSyntaxError) -> Bool {
        var secret = false
        if cursor.peekWord() == "redact" {
            _ = cursor.word()
            secret = true
            cursor.skipSpaces()
        }
        guard cursor.isAtEnd else {
            let word = cursor.peekWord()
            if PredicateNames.starts(word) {
                throw CheckSyntaxError(message: "a capture has no predicate; move \"\(word) …\" to a check", column: cursor.column)
            }
            throw CheckSyntaxError(message: "unexpected text; a capture ends with its query and filters, then redact if the value is secret", column: cursor.column)
        }
        return secret
    }

    /// Reads a quoted-string argument.
    private mutating func argument(of what: String, example: String) throws(CheckSyntaxError) -> (string: CheckString, columns: [Int], column: Int) {
        guard cursor.nextIs("\"") else {
            throw CheckSyntaxError(message: "\(what) takes a double-quoted string, as in \(example)", column: cursor.column)
        }
        return try cursor.quotedString()
    }

    /// Requires spaces between two arguments.
    private mutating func requireSpaceBeforeArgument(of what: String) throws(CheckSyntaxError) {
        guard cursor.skipSpaces(), !cursor.isAtEnd else {
            throw CheckSyntaxError(message: "\(what) takes two values, as in \(what) \"old\" \"new\"", column: cursor.column)
        }
    }

    /// Reads a JSONPath argument and checks its syntax when it holds no variables.
    private mutating func jsonPathArgument(of what: String) throws(CheckSyntaxError) -> CheckString {
        let start = cursor
        let (string, _, column) = try argument(of: what, example: "jsonpath \"$.items[0].id\" == 7")
        if let literal = string.literal {
            do {
                _ = try JSONPath.parse(literal)
            } catch {
                var rescan = start
                let columns = (try? rescan.quotedString(trackColumns: true).columns) ?? []
                let index = error.column - 1
                let at = columns.indices.contains(index) ? columns[index] : (columns.last.map { $0 + 1 } ?? column + 1)
                throw CheckSyntaxError(message: "the JSONPath does not parse: \(error.message)", column: at)
            }
        }
        return string
    }

    /// Reads a regex as a quoted string or a `/…/` literal.
    private mutating func pattern(of what: String) throws(CheckSyntaxError) -> CheckPattern {
        if cursor.nextIs("\"") { return .quoted(try cursor.quotedString().string) }
        if cursor.nextIs("/") { return .literal(try cursor.regexLiteral()) }
        do {
            throw CheckSyntaxError(message: "\(what) takes a pattern as a \"quoted string\" or a /regex/, as in regex /id=(\\d+)/", column: cursor.column)
        }
    }

    /// Reads `nth`'s index: a signed integer of reasonable size, or a `{{variable}}` holding one.
    private mutating func index() throws(CheckSyntaxError) -> CheckIndex {
        if cursor.nextIs("{"), cursor.secondIs("{") { return .variable(try cursor.templateName()) }
        let (word, column) = cursor.word()
        guard let value = Int(word), abs(value) <= CheckIndex.maximum else {
            throw CheckSyntaxError(message: "nth takes a whole number (negative counts from the end) or a {{variable}}, as in nth 0", column: column)
        }
        return .literal(value)
    }

    /// Reads what follows `sse `: `count`, `events`, or `event N` and an optional `data`, `type` or `id`.
    private mutating func serverSentEventQuery() throws(CheckSyntaxError) -> ServerSentEventQuery {
        let (word, column) = cursor.word()
        switch word {
        case "count": return .count
        case "events": return .events
        case "event":
            try cursor.requireSeparator(after: "event")
            let (number, numberColumn) = cursor.word()
            guard let index = Int(number), abs(index) <= 1_000_000_000 else {
                throw CheckSyntaxError(message: "sse event takes a whole number (0 for the first event, negative counts from the end), as in sse event 0", column: numberColumn)
            }
            var after = cursor
            after.skipSpaces()
            if let field = ServerSentEventField(rawValue: after.peekWord()) {
                cursor = after
                _ = cursor.word()
                return .event(index, field)
            }
            return .event(index, .data)
        default:
            throw CheckSyntaxError(message: "sse is followed by count, events or event N (then data, type or id), as in sse event 0 jsonpath \"$.id\" == 1", column: column)
        }
    }

    /// Reads `certificate "FIELD"`: one of Hurl's field names, written as a plain string.
    private mutating func certificate() throws(CheckSyntaxError) -> CheckQuery {
        let names = CertificateField.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let (string, _, column) = try argument(of: "certificate", example: "certificate \"Expire-Date\" daysAfterNow > 15")
        guard let literal = string.literal, let field = CertificateField(rawValue: literal) else {
            throw CheckSyntaxError(message: "certificate takes one of \(names)", column: column)
        }
        return .certificate(field)
    }

    /// Reads `cookie "NAME"` or `cookie "NAME[Attribute]"`.
    private mutating func cookie() throws(CheckSyntaxError) -> CheckQuery {
        let start = cursor
        let (string, _, _) = try argument(of: "cookie", example: "cookie \"session[Max-Age]\" > 0")
        guard case .text(let last)? = string.parts.last, last.hasSuffix("]"), let open = last.lastIndex(of: "[") else {
            return .cookie(string, nil)
        }
        let attributeName = String(last[last.index(after: open)..<last.index(before: last.endIndex)])
        let openOffset = string.parts.dropLast().reduce(0) { total, part in
            if case .text(let text) = part { return total + text.count }
            return total + 1
        } + last.distance(from: last.startIndex, to: open)
        guard let attribute = CookieAttribute(named: attributeName) else {
            var rescan = start
            let columns = (try? rescan.quotedString(trackColumns: true).columns) ?? []
            let names = CookieAttribute.allCases.map(\.rawValue).joined(separator: ", ")
            throw CheckSyntaxError(message: "unknown cookie attribute \"\(attributeName)\"; use one of \(names)", column: columns.indices.contains(openOffset) ? columns[openOffset] + 1 : cursor.column)
        }
        var parts = Array(string.parts.dropLast())
        let name = String(last[..<open])
        if !name.isEmpty { parts.append(.text(name)) }
        return .cookie(CheckString(parts: parts), attribute)
    }
}
