/// A check a replayed response must pass: a query, optional filters and a predicate, written as one line
/// in the syntax of Hurl's `[Asserts]` (`jsonpath "$.items" count >= 1`).
public struct Check: Hashable, Sendable {
    /// The line as written.
    public var text: String

    /// Parses one check line.
    public static func parse(_ line: String) throws(CheckSyntaxError) -> Check {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw CheckSyntaxError(message: "a check is empty; write a query and a predicate such as status == 200", column: 1) }
        return Check(text: trimmed)
    }
}

/// A value taken from a response into a variable for the requests that follow in a run, written
/// as one line in the syntax of Hurl's `[Captures]` (`token: jsonpath "$.token" redact`).
public struct CaptureRule: Hashable, Sendable {
    /// The variable that receives the value.
    public var variable: String
    /// Whether the value is redacted wherever it is shown or stored.
    public var isSecret: Bool
    /// The line as written.
    public var text: String

    /// Parses one capture line.
    public static func parse(_ line: String) throws(CheckSyntaxError) -> CaptureRule {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw CheckSyntaxError(message: "a capture needs a variable name and a colon, as in token: jsonpath \"$.token\"", column: 1)
        }
        let name = String(trimmed[..<colon]).trimmingCharacters(in: .whitespaces)
        return CaptureRule(variable: name, isSecret: trimmed.hasSuffix(" redact"), text: trimmed)
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
