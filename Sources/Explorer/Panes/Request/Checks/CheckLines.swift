import RequestStore

/// The part of the Checks tab a line belongs to: checks, or captures.
public enum CheckSection: String, Hashable, Sendable {
    /// Lines after `[Checks]` (or `[Asserts]`), and lines before any header.
    case checks
    /// Lines after `[Captures]`.
    case captures

    /// The header line that starts the section.
    public var header: String { self == .checks ? "[Checks]" : "[Captures]" }
}

/// One line of the Checks tab as read: a header, a check, a capture, a blank line, or a line that does not parse.
public struct CheckLine: Hashable, Sendable {
    /// What a line holds.
    public enum Content: Hashable, Sendable {
        /// An empty or blank line.
        case blank
        /// A section header such as `[Captures]`.
        case header(CheckSection)
        /// A check that parsed.
        case check(Check)
        /// A capture that parsed.
        case capture(CaptureRule)
        /// A line that does not parse, in its section, with the reason and the 1-based column in the line as typed.
        case invalid(CheckSection, CheckSyntaxError)
    }

    /// The 1-based line number in the tab.
    public var number: Int
    /// The line as typed.
    public var text: String
    /// What it holds.
    public var content: Content

    /// The problem of a line that does not parse.
    public var problem: CheckSyntaxError? {
        if case .invalid(_, let error) = content { return error }
        return nil
    }
}

/// Reads and writes the Checks tab's text: checks and captures one per line, under `[Checks]` and `[Captures]` headers
/// as in a Hurl file; lines before any header are checks.
public enum CheckLines {
    /// The most lines parsed; lines past it are kept but marked as a problem, so they are never lost and never saved.
    public static let maximumLines = 2_000

    /// Reads every line of the tab's text.
    public static func read(_ text: String) -> [CheckLine] {
        var section = CheckSection.checks
        var lines: [CheckLine] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            if index >= maximumLines {
                let content: CheckLine.Content = line.trimmingCharacters(in: .whitespaces).isEmpty ? .blank
                    : .invalid(section, CheckSyntaxError(message: "a request holds at most \(maximumLines) lines of checks and captures; delete some", column: 1))
                lines.append(CheckLine(number: index + 1, text: line, content: content))
                continue
            }
            let leading = line.prefix { $0 == " " || $0 == "\t" }.count
            let body = String(line.dropFirst(leading))
            let trimmed = body.trimmingCharacters(in: .whitespaces)
            let content: CheckLine.Content
            if trimmed.isEmpty {
                content = .blank
            } else if trimmed.hasPrefix("[") {
                switch trimmed.lowercased() {
                case "[checks]", "[asserts]":
                    section = .checks
                    content = .header(.checks)
                case "[captures]":
                    section = .captures
                    content = .header(.captures)
                default:
                    content = .invalid(section, CheckSyntaxError(
                        message: "unknown section \(trimmed); use [Checks] or [Captures]", column: leading + 1))
                }
            } else {
                switch section {
                case .checks:
                    do throws(CheckSyntaxError) {
                        content = .check(try Check.parse(body))
                    } catch {
                        content = .invalid(.checks, CheckSyntaxError(message: error.message, column: error.column + leading))
                    }
                case .captures:
                    do throws(CheckSyntaxError) {
                        content = .capture(try CaptureRule.parse(body))
                    } catch {
                        content = .invalid(.captures, CheckSyntaxError(message: error.message, column: error.column + leading))
                    }
                }
            }
            lines.append(CheckLine(number: index + 1, text: line, content: content))
        }
        return lines
    }

    /// The tab's text for a saved request: its checks, then `[Captures]` and its captures when it has some.
    public static func text(checks: [Check], captures: [CaptureRule]) -> String {
        text(checkLines: checks.map(\.text), captureLines: captures.map(\.text))
    }

    /// The tab's text for lines as typed (a draft keeps lines that do not parse too).
    public static func text(checkLines: [String], captureLines: [String]) -> String {
        var lines = checkLines
        if !captureLines.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(CheckSection.captures.header)
            lines += captureLines
        }
        return lines.joined(separator: "\n")
    }

    /// The non-blank lines of each section as typed, parsed or not, for the draft file.
    public static func typedLines(_ lines: [CheckLine]) -> (checks: [String], captures: [String]) {
        var checks: [String] = []
        var captures: [String] = []
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            switch line.content {
            case .blank, .header: break
            case .check: checks.append(trimmed)
            case .capture: captures.append(trimmed)
            case .invalid(.checks, _): checks.append(trimmed)
            case .invalid(.captures, _): captures.append(trimmed)
            }
        }
        return (checks, captures)
    }
}
