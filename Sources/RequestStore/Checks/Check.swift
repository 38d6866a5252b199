/// A check a replayed response must pass: a query, optional filters and a predicate, written as one line
/// in the syntax of Hurl's `[Asserts]` (`jsonpath "$.items" count >= 1`).
public struct Check: Hashable, Sendable {
    /// The line as written (trimmed), kept so that saving an unchanged collection changes no byte.
    public var text: String
    /// Where the value comes from.
    public var query: CheckQuery
    /// The filters applied to the value, left to right.
    public var filters: [CheckFilter]
    /// What the value must satisfy.
    public var predicate: CheckPredicate
    /// Whether the check is a header line (`Vary: User-Agent`), Hurl's implicit header assert: it passes when any
    /// of the response's values of that header equals the value. Its query is `header`, its predicate `==`.
    public var isHeaderLine: Bool

    /// Creates a check from its parts; its text is their canonical writing.
    public init(query: CheckQuery, filters: [CheckFilter] = [], predicate: CheckPredicate) {
        self.query = query
        self.filters = filters
        self.predicate = predicate
        self.isHeaderLine = false
        self.text = ([query.written] + filters.map(\.written) + [predicate.written]).joined(separator: " ")
    }

    /// Creates a check whose text is given as written.
    init(text: String, query: CheckQuery, filters: [CheckFilter], predicate: CheckPredicate, isHeaderLine: Bool = false) {
        self.text = text
        self.query = query
        self.filters = filters
        self.predicate = predicate
        self.isHeaderLine = isHeaderLine
    }

    /// Parses one check line; the error names the 1-based column in the line as given.
    public static func parse(_ line: String) throws(CheckSyntaxError) -> Check {
        let (trimmed, leading) = LineTrimming.trimmed(line)
        guard !trimmed.isEmpty else {
            throw CheckSyntaxError(message: "a check is empty; write a query and a predicate such as status == 200", column: 1)
        }
        if let headerLine = try HeaderLineCheck.read(trimmed) {
            return headerLine
        }
        do throws(CheckSyntaxError) {
            var parser = try CheckLineParser(trimmed)
            let query = try parser.query()
            let filters = try parser.filters(stopAtRedact: false)
            let predicate = try parser.predicate()
            return Check(text: trimmed, query: query, filters: filters, predicate: predicate)
        } catch {
            throw CheckSyntaxError(message: error.message, column: error.column + leading)
        }
    }
}

/// A value taken from a response into a variable for the requests that follow in a run, written
/// as one line in the syntax of Hurl's `[Captures]` (`token: jsonpath "$.token" redact`).
public struct CaptureRule: Hashable, Sendable {
    /// The variable that receives the value, or `{{name}}` when the variable `name` holds that variable's name.
    public var variable: String

    /// The variable whose value names the receiving variable, for a capture written `{{name}}: …`.
    public var variableTemplate: String? {
        guard variable.hasPrefix("{{"), variable.hasSuffix("}}"), variable.count > 4 else { return nil }
        return String(variable.dropFirst(2).dropLast(2))
    }
    /// Whether the value is redacted wherever it is shown or stored.
    public var isSecret: Bool
    /// The line as written (trimmed).
    public var text: String
    /// Where the value comes from.
    public var query: CheckQuery
    /// The filters applied to the value, left to right.
    public var filters: [CheckFilter]

    /// Creates a capture from its parts; its text is their canonical writing.
    public init(variable: String, query: CheckQuery, filters: [CheckFilter] = [], isSecret: Bool = false) {
        self.variable = variable
        self.query = query
        self.filters = filters
        self.isSecret = isSecret
        let words = [query.written] + filters.map(\.written) + (isSecret ? ["redact"] : [])
        self.text = variable + ": " + words.joined(separator: " ")
    }

    /// Parses one capture line; the error names the 1-based column in the line as given.
    public static func parse(_ line: String) throws(CheckSyntaxError) -> CaptureRule {
        let (trimmed, leading) = LineTrimming.trimmed(line)
        guard !trimmed.isEmpty else {
            throw CheckSyntaxError(message: "a capture is empty; write a name, a colon and a query, as in token: jsonpath \"$.token\"", column: 1)
        }
        do throws(CheckSyntaxError) {
            var parser = try CheckLineParser(trimmed)
            let variable = try parser.captureName()
            guard !parser.cursor.isAtEnd else {
                throw CheckSyntaxError(message: "a query is missing after the colon, as in \(variable): jsonpath \"$.id\"", column: parser.cursor.column)
            }
            let query = try parser.query()
            let filters = try parser.filters(stopAtRedact: true)
            let secret = try parser.redact()
            var rule = CaptureRule(variable: variable, query: query, filters: filters, isSecret: secret)
            rule.text = trimmed
            return rule
        } catch {
            throw CheckSyntaxError(message: error.message, column: error.column + leading)
        }
    }
}

/// Trims the spaces and tabs around a line.
enum LineTrimming {
    /// The line without surrounding spaces and tabs, and how many scalars were cut from its start.
    static func trimmed(_ line: String) -> (text: String, leading: Int) {
        let scalars = line.unicodeScalars
        var start = scalars.startIndex
        var leading = 0
        while start < scalars.endIndex, scalars[start] == " " || scalars[start] == "\t" {
            start = scalars.index(after: start)
            leading += 1
        }
        var end = scalars.endIndex
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] == " " || scalars[before] == "\t" else { break }
            end = before
        }
        if leading == 0 && end == scalars.endIndex { return (line, 0) }
        return (String(scalars[start..<end]), leading)
    }
}

/// Why a check or capture line does not parse, with the 1-based column where the problem starts.
public struct CheckSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and how to write it instead.
    public var message: String
    /// The 1-based column in the line.
    public var column: Int

    /// Creates an error.
    public init(message: String, column: Int) {
        self.message = message
        self.column = column
    }

    /// "column N: message".
    public var description: String { "column \(column): \(message)" }
}
