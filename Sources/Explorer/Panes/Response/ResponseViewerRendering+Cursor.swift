import BodyIndex
import TUICore

extension ResponseViewerState {
    /// Draws a JSON body with its folds, the cursor line highlighted and, when on, the line-number gutter.
    ///
    /// The cursor and the scroll position come from the state; only the lines on screen are read.
    func renderNavigableJSON(_ index: JSONLineIndex, into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard !area.isEmpty, index.lineCount > 0, let part = document?.bodyText.parts.first else { return }
        let gutter = min(gutterWidth(lineCount: index.lineCount), max(0, area.width - 1))
        let view = bodyView(index, size: area.size)
        let text = Rect(x: area.x + gutter, y: area.y, width: area.width - gutter, height: area.height)
        let top = view.clamped(scroll[.body] ?? .top)
        let cursorStyle = theme[.selection] == .default ? Style(modifiers: .reverse) : Style(bg: theme[.selection])
        let numberStyle = base.patched(with: Style(fg: theme[.muted]))
        let labelStyle = Style(fg: theme[.muted])
        var y = 0
        var skip = top.subRow
        var line: Int? = top.line
        while let current = line, y < area.height {
            let lineText = part.lines.line(current)
            var bytes = lineText.bytes
            var runs = PaneText.runs(of: part, line: current, bytes: lineText, theme: theme)
            if let fold = view.folding.visibleFold(at: current) {
                let folded = view.foldedBytes(fold)
                runs.append(StyledRun(range: lineText.range.upperBound..<folded.count, style: Style(fg: theme[.punctuation])))
                bytes = BodyBytes(folded)
                bytes.append(contentsOf: Array((" " + fold.sizeLabel).utf8))
                runs.append(StyledRun(range: folded.count..<bytes.count, style: labelStyle))
            }
            let rowSkip = skip
            let firstRow = y
            let used = LineLayout.walk(bytes, runs, width: text.width, wrap: wrap) { row, column, character, width, style in
                let cellStyle = base.patched(with: style)
                if wrap {
                    if row < rowSkip { return true }
                    let screenRow = firstRow + row - rowSkip
                    guard screenRow < area.height else { return false }
                    buffer.set(character, x: text.x + column, y: text.y + screenRow, style: cellStyle, clip: text)
                    return true
                }
                if column + width <= top.column { return true }
                let x = column - top.column
                guard x < text.width else { return false }
                if x < 0 {
                    buffer.set(" ", x: text.x, y: text.y + firstRow, style: cellStyle, clip: text)
                    return true
                }
                buffer.set(character, x: text.x + x, y: text.y + firstRow, style: cellStyle, clip: text)
                return true
            }
            let rows = min(area.height - firstRow, wrap ? max(1, used - rowSkip) : 1)
            if gutter > 0, rowSkip == 0 {
                let number = String(current + 1)
                let style = current == navigation.cursor ? base.patched(with: Style(fg: theme[.text], modifiers: .bold)) : numberStyle
                buffer.setString(number, x: area.x + gutter - 1 - number.count, y: area.y + firstRow, style: style, clip: area)
            }
            if current == navigation.cursor {
                buffer.setStyle(Rect(x: text.x, y: text.y + firstRow, width: text.width, height: rows), style: cursorStyle)
            }
            y += rows
            skip = 0
            line = view.next(current)
        }
    }
}
