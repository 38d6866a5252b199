import RequestKit

/// The first syntax error of a JSON text, with its line and column.
public struct JSONProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int
    /// What is wrong.
    public var reason: String

    /// Creates a problem report.
    public init(line: Int, column: Int, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line 3, column 7: expected ','`.
    public var description: String { "line \(line), column \(column): \(reason)" }
}

/// Validates and formats JSON bodies with RequestKit's strict parser.
public enum JSONCheck {
    /// Nil when `text` is valid JSON, else the first error.
    public static func check(_ text: String) -> JSONProblem? {
        let bytes = Array(text.utf8)
        do {
            _ = try JSONPrettyPrinter().format(bytes)
            return nil
        } catch {
            return problem(error, in: bytes)
        }
    }

    /// The text re-indented with two spaces, keeping key order, without a final line break; or the first error.
    public static func format(_ text: String) -> Result<String, JSONProblem> {
        let bytes = Array(text.utf8)
        do {
            var formatted = try JSONPrettyPrinter(indentWidth: 2).format(bytes)
            while formatted.hasSuffix("\n") { formatted.removeLast() }
            return .success(formatted)
        } catch {
            return .failure(problem(error, in: bytes))
        }
    }

    private static func problem(_ error: JSONSyntaxError, in bytes: [UInt8]) -> JSONProblem {
        var line = 1
        var column = 1
        for byte in bytes.prefix(min(error.offset, bytes.count)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return JSONProblem(line: line, column: column, reason: error.reason)
    }
}
