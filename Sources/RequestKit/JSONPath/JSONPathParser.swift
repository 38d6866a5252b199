/// Parses JSONPath query text (RFC 9535) into a `JSONPathQuery`, checking the function extensions'
/// types as it goes, so a query that parses is well-typed.
///
/// Recursive descent, with the depth of parentheses, filters and function calls bounded by
/// `maximumNesting`, so a hostile query cannot exhaust the stack.
struct JSONPathParser {
    /// How deeply parentheses, filters and function calls may nest.
    static let maximumNesting = 64

    /// The query being read.
    var reader: JSONPathReader
    /// How many filters, parentheses and function calls enclose the position.
    var nesting = 0

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
    mutating func segments() throws(JSONPathError) -> [JSONPathSegment] {
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

    /// Counts one more level of nesting, failing beyond the limit.
    mutating func enterNesting() throws(JSONPathError) {
        nesting += 1
        if nesting > Self.maximumNesting {
            throw reader.plainError(
                "the query nests filters, parentheses and function calls more than \(Self.maximumNesting) levels deep", at: reader.position)
        }
    }
}
