/// The containers a `JSONScanner` is inside, innermost last: objects and arrays.
///
/// The first 64 levels are bits of one word, so opening and closing a container in ordinary JSON
/// neither allocates nor touches an array; deeper levels spill into an array, so nesting stays
/// limited only by memory.
struct JSONContainerStack: Sendable {
    /// Levels 1 to 64 as bits, level n at bit n - 1: set for an object.
    private var bits: UInt64 = 0
    /// Levels beyond 64, innermost last: true for an object.
    private var deeper: [Bool] = []
    /// How many containers are open.
    private(set) var depth = 0

    /// Whether no container is open.
    var isEmpty: Bool { depth == 0 }

    /// Whether the innermost open container is an object (false when none is open).
    var innermostIsObject: Bool {
        if depth == 0 { return false }
        if depth > 64 { return deeper.last == true }
        return bits >> UInt64(depth - 1) & 1 == 1
    }

    /// Opens a container inside the innermost one.
    mutating func open(isObject: Bool) {
        if depth < 64 {
            let bit: UInt64 = 1 << UInt64(depth)
            bits = isObject ? bits | bit : bits & ~bit
        } else {
            deeper.append(isObject)
        }
        depth += 1
    }

    /// Closes the innermost container and says whether it was an object; there must be one.
    mutating func close() -> Bool {
        depth -= 1
        if depth >= 64 { return deeper.removeLast() }
        return bits >> UInt64(depth) & 1 == 1
    }
}
