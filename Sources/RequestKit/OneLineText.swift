/// Text made safe for a place that holds one line: line breaks and NUL shown as symbols.
public enum OneLineText {
    /// The text with each line break (CR LF, CR or LF) written `⏎` and each NUL `␀`, so it can never start a new line.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                result.append("⏎")
            case "\n": result.append("⏎")
            case "\0": result.append("␀")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether the text holds a line break (CR or LF).
    public static func hasLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\r" || $0 == "\n" }
    }
}
