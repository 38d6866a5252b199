import Foundation

/// Text made safe for roff (man pages): backslashes, hyphens and lines that would start a request.
enum Roff {
    /// `text` escaped for a roff text line: `\` as `\e`, `-` as `\-`, and a leading `.` or `'` guarded.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        return guarded(result)
    }

    /// A line that starts with `.` or `'` gets `\&` in front, so roff prints it instead of reading a request.
    static func guarded(_ line: String) -> String {
        line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    /// `text` in bold.
    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// `text` in italics.
    static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

    /// The page with every character outside ASCII written as a roff escape (`\[u2014]`), so it reads the
    /// same whatever encoding the formatter assumes; control characters other than line breaks are dropped.
    static func asciiOnly(_ page: String) -> String {
        var result = ""
        for scalar in page.unicodeScalars {
            if scalar.value >= 0x80 {
                result += "\\[u" + String(format: "%04X", scalar.value) + "]"
            } else if scalar.value >= 0x20 && scalar.value != 0x7F || scalar == "\n" {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A `.TH` title line.
    static func title(_ page: String, section: Int, manual: String) -> String {
        ".TH \"\(page.uppercased())\" \"\(section)\" \"\" \"curlew\" \"\(manual)\""
    }
}
