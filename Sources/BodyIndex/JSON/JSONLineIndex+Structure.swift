/// The bits of a line's word in `JSONLineIndex`: the depth in the low 28 bits, then what the line opens or closes.
package enum LineFlags {
    /// The bits that hold the depth.
    package static let depthMask: UInt32 = (1 << 28) - 1
    /// The line continues the line before it (a line too long to keep whole).
    package static let continuation: UInt32 = 1 << 28
    /// The line ends by opening an object or array whose members follow on the next lines.
    package static let opens: UInt32 = 1 << 29
    /// The line starts with the closing bracket of a container.
    package static let closes: UInt32 = 1 << 30
    /// The container the line opens is an object (else an array).
    package static let object: UInt32 = 1 << 31

    /// The word of a line at `depth`, no flags set; depths past the mask are capped.
    @inline(__always)
    package static func word(depth: Int) -> UInt32 { UInt32(clamping: max(0, min(depth, Int(depthMask)))) }
}

/// The structure of a pretty-printed JSON body read from the line words: bracket matches, parents and child counts.
///
/// A line's depth is that of the item it holds; a line that starts with a closing bracket has the depth of the container
/// it closes, so a container's opening and closing lines share a depth. Every answer scans the compact words, never the
/// text, and nothing recurses, whatever the nesting.
extension JSONLineIndex {
    /// Whether `line` ends by opening an object or array whose members follow on the next lines.
    package func opens(_ line: Int) -> Bool { records[line].word & LineFlags.opens != 0 }

    /// Whether the container that `line` opens is an object (otherwise an array).
    package func opensObject(_ line: Int) -> Bool { records[line].word & LineFlags.object != 0 }

    /// Whether `line` starts with the closing bracket of a container.
    package func closes(_ line: Int) -> Bool { records[line].word & LineFlags.closes != 0 }

    /// Whether `line` starts a member or element of its container (not a closing bracket, not a continuation).
    package func startsItem(_ line: Int) -> Bool { records[line].word & (LineFlags.continuation | LineFlags.closes) == 0 }

    /// The closing line of the container opened on `line`, or nil when `line` opens nothing (or its end is not indexed yet).
    package func closingLine(of line: Int) -> Int? {
        guard line >= 0, line < lineCount, opens(line) else { return nil }
        let depth = depth(at: line)
        var next = line + 1
        while next < lineCount {
            if closes(next), self.depth(at: next) == depth { return next }
            next += 1
        }
        return nil
    }

    /// The opening line of the container closed on `line`, or nil when `line` closes nothing.
    package func openingLine(of line: Int) -> Int? {
        guard line >= 0, line < lineCount, closes(line) else { return nil }
        let depth = depth(at: line)
        var previous = line - 1
        while previous >= 0 {
            if opens(previous), self.depth(at: previous) == depth { return previous }
            previous -= 1
        }
        return nil
    }

    /// The first line of the item that `line` is part of (stepping back over continuation lines).
    package func itemStart(_ line: Int) -> Int {
        var start = min(max(0, line), lineCount - 1)
        while start > 0, isContinuation(start) { start -= 1 }
        return start
    }

    /// The line that opens the container holding the item on `line`, or nil for the top-level value.
    package func parentLine(of line: Int) -> Int? {
        let depth = depth(at: line)
        guard depth > 0 else { return nil }
        var previous = line - 1
        while previous >= 0 {
            if opens(previous), self.depth(at: previous) < depth { return previous }
            previous -= 1
        }
        return nil
    }

    /// How many members or elements the container opened on `line` and closed on `closing` holds.
    package func childCount(opening line: Int, closing: Int) -> Int {
        let childDepth = depth(at: line) + 1
        var count = 0
        var next = line + 1
        while next < closing {
            if startsItem(next), depth(at: next) == childDepth { count += 1 }
            next += 1
        }
        return count
    }

    /// The position of the item on `line` among its siblings (counting from 0), given its container's opening line.
    package func position(of line: Int, after parent: Int) -> Int {
        let depth = depth(at: line)
        var count = 0
        var next = parent + 1
        while next < line {
            if startsItem(next), self.depth(at: next) == depth { count += 1 }
            next += 1
        }
        return count
    }
}
