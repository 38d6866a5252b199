import TUICore

/// Where the markup lexer is at the start or end of a line.
enum MarkupLexState: Hashable, Sendable {
    /// Between tags, in text.
    case normal
    /// Inside a start or end tag, after its name.
    case tag
    /// Inside an attribute value opened by this quote byte.
    case value(UInt8)
    /// Inside a comment, before `-->`.
    case comment
    /// Inside a CDATA section, before `]]>`.
    case cdata
    /// Inside a declaration or processing instruction, before `>`.
    case declaration
}

/// The kinds of markup token that get their own color.
enum MarkupToken: Hashable, Sendable {
    /// A tag name (the theme's JSON key color).
    case tag
    /// An attribute name (the accent color).
    case attribute
    /// An attribute value or CDATA content (the JSON string color).
    case value
    /// `<`, `>`, `/`, `=` and CDATA brackets (the JSON punctuation color).
    case punctuation
    /// Comments, declarations and processing instructions (the muted color).
    case comment

    /// The color of this kind of token in `theme`.
    func color(in theme: Theme) -> Color {
        switch self {
        case .tag: theme[JSONTokenRole.key]
        case .attribute: theme[.accent]
        case .value: theme[JSONTokenRole.string]
        case .punctuation: theme[JSONTokenRole.punctuation]
        case .comment: theme[.muted]
        }
    }
}

/// Colors one line of indented markup: tag names, attribute names, attribute values, punctuation, comments and text.
enum MarkupLineLexer {
    /// A run of bytes and its theme role (nil: the text color).
    struct Run: Equatable {
        /// The bytes.
        var range: Range<Int>
        /// The token kind.
        var role: MarkupToken?
    }

    /// The runs of `bytes[range]` lexed from `start`, and the state at the end of the line.
    static func runs<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, from start: MarkupLexState) -> (runs: [Run], end: MarkupLexState) where Bytes.Index == Int {
        var runs: [Run] = []
        var state = start
        var index = range.lowerBound
        let end = range.upperBound
        func emit(_ from: Int, _ to: Int, _ role: MarkupToken?) {
            guard to > from else { return }
            if let last = runs.last, last.role == role, last.range.upperBound == from {
                runs[runs.count - 1].range = last.range.lowerBound..<to
            } else {
                runs.append(Run(range: from..<to, role: role))
            }
        }
        func hasPrefix(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            guard position + pattern.count <= end else { return false }
            for offset in 0..<pattern.count where bytes[position + offset] != pattern[offset] { return false }
            return true
        }
        func find(_ text: String, from position: Int) -> Int? {
            var cursor = position
            while cursor < end {
                if hasPrefix(text, at: cursor) { return cursor }
                cursor += 1
            }
            return nil
        }
        while index < end {
            switch state {
            case .normal:
                if bytes[index] != UInt8(ascii: "<") {
                    var stop = index
                    while stop < end, bytes[stop] != UInt8(ascii: "<") { stop += 1 }
                    emit(index, stop, nil)
                    index = stop
                } else if hasPrefix("<!--", at: index) {
                    emit(index, index + 4, .comment)
                    index += 4
                    state = .comment
                } else if hasPrefix("<![CDATA[", at: index) {
                    emit(index, index + 9, .punctuation)
                    index += 9
                    state = .cdata
                } else if hasPrefix("<!", at: index) || hasPrefix("<?", at: index) {
                    emit(index, index + 2, .comment)
                    index += 2
                    state = .declaration
                } else {
                    let open = hasPrefix("</", at: index) ? 2 : 1
                    emit(index, index + open, .punctuation)
                    index += open
                    var stop = index
                    while stop < end, !isNameEnd(bytes[stop]) { stop += 1 }
                    emit(index, stop, .tag)
                    index = stop
                    state = .tag
                }
            case .tag:
                let byte = bytes[index]
                if byte == UInt8(ascii: ">") {
                    emit(index, index + 1, .punctuation)
                    index += 1
                    state = .normal
                } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=") {
                    emit(index, index + 1, .punctuation)
                    index += 1
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    emit(index, index + 1, .value)
                    index += 1
                    state = .value(byte)
                } else if byte == 0x20 || byte == 0x09 {
                    emit(index, index + 1, nil)
                    index += 1
                } else {
                    var stop = index
                    while stop < end, !isNameEnd(bytes[stop]), bytes[stop] != UInt8(ascii: "=") { stop += 1 }
                    stop = max(stop, index + 1)
                    emit(index, stop, .attribute)
                    index = stop
                }
            case .value(let quote):
                var stop = index
                while stop < end, bytes[stop] != quote { stop += 1 }
                if stop < end {
                    emit(index, stop + 1, .value)
                    index = stop + 1
                    state = .tag
                } else {
                    emit(index, end, .value)
                    index = end
                }
            case .comment:
                if let close = find("-->", from: index) {
                    emit(index, close + 3, .comment)
                    index = close + 3
                    state = .normal
                } else {
                    emit(index, end, .comment)
                    index = end
                }
            case .cdata:
                if let close = find("]]>", from: index) {
                    emit(index, close, .value)
                    emit(close, close + 3, .punctuation)
                    index = close + 3
                    state = .normal
                } else {
                    emit(index, end, .value)
                    index = end
                }
            case .declaration:
                var stop = index
                while stop < end, bytes[stop] != UInt8(ascii: ">") { stop += 1 }
                if stop < end {
                    emit(index, stop + 1, .comment)
                    index = stop + 1
                    state = .normal
                } else {
                    emit(index, end, .comment)
                    index = end
                }
            }
        }
        return (runs, state)
    }

    /// Whether a byte ends a tag or attribute name.
    private static func isNameEnd(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
    }
}
