import TUICore

extension ResponseViewerState {
    /// The most characters of the search text repeated in the tab bar.
    static let summaryQueryWidth = 16

    /// The style of a match that is not the current one: warning color behind, reverse video without colors.
    static func matchStyle(_ theme: Theme) -> Style {
        theme[.warning] == .default ? Style(modifiers: .reverse) : Style(fg: theme[.background], bg: theme[.warning])
    }

    /// The style of the current match: accent color behind and bold, reverse video and underline without colors.
    static func currentMatchStyle(_ theme: Theme) -> Style {
        theme[.accent] == .default ? Style(modifiers: [.reverse, .bold, .underline]) : Style(fg: theme[.background], bg: theme[.accent], modifiers: .bold)
    }

    /// The search and filter shown in the tab bar once their line is closed, e.g. `/error 3/120`; nil when there is none.
    var searchSummary: String? {
        var pieces: [String] = []
        if filter.applied != nil, tab == .body { pieces.append(filter.running ? "filter running" : "filtered") }
        if search.isActive, !search.isEditing, search.target == searchTarget {
            let query = sanitize(search.field.text).truncated(columns: Self.summaryQueryWidth)
            pieces.append("/\(query) \(search.counter)")
        }
        return pieces.isEmpty ? nil : pieces.joined(separator: "  ")
    }

    /// Lays the match styles over the visible lines already drawn from `top` in `area`.
    ///
    /// Each line with matches is walked again with the same layout as the text, so the cells line up
    /// whatever the tabs, wide characters and control symbols in it.
    func renderSearchHighlights(into buffer: inout Buffer, area: Rect, text: PaneText, from top: ScrollPosition, theme: Theme) {
        guard search.isActive, !search.matches.isEmpty, search.target == searchTarget, !area.isEmpty, text.lineCount > 0 else { return }
        let normal = Self.matchStyle(theme)
        let strong = Self.currentMatchStyle(theme)
        let current = search.current.map { search.matches[$0] }
        var y = 0
        var line = top.line
        var skip = wrap ? top.subRow : 0
        let left = wrap ? 0 : top.column
        while y < area.height, line < text.lineCount {
            let (part, index) = text.locate(line)
            let (lineBytes, range) = part.lines.line(index)
            let hits = search.matches(onLine: line)
            let rows: Int
            if hits.isEmpty {
                rows = wrap ? LineLayout.rowCount(lineBytes, range, width: area.width, breakAtSpaces: part.breaksAtSpaces) : 1
            } else {
                var runs: [StyledRun] = []
                var cursor = range.lowerBound
                for hit in hits {
                    let start = min(range.upperBound, max(cursor, range.lowerBound + hit.start))
                    let end = min(range.upperBound, range.lowerBound + hit.end)
                    guard end > start else { continue }
                    if start > cursor { runs.append(StyledRun(range: cursor..<start, style: .plain)) }
                    runs.append(StyledRun(range: start..<end, style: hit == current ? strong : normal))
                    cursor = end
                }
                if cursor < range.upperBound { runs.append(StyledRun(range: cursor..<range.upperBound, style: .plain)) }
                let firstRow = y
                let skipped = skip
                rows = LineLayout.walk(lineBytes, runs, width: area.width, wrap: wrap, breakAtSpaces: part.breaksAtSpaces) { row, column, _, width, style in
                    let screenRow = firstRow + (wrap ? row - skipped : 0)
                    if wrap, row < skipped { return true }
                    guard screenRow < area.height else { return false }
                    let x = column - left
                    if x + width <= 0 { return true }
                    guard x < area.width else { return false }
                    if style != .plain {
                        let from = max(0, x)
                        buffer.setStyle(Rect(x: area.x + from, y: area.y + screenRow, width: min(width - (from - x), area.width - from), height: 1), style: style)
                    }
                    return true
                }
            }
            y += wrap ? max(1, rows - skip) : 1
            skip = 0
            line += 1
        }
    }

    /// The open search or filter line in the last row of the content area: prompt, text with a cursor, and the counter or a hint.
    func renderLine(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard !area.isEmpty else { return }
        let lineStyle = Style(fg: theme[.text], bg: theme[.background])
        buffer.fill(area, style: base.patched(with: lineStyle))
        let muted = base.patched(with: lineStyle).patched(with: Style(fg: theme[.muted]))
        let prompt: String
        let field: TextFieldState
        var right: [Span] = []
        if search.isEditing {
            prompt = "/"
            field = search.field
            if let error = search.error {
                right = [Span(error, style: Style(fg: theme[.error]))]
            } else {
                right = [Span(search.isRegex ? "regex" : "text", style: Style(fg: theme[.accent])),
                         Span(search.pattern.isCaseSensitive ? " Aa " : " aa ", style: Style(fg: theme[.muted])),
                         Span(search.isActive ? search.counter : "", style: Style(fg: theme[.text], modifiers: .bold))]
            }
        } else {
            prompt = "filter "
            field = filter.field
            right = [Span(field.isEmpty ? "JSONPath ($.items[*].id) or | command" : (FilterState.isCommand(field.text) ? "shell" : "JSONPath"),
                          style: Style(fg: theme[.muted]))]
        }
        let rightWidth = min(area.width / 2, right.reduce(0) { $0 + $1.text.displayWidth })
        let rightX = area.right - rightWidth
        if rightWidth > 0 {
            buffer.setSpans(right, x: rightX, y: area.y, base: base.patched(with: lineStyle), clip: Rect(x: rightX, y: area.y, width: rightWidth, height: 1))
        }
        buffer.setString(prompt, x: area.x, y: area.y, style: muted.bold, clip: area)
        let fieldArea = Rect(x: area.x + prompt.displayWidth, y: area.y, width: max(0, rightX - 1 - area.x - prompt.displayWidth), height: 1)
        guard !fieldArea.isEmpty else { return }
        var shown = field
        shown.keepCursorVisible(width: fieldArea.width)
        buffer.setString(sanitize(shown.text), x: fieldArea.x - shown.scroll, y: area.y, style: base.patched(with: lineStyle), clip: fieldArea)
        let cursorX = fieldArea.x + shown.cursorColumn - shown.scroll
        if cursorX < fieldArea.right { buffer.setStyle(Rect(x: cursorX, y: area.y, width: 1, height: 1), style: Style(modifiers: .reverse)) }
    }
}
