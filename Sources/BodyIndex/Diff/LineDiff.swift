/// A line-by-line difference between two texts: Myers' algorithm, iterative, with bounds on size and distance.
///
/// The common head and tail are skipped first; what remains is diffed only when it has at most `maximumLines`
/// lines on each side and differs by at most `maximumEdits` inserted and deleted lines, so memory and time stay
/// bounded whatever the texts are.
public enum LineDiff {
    /// One line of the result.
    public struct Line: Equatable, Sendable {
        /// Whether the line is in both texts, only the first, or only the second.
        public enum Kind: Equatable, Sendable {
            /// In both.
            case same
            /// Only in the first text.
            case removed
            /// Only in the second text.
            case added
        }

        /// Which.
        public var kind: Kind
        /// The line's index in the first text, when it is there.
        public var old: Int?
        /// The line's index in the second text, when it is there.
        public var new: Int?
    }

    /// The most lines per side diffed after the common head and tail are skipped.
    public static let maximumLines = 200_000
    /// The most inserted plus deleted lines searched for; the frontiers kept for the walk back grow with its square
    /// (2,000 edits keep about 4 million 32-bit offsets, 16 MB).
    public static let maximumEdits = 2_000

    /// The lines of both texts in order, or nil when the texts are too large or too different to diff within the bounds.
    public static func diff(_ old: [Substring], _ new: [Substring], maximumLines: Int = maximumLines, maximumEdits: Int = maximumEdits) -> [Line]? {
        var ids: [Substring: Int] = [:]
        func id(_ line: Substring) -> Int {
            if let known = ids[line] { return known }
            let next = ids.count
            ids[line] = next
            return next
        }
        let a = old.map(id)
        let b = new.map(id)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middleA = Array(a[head..<(a.count - tail)])
        let middleB = Array(b[head..<(b.count - tail)])
        guard middleA.count <= maximumLines, middleB.count <= maximumLines,
              let middle = myers(middleA, middleB, maximumEdits: maximumEdits) else { return nil }
        var lines: [Line] = []
        lines.reserveCapacity(head + middle.count + tail)
        for index in 0..<head { lines.append(Line(kind: .same, old: index, new: index)) }
        for line in middle {
            lines.append(Line(kind: line.kind, old: line.old.map { $0 + head }, new: line.new.map { $0 + head }))
        }
        for offset in 0..<tail {
            lines.append(Line(kind: .same, old: a.count - tail + offset, new: b.count - tail + offset))
        }
        return lines
    }

    /// Myers' shortest edit script over two id lists, keeping each round's frontier for the walk back.
    private static func myers(_ a: [Int], _ b: [Int], maximumEdits: Int) -> [Line]? {
        let n = a.count
        let m = b.count
        if n == 0 { return (0..<m).map { Line(kind: .added, old: nil, new: $0) } }
        if m == 0 { return (0..<n).map { Line(kind: .removed, old: $0, new: nil) } }
        let limit = min(n + m, maximumEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int32]] = []
        var found = false
        var finalD = 0
        search: for d in 0...limit {
            trace.append(v[(offset - d)...(offset + d)].map { Int32(truncatingIfNeeded: $0) })
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    found = true
                    finalD = d
                    break search
                }
            }
        }
        guard found else { return nil }
        var reversed: [Line] = []
        var x = n
        var y = m
        for d in stride(from: finalD, through: 1, by: -1) {
            let frontier = trace[d]
            let k = x - y
            let previousK: Int
            // The frontier saved before round d spans diagonals -d...d (index k + d).
            if k == -d || (k != d && frontier[k - 1 + d] < frontier[k + 1 + d]) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = Int(frontier[previousK + d])
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                reversed.append(Line(kind: .same, old: x, new: y))
            }
            if x == previousX {
                y -= 1
                reversed.append(Line(kind: .added, old: nil, new: y))
            } else {
                x -= 1
                reversed.append(Line(kind: .removed, old: x, new: nil))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            reversed.append(Line(kind: .same, old: x, new: y))
        }
        return reversed.reversed()
    }
}
