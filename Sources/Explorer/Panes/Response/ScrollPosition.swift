/// Where a scrollable tab is: its top line, the wrapped row inside that line, and the first column shown.
public struct ScrollPosition: Hashable, Sendable, Comparable {
    /// The line at the top of the view.
    public var line: Int
    /// With wrapping on, how many rows of that line are scrolled past.
    public var subRow: Int
    /// With wrapping off, how many columns are scrolled past on the left.
    public var column: Int

    /// Creates a position.
    public init(line: Int = 0, subRow: Int = 0, column: Int = 0) {
        self.line = line
        self.subRow = subRow
        self.column = column
    }

    /// The top of a text.
    public static let top = ScrollPosition()

    /// Orders positions by line, then wrapped row.
    public static func < (lhs: ScrollPosition, rhs: ScrollPosition) -> Bool {
        (lhs.line, lhs.subRow) < (rhs.line, rhs.subRow)
    }
}

/// The size of the area a text is shown in and whether long lines wrap.
struct PaneGeometry: Equatable, Sendable {
    /// Columns.
    var width: Int
    /// Rows.
    var height: Int
    /// Whether long lines wrap onto further rows.
    var wrap: Bool
}

extension PaneText {
    /// The number of rows line `line` takes.
    func rowCount(of line: Int, in geometry: PaneGeometry) -> Int {
        guard geometry.wrap else { return 1 }
        let (part, index) = locate(line)
        let text = part.lines.line(index)
        return LineLayout.rowCount(text.bytes, text.range, width: geometry.width, breakAtSpaces: part.breaksAtSpaces)
    }

    /// The furthest position that still fills the view: the last line at the bottom row.
    func lastTop(in geometry: PaneGeometry) -> ScrollPosition {
        guard lineCount > 0 else { return .top }
        var line = lineCount - 1
        var subRow = rowCount(of: line, in: geometry) - 1
        var remaining = max(1, geometry.height) - 1
        while remaining > 0 {
            if subRow > 0 {
                let step = min(subRow, remaining)
                subRow -= step
                remaining -= step
            } else if line > 0 {
                line -= 1
                subRow = rowCount(of: line, in: geometry) - 1
                remaining -= 1
            } else {
                break
            }
        }
        return ScrollPosition(line: line, subRow: subRow)
    }

    /// `position` kept inside the text: not past the last page, rows within their line.
    func clamped(_ position: ScrollPosition, in geometry: PaneGeometry) -> ScrollPosition {
        var result = position
        result.column = geometry.wrap ? 0 : max(0, position.column)
        guard lineCount > 0 else { return ScrollPosition(column: result.column) }
        result.line = min(max(0, result.line), lineCount - 1)
        result.subRow = geometry.wrap ? min(max(0, result.subRow), rowCount(of: result.line, in: geometry) - 1) : 0
        let last = lastTop(in: geometry)
        if last < result {
            result.line = last.line
            result.subRow = last.subRow
        }
        return result
    }

    /// `position` moved by `rows` rows (negative: up), clamped.
    func scrolled(_ position: ScrollPosition, by rows: Int, in geometry: PaneGeometry) -> ScrollPosition {
        var result = clamped(position, in: geometry)
        guard lineCount > 0 else { return result }
        if rows > 0 {
            let last = lastTop(in: geometry)
            var remaining = rows
            var lineRows = rowCount(of: result.line, in: geometry)
            while remaining > 0, result < last {
                if result.subRow + 1 < lineRows {
                    result.subRow += 1
                } else {
                    result.line += 1
                    result.subRow = 0
                    lineRows = rowCount(of: result.line, in: geometry)
                }
                remaining -= 1
            }
        } else {
            var remaining = -rows
            while remaining > 0 {
                if result.subRow > 0 {
                    result.subRow -= 1
                } else if result.line > 0 {
                    result.line -= 1
                    result.subRow = rowCount(of: result.line, in: geometry) - 1
                } else {
                    break
                }
                remaining -= 1
            }
        }
        return result
    }
}
