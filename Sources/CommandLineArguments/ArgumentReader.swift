import RequestKit
/// A mistake on the command line; the message names the argument at fault.
package struct UsageError: Error, CustomStringConvertible {
    /// What is wrong and with which argument.
    package var message: String

    /// Creates the error with its message.
    package init(message: String) { self.message = message }

    /// The message.
    package var description: String { message }
}

/// Reads command-line arguments one at a time: options (`-x`, `--name`, `--name=value`) and positionals.
///
/// Short flags may be combined (`-iv`) when the caller lists which letters take no value. After `--`
/// everything is a positional.
package struct ArgumentReader {
    /// One thing on the command line.
    package enum Token: Equatable {
        /// An option as written, e.g. `-H` or `--header` (without any `=value`).
        case option(String)
        /// Anything that is not an option.
        case positional(String)
    }

    private var remaining: ArraySlice<String>
    private let flagLetters: Set<Character>
    private var pendingFlags: [Character] = []
    private var inlineValue: String?
    private var optionsEnded = false
    private let command: CommandSpec?

    /// Creates a reader over arguments; `flagLetters` are the short options that never take a value.
    package init(_ arguments: [String], flagLetters: Set<Character> = []) {
        remaining = arguments[...]
        self.flagLetters = flagLetters
        command = nil
    }

    /// Creates a reader that knows `command`'s options: each comes back as written (so messages name it as the
    /// person typed it), short flags combine, and an option not in the table is a usage error.
    package init(_ arguments: [String], command: CommandSpec) {
        remaining = arguments[...]
        flagLetters = Set(command.options.filter(\.values.isEmpty).compactMap(\.short))
        self.command = command
    }

    /// The next token, or nil at the end; with a command's table, only options the table lists.
    package mutating func next() throws(UsageError) -> Token? {
        guard let token = try nextAsWritten() else { return nil }
        guard let command, case .option(let written) = token else { return token }
        guard command.option(named: written) != nil else {
            if let refused = command.refusedOptions.first(where: { $0.names.contains(written) }) {
                throw UsageError(message: "curlew \(command.name) does not have \(refused.tool)'s \(written): \(refused.instead)")
            }
            let known = command.options.flatMap { [$0.long] + $0.aliases }
            let hint = written.hasPrefix("--") ? NearestWord.suggestion(for: written, among: known).map { " (did you mean '\($0)'?)" } ?? "" : ""
            throw UsageError(message: "unknown option '\(written)'\(hint)")
        }
        return token
    }

    private mutating func nextAsWritten() throws(UsageError) -> Token? {
        if let value = inlineValue {
            throw UsageError(message: "unexpected value '\(value)': the option before it takes no value")
        }
        if !pendingFlags.isEmpty {
            return .option("-" + String(pendingFlags.removeFirst()))
        }
        guard let argument = remaining.popFirst() else { return nil }
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
            return .positional(argument)
        }
        if argument == "--" {
            optionsEnded = true
            return try nextAsWritten()
        }
        if argument.hasPrefix("--") {
            if let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                return .option(String(argument[..<equals]))
            }
            return .option(argument)
        }
        let letters = Array(argument.dropFirst())
        if letters.count > 1, letters.allSatisfy({ flagLetters.contains($0) }) {
            pendingFlags = Array(letters.dropFirst())
            return .option("-" + String(letters[0]))
        }
        if letters.count > 1, !flagLetters.contains(letters[0]) {
            inlineValue = String(letters.dropFirst())
            return .option("-" + String(letters[0]))
        }
        return .option(argument)
    }

    /// The value of the option just read: its `=value`, or else the next argument.
    package mutating func value(of option: String) throws(UsageError) -> String {
        if let value = inlineValue {
            inlineValue = nil
            return value
        }
        guard let value = remaining.popFirst() else {
            throw UsageError(message: "\(option) needs a value")
        }
        return value
    }

    /// The `=value` written onto the option just read (`--digest=USER:PASS`), or nil when there is none; the next
    /// argument is never taken.
    package mutating func inlineValueIfWritten() -> String? {
        defer { inlineValue = nil }
        return inlineValue
    }

    /// The value of the option just read, as a number of the given kind.
    package mutating func number<Number: LosslessStringConvertible>(of option: String, as type: Number.Type) throws(UsageError) -> Number {
        let text = try value(of: option)
        guard let number = Number(text) else {
            throw UsageError(message: "\(option) needs a number, not '\(text)'")
        }
        return number
    }
}
