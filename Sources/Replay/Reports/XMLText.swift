/// Text made safe for XML: markup characters escaped and characters XML 1.0 forbids removed.
enum XMLText {
    /// Escapes `& < > " '` and drops control characters other than tab, line feed and carriage return,
    /// and U+FFFE/U+FFFF, so the result is valid in both element content and attribute values.
    static func escape(_ text: String) -> String {
        MarkupText.escape(text, apostrophe: "&apos;") { scalar, result in
            let value = scalar.value
            if value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" || value == 0xFFFE || value == 0xFFFF { return }
            result.unicodeScalars.append(scalar)
        }
    }
}
