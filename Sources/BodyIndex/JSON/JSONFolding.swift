/// One folded object or array: the lines it spans and the size shown in place of them.
package struct JSONFold: Equatable, Sendable {
    /// The line that opens the container (it stays visible, drawn as `{…}` or `[…]`).
    package var start: Int
    /// The line that closes it.
    package var end: Int
    /// Whether the container is an object (else an array).
    package var isObject: Bool
    /// How many members or elements it holds.
    package var childCount: Int

    /// Creates a fold of the lines `start...end` of a container holding `childCount` members or elements.
    package init(start: Int, end: Int, isObject: Bool, childCount: Int) {
        self.start = start
        self.end = end
        self.isObject = isObject
        self.childCount = childCount
    }

    /// The size as shown after the folded line: `12 keys`, `1 item`, `3,000 items`.
    package var sizeLabel: String {
        let noun = isObject ? (childCount == 1 ? "key" : "keys") : (childCount == 1 ? "item" : "items")
        return "\(JSONFold.grouped(childCount)) \(noun)"
    }

    /// A count with thousands separators, e.g. `3,000`.
    package static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return value < 0 ? "-" + text : text
    }
}

/// The folded containers of a JSON body, and the map between lines and the lines left visible.
///
/// Folds nest or are disjoint, like the containers they fold. Every fold is remembered (unfolding an outer
/// one shows the inner ones still folded); the outermost ones, sorted, decide what is hidden, so mapping a
/// line costs a binary search, whatever the number of folds.
package struct JSONFolding: Equatable, Sendable {
    /// Every fold, by its opening line.
    package private(set) var folds: [Int: JSONFold] = [:]
    /// The folds not inside another fold, by opening line, ascending.
    private var outermost: [JSONFold] = []

    /// No folds.
    package init() {}

    /// Whether nothing is folded.
    package var isEmpty: Bool { folds.isEmpty }

    /// The fold that starts on `line`, if that line is visible and folded.
    package func visibleFold(at line: Int) -> JSONFold? {
        guard let index = outermostIndex(atOrBefore: line), outermost[index].start == line else { return nil }
        return outermost[index]
    }

    /// The visible line that shows `line`: the line itself, or the opening line of the outermost fold hiding it.
    package func visibleLine(_ line: Int) -> Int {
        guard let index = outermostIndex(atOrBefore: line) else { return line }
        let fold = outermost[index]
        return line <= fold.end ? fold.start : line
    }

    /// The visible line after `line` (a visible line), or nil after the last of `count` lines.
    package func line(after line: Int, count: Int) -> Int? {
        let next = (visibleFold(at: line)?.end ?? line) + 1
        return next < count ? next : nil
    }

    /// The visible line before `line` (a visible line), or nil before the first.
    package func line(before line: Int) -> Int? {
        line > 0 ? visibleLine(line - 1) : nil
    }

    /// Folds `fold` (or replaces the fold that starts on the same line).
    package mutating func insert(_ fold: JSONFold) {
        folds[fold.start] = fold
        rebuildOutermost()
    }

    /// Folds many containers at once.
    package mutating func insert(contentsOf added: [JSONFold]) {
        for fold in added { folds[fold.start] = fold }
        rebuildOutermost()
    }

    /// Unfolds the container opened on `line`.
    package mutating func remove(at line: Int) {
        guard folds.removeValue(forKey: line) != nil else { return }
        rebuildOutermost()
    }

    /// Unfolds everything.
    package mutating func removeAll() {
        folds = [:]
        outermost = []
    }

    /// The index in `outermost` of the last fold starting at or before `line`.
    private func outermostIndex(atOrBefore line: Int) -> Int? {
        var low = 0
        var high = outermost.count
        while low < high {
            let mid = (low + high) / 2
            if outermost[mid].start <= line { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? low - 1 : nil
    }

    /// Recomputes the outermost folds: sorted by start, each one dropped when an earlier one contains it.
    private mutating func rebuildOutermost() {
        var result: [JSONFold] = []
        for fold in folds.values.sorted(by: { $0.start < $1.start }) {
            if let last = result.last, fold.start <= last.end { continue }
            result.append(fold)
        }
        outermost = result
    }
}
