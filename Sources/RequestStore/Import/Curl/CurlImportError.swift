/// Why a curl command line could not be turned into a request.
public enum CurlImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text holds no command that runs `curl`.
    case notACurlCommand(firstWord: String)
    /// An option that needs a value came last.
    case missingValue(option: String)
    /// The command names no URL.
    case missingURL
    /// The command line could not be split into words.
    case unreadable(ShellTokenizerError)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .notACurlCommand(let firstWord):
            let shown = firstWord.isEmpty ? "nothing" : "'\(firstWord)'"
            return "This is not a curl command: it starts with \(shown). Paste a command that begins with 'curl'."
        case .missingValue(let option):
            return "The option \(option) needs a value, but the command ends after it. Add the value or remove the option."
        case .missingURL:
            return "The curl command names no URL. Add one, e.g. 'curl https://example.com/'."
        case .unreadable(let error):
            return error.description
        }
    }
}
