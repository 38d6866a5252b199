import Foundation
import Locking
import RequestStore
import TerminalSafety

/// Asks `{{$prompt …}}` and `{{$select …}}` on the terminal (standard input, the question on standard error),
/// once per prompt for the whole process; nothing when standard input is not a terminal.
final class TerminalPrompter: VariablePrompter {
    /// The answers given so far; the lock also keeps two requests of a run from asking at once.
    private let answers = Locked<[VariablePrompt: String]>([:])
    /// The process's one prompter, so that every request of a command shares its answers.
    static let shared = TerminalPrompter()
    /// How many times a `$select` asks again after an answer that is not one of its own.
    private static let attempts = 3

    /// The answer to `prompt`, asked the first time only.
    func answer(_ prompt: VariablePrompt) -> String? {
        answers.withLock { known -> String? in
            if let answer = known[prompt] { return answer }
            guard isatty(STDIN_FILENO) == 1, let answer = Self.ask(prompt) else { return nil }
            known[prompt] = answer
            return answer
        }
    }

    /// The answers to secret prompts.
    var secretAnswers: [String] {
        answers.withLock { known in known.filter { $0.key.secret }.map(\.value) }
    }

    /// Asks on the terminal: free text, text without echo, or a numbered choice.
    private static func ask(_ prompt: VariablePrompt) -> String? {
        let label = VisibleText.string(prompt.label)
        guard !prompt.choices.isEmpty else {
            StandardStreams.writeError(label + ": ")
            return prompt.secret ? TerminalLine.readHidden() : readLine(strippingNewline: true)
        }
        StandardStreams.writeError(label + ":\n")
        for (number, choice) in prompt.choices.enumerated() {
            StandardStreams.writeError("  \(number + 1)) \(VisibleText.string(choice))\n")
        }
        for _ in 0..<attempts {
            StandardStreams.writeError("Choose 1-\(prompt.choices.count): ")
            guard let typed = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if let number = Int(typed), (1...prompt.choices.count).contains(number) { return prompt.choices[number - 1] }
            if prompt.choices.contains(typed) { return typed }
        }
        return nil
    }
}

/// Reading one line from the terminal.
enum TerminalLine {
    /// A line typed without echo; the newline the user typed is written back to standard error.
    static func readHidden() -> String? {
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &hidden)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            StandardStreams.writeError("\n")
        }
        return readLine(strippingNewline: true)
    }
}
