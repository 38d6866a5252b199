import BodyIndex
import TUICore

/// The lines of a JSON body as the Body tab shows them with folds: which lines are visible, how many rows each
/// takes, and scrolling over them.
///
/// A folded container takes one line (its opening line with `…` and its closing bracket); the lines it hides
/// are skipped by the fold map, never copied. Only the lines walked over are measured.
struct JSONBodyView {
    /// The body's line index, which writes each line when asked for.
    let index: JSONLineIndex
    /// What is folded.
    let folding: JSONFolding
    /// The text area, without the line-number gutter.
    let geometry: PaneGeometry

    /// The number of lines, hidden ones included.
    var count: Int { index.lineCount }

    /// The last visible line.
    var lastLine: Int { folding.visibleLine(max(0, count - 1)) }

    /// The bytes drawn for a folded line: the opening line, `…`, the closing bracket and the comma that follows it
    /// when there is one (the size label follows).
    func foldedBytes(_ fold: JSONFold) -> [UInt8] {
        var bytes = index.line(at: fold.start)
        bytes.append(contentsOf: Array("…".utf8))
        bytes.append(fold.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        let closing = index.line(at: fold.end)
        if closing.last(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) == UInt8(ascii: ",") {
            bytes.append(UInt8(ascii: ","))
        }
        return bytes
    }

    /// The number of rows `line` takes (a folded line counts its size label too).
    func rows(of line: Int) -> Int {
        guard geometry.wrap else { return 1 }
        if let fold = folding.visibleFold(at: line) {
            var bytes = foldedBytes(fold)
            bytes.append(contentsOf: Array((" " + fold.sizeLabel).utf8))
            return LineLayout.rowCount(bytes, 0..<bytes.count, width: geometry.width)
        }
        let bytes = index.line(at: line)
        return LineLayout.rowCount(bytes, 0..<bytes.count, width: geometry.width)
    }

    /// The visible line after `line`, or nil at the end.
    func next(_ line: Int) -> Int? { folding.line(after: line, count: count) }

    /// The visible line before `line`, or nil at the start.
    func previous(_ line: Int) -> Int? { folding.line(before: line) }

    /// The furthest top position that still fills the view.
    func lastTop() -> ScrollPosition {
        guard count > 0 else { return .top }
        var line = lastLine
        var subRow = rows(of: line) - 1
        var remaining = max(1, geometry.height) - 1
        while remaining > 0 {
            if subRow > 0 {
                let step = min(subRow, remaining)
                subRow -= step
                remaining -= step
            } else if let before = previous(line) {
                line = before
                subRow = rows(of: line) - 1
                remaining -= 1
            } else {
                break
            }
        }
        return ScrollPosition(line: line, subRow: subRow)
    }

    /// `position` on a visible line, rows within the line, not past the last page.
    func clamped(_ position: ScrollPosition) -> ScrollPosition {
        var result = position
        result.column = geometry.wrap ? 0 : max(0, position.column)
        guard count > 0 else { return ScrollPosition(column: result.column) }
        result.line = folding.visibleLine(min(max(0, result.line), count - 1))
        result.subRow = geometry.wrap ? min(max(0, result.subRow), rows(of: result.line) - 1) : 0
        let last = lastTop()
        if last < result {
            result.line = last.line
            result.subRow = last.subRow
        }
        return result
    }

    /// `position` moved by `rows` rows (negative: up), clamped.
    func scrolled(_ position: ScrollPosition, by rows: Int) -> ScrollPosition {
        var result = clamped(position)
        guard count > 0 else { return result }
        if rows > 0 {
            let last = lastTop()
            var remaining = rows
            var lineRows = self.rows(of: result.line)
            while remaining > 0, result < last {
                if result.subRow + 1 < lineRows {
                    result.subRow += 1
                } else if let after = next(result.line) {
                    result.line = after
                    result.subRow = 0
                    lineRows = self.rows(of: after)
                } else {
                    break
                }
                remaining -= 1
            }
        } else {
            result = back(result, by: -rows)
        }
        return result
    }

    /// `position` moved up by `rows` rows, stopping at the first line, without clamping.
    private func back(_ position: ScrollPosition, by rows: Int) -> ScrollPosition {
        var result = position
        var remaining = rows
        while remaining > 0 {
            if result.subRow > 0 {
                result.subRow -= 1
            } else if let before = previous(result.line) {
                result.line = before
                result.subRow = self.rows(of: before) - 1
            } else {
                break
            }
            remaining -= 1
        }
        return result
    }

    /// The visible lines whose first row is on screen from `top`, each with that row.
    func linesInView(from top: ScrollPosition) -> [(line: Int, row: Int)] {
        guard count > 0 else { return [] }
        var result: [(line: Int, row: Int)] = []
        var row = -top.subRow
        var line: Int? = top.line
        while let current = line, row < geometry.height {
            if row >= 0 { result.append((current, row)) }
            row += rows(of: current)
            line = next(current)
        }
        return result
    }

    /// The visible line drawn on screen row `row` from `top`, if any.
    func line(atRow row: Int, from top: ScrollPosition) -> Int? {
        guard count > 0, row >= 0, row < geometry.height else { return nil }
        var first = -top.subRow
        var line: Int? = top.line
        while let current = line, first < geometry.height {
            let height = rows(of: current)
            if row < first + height { return current }
            first += height
            line = next(current)
        }
        return nil
    }

    /// `top` moved as little as possible so that all of `line` is on screen (its top row when it is taller than the view).
    func revealing(_ line: Int, from top: ScrollPosition) -> ScrollPosition {
        var top = clamped(top)
        if line < top.line || (line == top.line && top.subRow > 0) {
            top = ScrollPosition(line: line, column: top.column)
            return clamped(top)
        }
        var row = -top.subRow
        var current: Int? = top.line
        while let visible = current, visible < line, row < geometry.height {
            row += rows(of: visible)
            current = next(visible)
        }
        let height = rows(of: line)
        if row + height <= geometry.height { return top }
        if height >= geometry.height { return clamped(ScrollPosition(line: line, column: top.column)) }
        return clamped(back(ScrollPosition(line: line, subRow: height - 1, column: top.column), by: geometry.height - 1))
    }
}
