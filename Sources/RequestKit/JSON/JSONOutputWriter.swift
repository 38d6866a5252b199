import TerminalSafety

/// Accumulates pretty-printed JSON as bytes: tokens with optional colors, newlines with indentation.
struct JSONOutputWriter {
    private let indentWidth: Int
    private let theme: JSONTheme?
    private let maximumIndentDepth: Int
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []

    /// Creates an empty writer with room for about `capacity` bytes.
    init(indentWidth: Int, theme: JSONTheme?, maximumIndentDepth: Int, capacity: Int) {
        self.indentWidth = indentWidth
        self.theme = theme
        self.maximumIndentDepth = maximumIndentDepth
        bytes.reserveCapacity(capacity)
    }

    /// Writes the bytes of a token from the input, in a color or plain.
    ///
    /// With a theme (text for a terminal), what JSON allows raw in strings but a terminal must not get is made
    /// visible: DEL as ␡, the C1 controls U+0080–U+009F (which terminals may obey as escape sequences) as �,
    /// bidi controls and other invisible characters as `<U+202E>`.
    mutating func token(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, color: String?) {
        if let color, let theme {
            bytes.append(contentsOf: color.utf8)
            appendVisible(input, range)
            bytes.append(contentsOf: theme.reset.utf8)
        } else if theme != nil {
            appendVisible(input, range)
        } else {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
        }
    }

    /// Appends token bytes made visible by the terminal sanitizer (`VisibleText`).
    private mutating func appendVisible(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        VisibleText.append(UnsafeBufferPointer(rebasing: input[range]), to: &bytes)
    }

    /// Writes structural punctuation, in the theme's punctuation color.
    mutating func punctuation(_ text: [UInt8]) {
        if let theme {
            bytes.append(contentsOf: theme.punctuation.utf8)
            bytes.append(contentsOf: text)
            bytes.append(contentsOf: theme.reset.utf8)
        } else {
            bytes.append(contentsOf: text)
        }
    }

    /// Writes the space after a colon.
    mutating func space() {
        bytes.append(0x20)
    }

    /// Starts a new line indented for a nesting depth; nothing when the indent width is zero.
    mutating func newline(depth: Int) {
        guard indentWidth > 0 else { return }
        bytes.append(0x0A)
        let spaces = min(depth, maximumIndentDepth) * indentWidth
        if spaces > 0 { bytes.append(contentsOf: repeatElement(0x20, count: spaces)) }
    }

    /// Ends the text with a newline.
    mutating func finish() {
        bytes.append(0x0A)
    }
}
