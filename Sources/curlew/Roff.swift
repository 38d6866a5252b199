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

    /// A `.TH` title line.
    static func title(_ page: String, section: Int, manual: String) -> String {
        ".TH \"\(page.uppercased())\" \"\(section)\" \"\" \"curlew\" \"\(manual)\""
    }
}
