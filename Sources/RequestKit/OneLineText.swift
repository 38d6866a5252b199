/// Text made safe for a place that holds one line: line breaks and NUL shown as symbols.
public enum OneLineText {
    /// Whether a scalar ends a line for some reader: LF, CR, VT, FF, NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR.
    public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The text with each line break (CR LF counting as one) written `⏎` and each NUL `␀`, so that it can never
    /// start a new line.
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isLineBreak($0) || $0 == "\0" }) else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            if isLineBreak(scalar) {
                result.append("⏎")
            } else if scalar == "\0" {
                result.append("␀")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether the text holds a line break.
    public static func hasLineBreak(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isLineBreak)
    }
}
