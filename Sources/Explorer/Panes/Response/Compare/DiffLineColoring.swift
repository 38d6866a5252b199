import TUICore

/// Colors the lines of the Diff tab by their mark: `-` in the error color, `+` in the success color, `~` in the
/// warning color, `@` muted, titles (lines starting with a letter) bold; a side-by-side row's halves each by their own mark.
enum DiffLineColoring {
    /// The styled runs of one line.
    static func runs<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>, columns: Bool, theme: Theme) -> [StyledRun] where Bytes.Index == Int {
        guard !range.isEmpty else { return [] }
        if columns, let split = separator(in: bytes, range) {
            return [
                StyledRun(range: range.lowerBound..<split, style: style(of: bytes[range.lowerBound], theme: theme)),
                StyledRun(range: split..<(split + 3), style: Style(fg: theme[.border])),
                StyledRun(range: (split + 3)..<range.upperBound, style: split + 3 < range.upperBound ? style(of: bytes[split + 3], theme: theme) : .plain),
            ]
        }
        return [StyledRun(range: range, style: style(of: bytes[range.lowerBound], theme: theme))]
    }

    /// The style for a line (or half) starting with `mark`.
    static func style(of mark: UInt8, theme: Theme) -> Style {
        switch mark {
        case UInt8(ascii: "-"): Style(fg: theme[.error])
        case UInt8(ascii: "+"): Style(fg: theme[.success])
        case UInt8(ascii: "~"): Style(fg: theme[.warning])
        case UInt8(ascii: "@"): Style(fg: theme[.muted])
        case UInt8(ascii: " "): Style(fg: theme[.text])
        default: Style(fg: theme[.primary], modifiers: .bold)
        }
    }

    /// The offset of the first `│` (E2 94 82) in the line.
    private static func separator<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, _ range: Range<Int>) -> Int? where Bytes.Index == Int {
        var index = range.lowerBound
        while index + 2 < range.upperBound {
            if bytes[index] == 0xE2, bytes[index + 1] == 0x94, bytes[index + 2] == 0x82 { return index }
            index += 1
        }
        return nil
    }
}
