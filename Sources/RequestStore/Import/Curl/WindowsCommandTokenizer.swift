/// Splits a Windows `cmd.exe` command line, as Chrome's and Edge's "Copy as cURL (cmd)" write it.
///
/// Two stages, as Windows runs it: cmd removes `^` escapes (a `^` at the end of a line
/// continues the command) outside its own double quotes, then the program's C runtime splits
/// the line at spaces, honouring double quotes and backslashes before quotes.
public enum WindowsCommandTokenizer {
    /// Whether a text looks like a cmd command line rather than a POSIX one.
    public static func looksLikeCmd(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        if trimmed.hasPrefix("curl.exe ") { return true }
        return text.contains("^\n") || text.contains("^\r\n") || text.contains(" ^\"")
    }

    /// Tokenizes a cmd command line; each line that is not continued is its own command.
    public static func tokenize(_ text: String) throws -> ShellTokenization {
        let lines = removeCarets(text)
        var tokens: [ShellToken] = []
        for (index, line) in lines.enumerated() {
            let words = try splitArguments(line, line: index + 1)
            tokens += words.map(ShellToken.word)
            tokens.append(.separator("\n"))
        }
        return ShellTokenization(tokens: tokens, warnings: [])
    }

    /// The first stage: removes cmd's `^` escapes and joins continued lines.
    static func removeCarets(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var inQuotes = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "^" where !inQuotes:
                if index + 1 < scalars.count {
                    let next = scalars[index + 1]
                    if next == "\n" {
                        index += 2
                        continue
                    }
                    if next == "\r", index + 2 < scalars.count, scalars[index + 2] == "\n" {
                        index += 3
                        continue
                    }
                    line.unicodeScalars.append(next)
                    index += 2
                    continue
                }
                index += 1
            case "\"":
                inQuotes.toggle()
                line.unicodeScalars.append(scalar)
                index += 1
            case "\n":
                lines.append(line)
                line = ""
                inQuotes = false
                index += 1
            case "\r":
                index += 1
            default:
                line.unicodeScalars.append(scalar)
                index += 1
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The second stage: the Microsoft C runtime's rules for splitting a command line.
    static func splitArguments(_ line: String, line number: Int) throws -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var inQuotes = false
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                var count = 0
                while index < scalars.count, scalars[index] == "\\" {
                    count += 1
                    index += 1
                }
                if index < scalars.count, scalars[index] == "\"" {
                    word += String(repeating: "\\", count: count / 2)
                    if count % 2 == 1 {
                        word += "\""
                        index += 1
                    }
                } else {
                    word += String(repeating: "\\", count: count)
                }
                inWord = true
                continue
            }
            switch scalar {
            case "\"":
                if inQuotes, index + 1 < scalars.count, scalars[index + 1] == "\"" {
                    word += "\""
                    index += 1
                } else {
                    inQuotes.toggle()
                }
                inWord = true
            case " " where !inQuotes, "\t" where !inQuotes:
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.unicodeScalars.append(scalar)
                inWord = true
            }
            index += 1
        }
        if inQuotes { throw ShellTokenizerError.unterminatedQuote(quote: "\"", line: number) }
        if inWord { words.append(word) }
        return words
    }
}
