import BodyIndex
import TUICore

/// The response viewer's filter: the line being typed, the filter applied to the Body tab and its output.
///
/// A filter is an RFC 9535 JSONPath query, or a shell command after `|`. It runs off the UI thread
/// (`FilterJob`); its output replaces the Body tab until the filter is cleared with Esc.
public struct FilterState: Equatable, Sendable {
    /// The filter text as typed.
    public internal(set) var field = TextFieldState()
    /// Whether the filter line is open for typing.
    public internal(set) var isEditing = false
    /// The filter whose output the Body tab shows (or is waiting for), or nil for the plain body.
    public internal(set) var applied: String?
    /// The number of the newest filter run; results of older ones are ignored.
    public internal(set) var generation = 0
    /// Whether the applied filter is still running.
    public internal(set) var running = false
    /// The text shown in the Body tab in place of the body while a filter is applied.
    var output: PaneText?
    /// A run is due (the app starts it after the update).
    var runDue = false
    /// The running filter should be stopped (the app cancels its command).
    var stopDue = false
    /// A filter to remember for the request ("" to forget it), for the app to store.
    var toRemember: String?
    /// A new response is showing; the app may restore the filter it remembers for the request.
    var restoreDue = false

    /// Creates an empty filter.
    public init() {}

    /// Whether `text` is a shell command (starts with `|`) rather than a JSONPath query.
    public static func isCommand(_ text: String) -> Bool {
        text.drop { $0 == " " }.first == "|"
    }
}

/// A filter to run off the UI thread: its text and the body it reads.
public struct FilterJob: Sendable {
    /// The filter run this belongs to.
    public let generation: Int
    /// The JSONPath query or `| command`.
    public let expression: String
    /// The body bytes as received.
    let body: BodyBytes

    /// Runs the filter and lays out its output for the Body tab.
    public func run() async -> FilterOutcome {
        if FilterState.isCommand(expression) {
            let command = String(expression.drop { $0 == " " }.dropFirst()).trimmingCharacters(in: .whitespaces)
            guard !command.isEmpty else {
                return FilterOutcome(generation: generation, text: PaneText([.text(["Type a shell command after |, e.g. | jq .items"], coloring: .notice(.warning))]))
            }
            let result = await ShellFilter.run(command, input: body)
            return FilterOutcome(generation: generation, text: FilterOutput.shell(command, result))
        }
        return FilterOutcome(generation: generation, text: FilterOutput.jsonPath(expression, body: body))
    }
}

/// What a filter run produced, for the viewer.
public struct FilterOutcome: Equatable, Sendable {
    /// The filter run it belongs to.
    public let generation: Int
    /// The Body tab's text while the filter is applied.
    let text: PaneText

    /// The output as plain lines (for tests and logs).
    public var lines: [String] {
        (0..<text.lineCount).map { line in
            let (part, index) = text.locate(line)
            return String(decoding: part.lines.bytes(of: index), as: UTF8.self)
        }
    }
}
