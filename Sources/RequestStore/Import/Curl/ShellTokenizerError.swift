/// Why a command line could not be split into words.
public enum ShellTokenizerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A quote was opened and never closed; `line` is 1-based.
    case unterminatedQuote(quote: String, line: Int)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .unterminatedQuote(let quote, let line):
            return "The quote \(quote) opened on line \(line) is never closed. Close it, or check that the whole command was pasted."
        }
    }
}
