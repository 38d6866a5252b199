/// A position on the screen, in columns (`x`) and rows (`y`) from the top-left corner.
public struct Position: Hashable, Sendable, CustomStringConvertible {
    /// The column, starting at 0.
    public var x: Int
    /// The row, starting at 0.
    public var y: Int

    /// Creates a position from a column and a row.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// A readable form such as `(3,4)`.
    public var description: String { "(\(x),\(y))" }
}

/// A size in columns and rows.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a size; negative values are clamped to zero.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A readable form such as `80x24`.
    public var description: String { "\(width)x\(height)" }
}

/// Space to leave on each side of a rectangle.
public struct Margin: Hashable, Sendable {
    /// Rows kept free at the top.
    public var top: Int
    /// Columns kept free on the right.
    public var right: Int
    /// Rows kept free at the bottom.
    public var bottom: Int
    /// Columns kept free on the left.
    public var left: Int

    /// Creates a margin with a value per side.
    public init(top: Int = 0, right: Int = 0, bottom: Int = 0, left: Int = 0) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same margin on all four sides.
    public static func all(_ value: Int) -> Margin {
        Margin(top: value, right: value, bottom: value, left: value)
    }

    /// `horizontal` columns left and right, `vertical` rows top and bottom.
    public static func symmetric(horizontal: Int = 0, vertical: Int = 0) -> Margin {
        Margin(top: vertical, right: horizontal, bottom: vertical, left: horizontal)
    }

    /// No margin at all.
    public static let zero = Margin()
}

/// An axis-aligned rectangle of cells; width and height are never negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns.
    public var width: Int
    /// The number of rows.
    public var height: Int

    /// Creates a rectangle; negative sizes are clamped to zero.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// A rectangle at the origin with the given size.
    public init(size: Size) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// One past the right-most column.
    public var right: Int { x + width }
    /// One past the bottom row.
    public var bottom: Int { y + height }
    /// The number of cells covered.
    public var area: Int { width * height }
    /// True when the rectangle covers no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }
    /// The size of the rectangle.
    public var size: Size { Size(width: width, height: height) }

    /// True when the cell at (`x`, `y`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < right && py >= y && py < bottom
    }

    /// True when `position` lies inside.
    public func contains(_ position: Position) -> Bool {
        contains(x: position.x, y: position.y)
    }

    /// The overlap of two rectangles, empty (at the origin of `self`) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let r = min(right, other.right)
        let b = min(bottom, other.bottom)
        if r <= left || b <= top { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: r - left, height: b - top)
    }

    /// The rectangle shrunk by `margin` on each side, never below zero size.
    public func inset(by margin: Margin) -> Rect {
        let w = width - margin.left - margin.right
        let h = height - margin.top - margin.bottom
        return Rect(x: x + margin.left, y: y + margin.top, width: max(0, w), height: max(0, h))
    }

    /// A rectangle of at most the given size, centred inside this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(max(0, w), width)
        let ch = min(max(0, h), height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }

    /// The single row at offset `row` from the top, or an empty rectangle when outside.
    public func row(_ row: Int) -> Rect {
        guard row >= 0, row < height else { return Rect(x: x, y: bottom, width: width, height: 0) }
        return Rect(x: x, y: y + row, width: width, height: 1)
    }

    /// A readable form such as `Rect(1,2 10x3)`.
    public var description: String { "Rect(\(x),\(y) \(width)x\(height))" }
}
