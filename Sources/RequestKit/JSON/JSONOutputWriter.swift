/// Accumulates pretty-printed JSON: tokens with optional colors, newlines with indentation.
struct JSONOutputWriter {
    private let indentWidth: Int
    private let theme: JSONTheme?
    private let maximumIndentDepth: Int
    /// The text written so far.
    private(set) var text = ""

    /// Creates an empty writer.
    init(indentWidth: Int, theme: JSONTheme?, maximumIndentDepth: Int) {
        self.indentWidth = indentWidth
        self.theme = theme
        self.maximumIndentDepth = maximumIndentDepth
    }

    /// Writes text as it is.
    mutating func raw(_ string: String) { text += string }

    /// Writes a token in a color, or plain.
    mutating func token(_ string: String, color: String?) {
        if let color, let theme {
            text += color
            text += string
            text += theme.reset
        } else {
            text += string
        }
    }

    /// Writes structural punctuation.
    mutating func punctuation(_ string: String) {
        token(string, color: theme?.punctuation)
    }

    /// Starts a new line indented for a nesting depth; nothing when the indent width is zero.
    mutating func newline(depth: Int) {
        guard indentWidth > 0 else { return }
        text += "\n"
        text += String(repeating: " ", count: min(depth, maximumIndentDepth) * indentWidth)
    }
}
