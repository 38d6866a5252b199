/// Scroll position and wrap mode of a read-only text viewer.
public struct TextViewerState: Hashable, Sendable {
    /// The first source line shown.
    public var offset: Int = 0
    /// The first display column shown when not wrapping.
    public var leftColumn: Int = 0
    /// True to wrap long lines instead of scrolling sideways.
    public var wrap: Bool = false
    /// Rows shown, set by the owner for the area it draws in (for paging).
    public var viewportHeight: Int = 10

    /// Creates a state.
    public init(wrap: Bool = false) {
        self.wrap = wrap
    }

    /// Scrolls by `delta` lines, clamped to `lineCount`.
    public mutating func scroll(by delta: Int, lineCount: Int) {
        offset = max(0, min(offset + delta, maxOffset(lineCount: lineCount)))
    }

    /// The largest useful offset: the last page.
    public func maxOffset(lineCount: Int) -> Int { max(0, lineCount - viewportHeight) }

    /// Applies a scrolling key: arrows, Page Up/Down, Home/End (g/G too), `w` toggles wrap.
    @discardableResult
    public mutating func handle(_ event: KeyEvent, lineCount: Int) -> Bool {
        guard event.modifiers.subtracting(.shift).isEmpty else { return false }
        switch event.key {
        case .up, .char("k"): scroll(by: -1, lineCount: lineCount)
        case .down, .char("j"): scroll(by: 1, lineCount: lineCount)
        case .pageUp: scroll(by: -max(1, viewportHeight - 1), lineCount: lineCount)
        case .pageDown, .char(" "): scroll(by: max(1, viewportHeight - 1), lineCount: lineCount)
        case .home, .char("g"): offset = 0
        case .end, .char("G"): offset = maxOffset(lineCount: lineCount)
        case .left where !wrap: leftColumn = max(0, leftColumn - 4)
        case .right where !wrap: leftColumn += 4
        case .char("w"):
            wrap.toggle()
            leftColumn = 0
        default: return false
        }
        return true
    }
}

/// Draws lines of styled text with scrolling or wrapping, and an optional scrollbar.
///
/// Give it sanitized text (see `sanitize`); the buffer also replaces stray control characters.
public struct TextViewer: Sendable {
    /// The lines to show.
    public var lines: [Line]
    /// The base style.
    public var style: Style
    /// The scrollbar style, nil for none.
    public var scrollbarStyle: Style?

    /// Creates a viewer.
    public init(lines: [Line], style: Style = .plain, scrollbarStyle: Style? = nil) {
        self.lines = lines
        self.style = style
        self.scrollbarStyle = scrollbarStyle
    }

    /// Draws from `state.offset` (clamped on a copy); wrapped lines continue on the next rows.
    public func render(state given: TextViewerState, area: Rect, buffer: inout Buffer) {
        var state = given
        buffer.fill(area, style: style)
        state.offset = max(0, min(state.offset, max(0, lines.count - 1)))
        var text = area
        if let barStyle = scrollbarStyle, lines.count > area.height, area.width > 1 {
            text.width -= 1
            let thumbSize = max(1, area.height * area.height / max(1, lines.count))
            let maxOffset = max(1, lines.count - area.height)
            let thumbStart = min(area.height - thumbSize, (area.height - thumbSize) * min(state.offset, maxOffset) / maxOffset)
            for i in 0..<area.height {
                let inThumb = i >= thumbStart && i < thumbStart + thumbSize
                buffer.setString(inThumb ? "█" : "│", x: area.right - 1, y: area.y + i, style: style.patched(with: barStyle), clip: area)
            }
        }
        var y = text.y
        var index = state.offset
        while y < text.bottom, index < lines.count {
            if state.wrap {
                for piece in TextViewer.wrap(lines[index], width: text.width) {
                    guard y < text.bottom else { break }
                    buffer.setLine(piece, x: text.x, y: y, base: style, clip: text.row(y - text.y))
                    y += 1
                }
            } else {
                buffer.setLine(lines[index], x: text.x - state.leftColumn, y: y, base: style, clip: text.row(y - text.y))
                y += 1
            }
            index += 1
        }
    }

    /// Splits a line into pieces at most `width` columns wide, keeping span styles.
    public static func wrap(_ line: Line, width: Int) -> [Line] {
        guard width > 0 else { return [line] }
        var pieces: [Line] = []
        var current: [Span] = []
        var used = 0
        for span in line.spans {
            var text = ""
            for character in span.text {
                let w = DisplayWidth.of(character)
                if used + w > width {
                    if !text.isEmpty { current.append(Span(text, style: span.style)) }
                    pieces.append(Line(current))
                    current = []
                    text = ""
                    used = 0
                }
                text.append(character)
                used += w
            }
            if !text.isEmpty { current.append(Span(text, style: span.style)) }
        }
        pieces.append(Line(current))
        return pieces
    }

    /// Wraps plain text at spaces to `width` columns; a word wider than `width` is cut by display width.
    ///
    /// A word that fits on a line of its own moves to the next line whole; grapheme clusters stay whole,
    /// and a wide character goes on a row of its own when `width` is one column.
    public static func wordWrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [text] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
                let candidate = line.isEmpty ? word : line + " " + word
                if candidate.displayWidth <= width {
                    line = candidate
                    continue
                }
                if !line.isEmpty { result.append(line) }
                var rest = word
                while rest.displayWidth > width, rest.count > 1 {
                    var head = rest.prefix(columns: width)
                    if head.isEmpty { head = String(rest.prefix(1)) }
                    result.append(head)
                    rest = String(rest.dropFirst(head.count))
                }
                line = rest
            }
            result.append(line)
        }
        return result
    }
}
