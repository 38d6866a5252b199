/// A question a `{{$prompt "Label"}}`, `{{$prompt "Label" secret}}` or `{{$select "Label" "a" "b"}}` asks.
public struct VariablePrompt: Hashable, Sendable {
    /// What is asked, as written in the template; `--var 'Label=VALUE'` answers it.
    public var label: String
    /// Whether the answer is a secret: typed without echo and masked wherever it is shown.
    public var secret: Bool
    /// The answers to choose from (`$select`); empty for free text.
    public var choices: [String]

    /// The longest label.
    static let maximumLabelLength = 200
    /// The most choices a `$select` may list.
    static let maximumChoices = 50

    /// Creates a prompt.
    public init(label: String, secret: Bool = false, choices: [String] = []) {
        self.label = label
        self.secret = secret
        self.choices = choices
    }

    /// How the two templates are written, for messages.
    static let usage = "write {{$prompt \"Label\"}}, {{$prompt \"Label\" secret}} or {{$select \"Label\" \"first\" \"second\"}}"

    /// Whether a placeholder's name is a prompt.
    static func isCall(_ name: String) -> Bool {
        name == "$prompt" || name == "$select" || name.hasPrefix("$prompt ") || name.hasPrefix("$select ")
    }

    /// The prompt a placeholder's name asks, or why it is written wrongly.
    static func parse(_ name: String) -> Result<VariablePrompt, PromptSyntaxError> {
        let isSelect = name.hasPrefix("$select")
        var rest = Substring(name.dropFirst("$prompt".count))
        var words: [(text: String, quoted: Bool)] = []
        while true {
            rest = rest.drop { $0 == " " }
            guard let first = rest.first else { break }
            if first == "\"" {
                guard let close = rest.dropFirst().firstIndex(of: "\"") else { return .failure(PromptSyntaxError(reason: "a quote is not closed")) }
                words.append((String(rest[rest.index(after: rest.startIndex)..<close]), true))
                rest = rest[rest.index(after: close)...]
            } else {
                let word = rest.prefix { $0 != " " }
                words.append((String(word), false))
                rest = rest.dropFirst(word.count)
            }
            if words.count > maximumChoices + 1 { return .failure(PromptSyntaxError(reason: "a $select lists at most \(maximumChoices) answers")) }
        }
        guard let label = words.first, label.quoted, !label.text.isEmpty, label.text.count <= maximumLabelLength else {
            return .failure(PromptSyntaxError(reason: "the label must come first, in double quotes, 1 to \(maximumLabelLength) characters"))
        }
        let options = words.dropFirst()
        if isSelect {
            guard !options.isEmpty, options.allSatisfy(\.quoted) else {
                return .failure(PromptSyntaxError(reason: "a $select lists its answers after the label, each in double quotes"))
            }
            return .success(VariablePrompt(label: label.text, choices: options.map(\.text)))
        }
        switch options.map(\.text) {
        case []: return .success(VariablePrompt(label: label.text))
        case ["secret"] where !(options.first?.quoted ?? true): return .success(VariablePrompt(label: label.text, secret: true))
        default: return .failure(PromptSyntaxError(reason: "after the label a $prompt takes only the word secret"))
        }
    }
}

/// Why a prompt's template cannot be read.
struct PromptSyntaxError: Error {
    /// What is wrong.
    var reason: String
}

/// Answers prompts: `send` and `run` ask on the terminal. It keeps each answer for the rest of the process,
/// so a prompt used by several requests, or several times in one, is asked once.
public protocol VariablePrompter: Sendable {
    /// The answer to `prompt`, or nil when there is nothing to ask on.
    func answer(_ prompt: VariablePrompt) -> String?
    /// The answers given to secret prompts, to mask wherever they are shown.
    var secretAnswers: [String] { get }
}
