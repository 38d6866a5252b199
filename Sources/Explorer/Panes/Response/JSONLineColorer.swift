import TUICore

/// Colors one line of pretty-printed JSON by token: keys, strings, numbers, literals, punctuation.
enum JSONLineColorer {
    /// The line as spans in the theme's JSON token colors.
    static func spans(_ line: String, theme: Theme) -> [Span] {
        var spans: [Span] = []
        let chars = Array(line)
        var i = 0
        func style(_ role: JSONTokenRole) -> Style { Style(fg: theme[role]) }
        while i < chars.count {
            let c = chars[i]
            if c == "\"" {
                var j = i + 1
                while j < chars.count, chars[j] != "\"" { j += chars[j] == "\\" ? 2 : 1 }
                j = min(j + 1, chars.count)
                var k = j
                while k < chars.count, chars[k] == " " { k += 1 }
                let isKey = k < chars.count && chars[k] == ":"
                spans.append(Span(String(chars[i..<j]), style: style(isKey ? .key : .string)))
                i = j
            } else if c == "-" || c.isNumber {
                var j = i + 1
                while j < chars.count, chars[j].isNumber || "+-.eE".contains(chars[j]) { j += 1 }
                spans.append(Span(String(chars[i..<j]), style: style(.number)))
                i = j
            } else if c.isLetter {
                var j = i + 1
                while j < chars.count, chars[j].isLetter { j += 1 }
                let word = String(chars[i..<j])
                spans.append(Span(word, style: style(word == "null" ? .null : .boolean)))
                i = j
            } else {
                spans.append(Span(String(c), style: c == " " ? .plain : style(.punctuation)))
                i += 1
            }
        }
        return spans
    }
}
