/// One piece of a shell command line after quoting has been removed.
public enum ShellToken: Hashable, Sendable {
    /// An argument, with its quotes and escapes already resolved.
    case word(String)
    /// A control operator that ends a command: `;`, `&&`, `||`, `|`, `&` or a line break.
    case separator(String)
    /// A redirection such as `>`, `>>`, `<` or `2>`; the next word is its target.
    case redirection(String)
}

/// The tokens of a command line and what the tokenizer noticed but could not honour.
public struct ShellTokenization: Hashable, Sendable {
    /// Tokens in order.
    public var tokens: [ShellToken]
    /// Shell features that were kept as literal text, such as `$VARIABLE` expansions.
    public var warnings: [ConversionWarning]

    /// Splits the tokens into commands at separators; redirections are dropped and reported.
    public func commands() -> (commands: [[String]], warnings: [ConversionWarning]) {
        var commands: [[String]] = []
        var current: [String] = []
        var warnings: [ConversionWarning] = []
        var index = tokens.startIndex
        while index < tokens.endIndex {
            switch tokens[index] {
            case .word(let word):
                current.append(word)
            case .separator(let separator):
                if !current.isEmpty { commands.append(current) }
                current = []
                if separator == "|" {
                    warnings.append(ConversionWarning(.note, at: "|", "the output pipe and the command after it are not part of the request"))
                }
            case .redirection(let operatorText):
                var target = ""
                if index + 1 < tokens.endIndex, case .word(let word) = tokens[index + 1] {
                    target = " " + word
                    index += 1
                }
                warnings.append(ConversionWarning(.note, at: operatorText + target, "shell redirection ignored; curlew shows the response instead"))
            }
            index += 1
        }
        if !current.isEmpty { commands.append(current) }
        return (commands, warnings + self.warnings)
    }
}
