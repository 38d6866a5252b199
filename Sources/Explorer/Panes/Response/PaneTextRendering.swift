import BodyIndex
import TUICore

extension PaneText {
    /// The styled runs of line `index` of `part`, colored from `theme`.
    static func runs(of part: PanePart, line index: Int, theme: Theme) -> [StyledRun] {
        runs(of: part, line: index, bytes: part.lines.line(index), theme: theme)
    }

    /// The styled runs of line `index` of `part` whose bytes are `line`, colored from `theme`.
    static func runs(of part: PanePart, line index: Int, bytes line: (bytes: BodyBytes, range: Range<Int>), theme: Theme) -> [StyledRun] {
        let range = line.range
        let text = Style(fg: theme[.text])
        switch part.coloring {
        case .plain:
            return [StyledRun(range: range, style: text)]
        case .emphasis:
            return [StyledRun(range: range, style: text.bold)]
        case .notice(let role):
            return [StyledRun(range: range, style: Style(fg: theme[role]))]
        case .header:
            let bytes = line.bytes
            guard let colon = bytes[range].firstIndex(of: UInt8(ascii: ":")) else { return [StyledRun(range: range, style: text)] }
            return [
                StyledRun(range: range.lowerBound..<(colon + 1), style: Style(fg: theme[.key])),
                StyledRun(range: (colon + 1)..<range.upperBound, style: text),
            ]
        case .diff(let columns):
            return DiffLineColoring.runs(line.bytes, range, columns: columns, theme: theme)
        case .markup(let states):
            return MarkupLineLexer.runs(line.bytes, range, from: states[index] ?? .normal).runs.map { run in
                StyledRun(range: run.range, style: run.role.map { Style(fg: $0.color(in: theme)) } ?? text)
            }
        case .json(let states):
            let start = part.lines.isContinuation(index) ? states[index] ?? .normal : .normal
            return JSONLineLexer.runs(line.bytes, range, from: start).runs.map { run in
                StyledRun(range: run.range, style: run.role.map { Style(fg: theme[$0]) } ?? text)
            }
        }
    }

    /// Draws the lines from `position` into `area`, wrapped or cut at the right edge; returns the rows used.
    @discardableResult
    func render(into buffer: inout Buffer, area: Rect, from position: ScrollPosition, wrap: Bool, theme: Theme, base: Style) -> Int {
        guard !area.isEmpty, lineCount > 0 else { return 0 }
        var y = 0
        var line = position.line
        var skipRows = wrap ? position.subRow : 0
        let left = wrap ? 0 : position.column
        while y < area.height, line < lineCount {
            let (part, index) = locate(line)
            let text = part.lines.line(index)
            let runs = Self.runs(of: part, line: index, bytes: text, theme: theme)
            let top = y
            let skip = skipRows
            let used = LineLayout.walk(text.bytes, runs, width: area.width, wrap: wrap, breakAtSpaces: part.breaksAtSpaces) { row, column, character, width, style in
                if wrap {
                    if row < skip { return true }
                    let screenRow = top + row - skip
                    guard screenRow < area.height else { return false }
                    buffer.set(character, x: area.x + column, y: area.y + screenRow, style: base.patched(with: style), clip: area)
                    return true
                }
                if column + width <= left { return true }
                let x = column - left
                guard x < area.width else { return false }
                if x < 0 {
                    buffer.set(" ", x: area.x, y: area.y + top, style: base.patched(with: style), clip: area)
                    return true
                }
                buffer.set(character, x: area.x + x, y: area.y + top, style: base.patched(with: style), clip: area)
                return true
            }
            y += wrap ? max(1, used - skip) : 1
            skipRows = 0
            line += 1
        }
        return y
    }
}
