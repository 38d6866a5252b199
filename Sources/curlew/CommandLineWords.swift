/// A command line up to the cursor, split into words the way a POSIX shell does, as completion needs it.
struct CommandLineWords: Equatable {
    /// The words before the one being typed, quotes and backslashes removed.
    var done: [String]
    /// The word being typed, quotes and backslashes removed (empty after a space).
    var current: String
    /// The word being typed as it stands on the line, quotes and backslashes kept.
    var currentAsTyped: String

    /// The longest line read; the rest is ignored.
    static let maximumLength = 65_536

    /// Splits `line`: whitespace separates words outside quotes; `'…'` is literal, `"…"` and bare text take `\` escapes.
    init(line: String) {
        var words: [String] = []
        var word = "", typed = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line.prefix(Self.maximumLength) {
            if escaped {
                word.append(character)
                typed.append(character)
                escaped = false
                continue
            }
            if let open = quote {
                typed.append(character)
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
                continue
            }
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                typed = ""
                inWord = false
            case "'", "\"":
                quote = character
                typed.append(character)
                inWord = true
            case "\\":
                escaped = true
                typed.append(character)
                inWord = true
            default:
                word.append(character)
                typed.append(character)
                inWord = true
            }
        }
        done = words
        current = word
        currentAsTyped = typed
    }
}
