/// Cutting text to a width with an ellipsis, so a reader sees that it was cut.
///
/// Every cut goes by display width, one grapheme cluster at a time: a wide character that does not
/// fit before the ellipsis is left out and the ellipsis follows what did fit, never dropping the
/// rest of a line that has room.
extension String {
    /// The string cut to `columns` with a trailing ellipsis when it does not fit.
    public func truncated(columns: Int, ellipsis: String = "…") -> String {
        if displayWidth <= columns { return self }
        let room = columns - ellipsis.displayWidth
        if room < 0 { return prefix(columns: columns) }
        return prefix(columns: room) + ellipsis
    }
}

extension Line {
    /// The line cut to `columns` with a trailing ellipsis (in the style of the span it cuts) when it does not fit.
    public func truncated(columns: Int, ellipsis: String = "…") -> Line {
        if width <= columns { return self }
        let room = columns - ellipsis.displayWidth
        if room < 0 { return Line([Span(plainText.prefix(columns: columns), style: spans.first?.style ?? .plain)]) }
        var kept: [Span] = []
        var used = 0
        var cutStyle = Style.plain
        for span in spans {
            let w = span.width
            if used + w <= room {
                kept.append(span)
                used += w
                continue
            }
            let head = span.text.prefix(columns: room - used)
            if !head.isEmpty { kept.append(Span(head, style: span.style)) }
            cutStyle = span.style
            break
        }
        kept.append(Span(ellipsis, style: cutStyle))
        return Line(kept)
    }
}

extension Buffer {
    /// Draws `line` from (`x`, `y`), ending it with an ellipsis at the right edge of `clip` when it does not fit.
    @discardableResult
    public mutating func setTruncated(_ line: Line, x: Int, y: Int, base: Style = .plain, clip: Rect) -> Int {
        let right = clip.intersection(area).right
        return setLine(line.truncated(columns: max(0, right - x)), x: x, y: y, base: base, clip: clip)
    }

    /// Draws `string` from (`x`, `y`), ending it with an ellipsis at the right edge of `clip` when it does not fit.
    @discardableResult
    public mutating func setTruncated(_ string: String, x: Int, y: Int, style: Style = .plain, clip: Rect) -> Int {
        let right = clip.intersection(area).right
        return setString(string.truncated(columns: max(0, right - x)), x: x, y: y, style: style, clip: clip)
    }
}
