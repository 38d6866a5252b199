/// A size rule for one part of a layout split.
public enum Constraint: Hashable, Sendable {
    /// Exactly this many cells (less when space runs out).
    case length(Int)
    /// This percentage of the available space, rounded down.
    case percentage(Int)
    /// At least this many cells; grows to take leftover space when no `fill` is present.
    case min(Int)
    /// A share of the space left after the other constraints, by weight (1 or more).
    case fill(Int)
}

/// The axis along which a layout splits a rectangle.
public enum Direction: Hashable, Sendable {
    /// Parts stacked top to bottom.
    case vertical
    /// Parts side by side, left to right.
    case horizontal
}

/// A pure description of how to split a rectangle into parts.
///
/// `split(_:)` is a pure function: the same rectangle always gives the same parts.
/// The parts cover the rectangle (minus margin and spacing) without overlap; when the
/// constraints ask for more than there is, later parts shrink first.
public struct Layout: Hashable, Sendable {
    /// The axis to split along.
    public var direction: Direction
    /// One constraint per part.
    public var constraints: [Constraint]
    /// Space kept free around all parts.
    public var margin: Margin
    /// Cells left empty between neighbouring parts.
    public var spacing: Int

    /// Creates a layout.
    public init(direction: Direction, constraints: [Constraint], margin: Margin = .zero, spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.margin = margin
        self.spacing = max(0, spacing)
    }

    /// A layout stacking parts top to bottom.
    public static func vertical(_ constraints: [Constraint], margin: Margin = .zero, spacing: Int = 0) -> Layout {
        Layout(direction: .vertical, constraints: constraints, margin: margin, spacing: spacing)
    }

    /// A layout placing parts left to right.
    public static func horizontal(_ constraints: [Constraint], margin: Margin = .zero, spacing: Int = 0) -> Layout {
        Layout(direction: .horizontal, constraints: constraints, margin: margin, spacing: spacing)
    }

    /// The rectangles of the parts, one per constraint, in order.
    public func split(_ rect: Rect) -> [Rect] {
        let inner = rect.inset(by: margin)
        let count = constraints.count
        guard count > 0 else { return [] }
        let axis = direction == .vertical ? inner.height : inner.width
        let total = max(0, axis - spacing * (count - 1))
        let sizes = Layout.sizes(for: constraints, total: total)
        var rects: [Rect] = []
        rects.reserveCapacity(count)
        var offset = 0
        for (i, size) in sizes.enumerated() {
            let start = min(offset, axis)
            let length = max(0, min(size, axis - start))
            switch direction {
            case .vertical:
                rects.append(Rect(x: inner.x, y: inner.y + start, width: inner.width, height: length))
            case .horizontal:
                rects.append(Rect(x: inner.x + start, y: inner.y, width: length, height: inner.height))
            }
            offset = start + length + (i < count - 1 ? spacing : 0)
        }
        return rects
    }

    /// The length of each part along the axis for `total` available cells.
    static func sizes(for constraints: [Constraint], total: Int) -> [Int] {
        var sizes = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let n): return max(0, n)
            case .percentage(let p): return total * min(max(0, p), 100) / 100
            case .min(let n): return max(0, n)
            case .fill: return 0
            }
        }
        var remaining = total - sizes.reduce(0, +)
        if remaining > 0 {
            let fills = constraints.enumerated().compactMap { i, c -> (Int, Int)? in
                if case .fill(let w) = c { return (i, max(1, w)) }
                return nil
            }
            let growable: [(Int, Int)]
            if !fills.isEmpty {
                growable = fills
            } else {
                growable = constraints.enumerated().compactMap { i, c -> (Int, Int)? in
                    if case .min = c { return (i, 1) }
                    return nil
                }
            }
            let weightSum = growable.reduce(0) { $0 + $1.1 }
            if weightSum > 0 {
                var given = 0
                for (i, weight) in growable {
                    let share = remaining * weight / weightSum
                    sizes[i] += share
                    given += share
                }
                var leftover = remaining - given
                var k = 0
                while leftover > 0 {
                    sizes[growable[k % growable.count].0] += 1
                    leftover -= 1
                    k += 1
                }
                remaining = 0
            }
        }
        var used = 0
        for i in sizes.indices {
            sizes[i] = max(0, min(sizes[i], total - used))
            used += sizes[i]
        }
        return sizes
    }
}

extension Rect {
    /// Splits this rectangle with `layout`; shorthand for `layout.split(self)`.
    public func split(_ layout: Layout) -> [Rect] { layout.split(self) }
}
