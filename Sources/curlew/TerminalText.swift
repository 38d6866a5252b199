/// The one sanitizer for text headed to a terminal from data curlew did not write itself (servers, files,
/// arguments): control characters that could start an escape sequence are drawn as visible symbols.
enum TerminalText {
    /// Text with C0 controls shown as control pictures (␛, ␍, …), DEL as ␡ and the C1 controls
    /// U+0080–U+009F as �; line feeds and tabs are kept unless `keepingLineBreaks` is false.
    static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks:
                result.append(scalar)
            case 0x00..<0x20:
                result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F:
                result.append("\u{2421}")
            case 0x80..<0xA0:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
