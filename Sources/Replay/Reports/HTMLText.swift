/// Text made safe for an HTML page: markup characters escaped, and characters a page must not hold drawn as
/// visible symbols (C0 controls as their Control Pictures, DEL as ␡, C1 controls and noncharacters as U+FFFD).
enum HTMLText {
    /// Escapes `& < > " '` so the result is safe in element content and in quoted attribute values; tab and
    /// line breaks are kept.
    static func escape(_ text: String) -> String {
        MarkupText.escape(text, apostrophe: "&#39;") { scalar, result in
            let value = scalar.value
            if scalar == "\t" || scalar == "\n" {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\r" {
                result += "\u{240D}"
            } else if value < 0x20, let picture = Unicode.Scalar(0x2400 + value) {
                result.unicodeScalars.append(picture)
            } else if value == 0x7F {
                result += "\u{2421}"
            } else if (0x80...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE {
                result += "\u{FFFD}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
}
