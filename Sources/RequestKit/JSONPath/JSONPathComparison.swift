/// RFC 9535's comparisons (§2.3.5.2.2) between values or nothing (nil): numbers by value, strings by
/// code points, arrays and objects by their contents.
enum JSONPathComparison {
    /// Whether the comparison holds.
    static func holds(_ left: OrderedJSON?, _ comparison: JSONPathComparisonOperator, _ right: OrderedJSON?) -> Bool {
        switch comparison {
        case .equal: return equal(left, right)
        case .notEqual: return !equal(left, right)
        case .less: return less(left, right)
        case .lessOrEqual: return less(left, right) || equal(left, right)
        case .greater: return less(right, left)
        case .greaterOrEqual: return less(right, left) || equal(left, right)
        }
    }

    /// `==`: nothing equals only nothing; otherwise values of the same kind with equal contents.
    static func equal(_ left: OrderedJSON?, _ right: OrderedJSON?) -> Bool {
        guard let left, let right else { return left == nil && right == nil }
        // Arrays and objects are compared with a list of pairs still to check, not by recursion.
        var pending = [(left, right)]
        while let (a, b) = pending.popLast() {
            switch (a, b) {
            case (.null, .null): continue
            case (.bool(let x), .bool(let y)): if x != y { return false }
            case (.number(let x), .number(let y)): if JSONPathNumber.compare(x, y) != 0 { return false }
            case (.string(let x), .string(let y)): if !x.utf8.elementsEqual(y.utf8) { return false }
            case (.array(let x), .array(let y)):
                guard x.count == y.count else { return false }
                pending.append(contentsOf: zip(x, y))
            case (.object(let x), .object(let y)):
                guard x.count == y.count else { return false }
                for member in x {
                    guard let other = y.first(where: { $0.key.utf8.elementsEqual(member.key.utf8) }) else { return false }
                    pending.append((member.value, other.value))
                }
            default: return false
            }
        }
        return true
    }

    /// `<`: numbers by value and strings by code points; false for anything else, nothing included.
    static func less(_ left: OrderedJSON?, _ right: OrderedJSON?) -> Bool {
        switch (left, right) {
        case (.number(let x)?, .number(let y)?): return JSONPathNumber.compare(x, y) < 0
        case (.string(let x)?, .string(let y)?): return x.utf8.lexicographicallyPrecedes(y.utf8)
        default: return false
        }
    }
}
