/// The nesting depth of each line of a pretty-printed JSON body, with what the line opens or closes: four bytes a line.
///
/// Built once from the formatted lines in one pass over the bytes (no recursion, whatever the nesting), it
/// answers bracket matches, child counts and parents by scanning the compact per-line words, never the text.
/// A line's depth is that of the item it holds; a line that starts with a closing bracket has the depth of
/// the container it closes, so a container's opening and closing lines share a depth.
struct JSONLineIndex: Equatable, Sendable {
    /// Per line: the depth in the low bits, then the flags below.
    private let words: [UInt32]

    private static let depthMask: UInt32 = (1 << 28) - 1
    private static let continuationFlag: UInt32 = 1 << 28
    private static let opensFlag: UInt32 = 1 << 29
    private static let closesFlag: UInt32 = 1 << 30
    private static let objectFlag: UInt32 = 1 << 31

    /// Indexes `lines`, the output of `JSONBodyLayout.format`.
    init(_ lines: TextLines) {
        var words = [UInt32](repeating: 0, count: lines.count)
        let continuations = lines.continuations
        var nextContinuation = 0
        var depth = 0
        var strings = JSONStringTracker()
        lines.bytes.withUnsafeBufferPointer { bytes in
            for line in 0..<lines.count {
                var isContinuation = false
                if nextContinuation < continuations.count, continuations[nextContinuation] == line {
                    isContinuation = true
                    nextContinuation += 1
                }
                let range = lines.range(of: line)
                var first: UInt8 = 0
                var last: UInt8 = 0
                for offset in range {
                    let byte = bytes[offset]
                    if strings.inString {
                        strings.take(byte)
                        last = UInt8(ascii: "\"")
                        continue
                    }
                    switch byte {
                    case 0x20, 0x09, 0x0D: continue
                    case UInt8(ascii: "\""): strings.take(byte)
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                    default: break
                    }
                    if first == 0 { first = byte }
                    last = byte
                }
                let closes = !isContinuation && (first == UInt8(ascii: "}") || first == UInt8(ascii: "]"))
                let opens = last == UInt8(ascii: "{") || last == UInt8(ascii: "[")
                let itemDepth = opens ? depth - 1 : depth
                var word = UInt32(clamping: max(0, itemDepth)) & Self.depthMask
                if isContinuation { word |= Self.continuationFlag }
                if opens { word |= Self.opensFlag }
                if closes { word |= Self.closesFlag }
                if opens && last == UInt8(ascii: "{") { word |= Self.objectFlag }
                words[line] = word
            }
        }
        self.words = words
    }

    /// The number of lines indexed.
    var count: Int { words.count }

    /// The depth of the item on `line` (0 for the top-level value).
    func depth(_ line: Int) -> Int { Int(words[line] & Self.depthMask) }

    /// Whether `line` ends by opening an object or array whose members follow on the next lines.
    func opens(_ line: Int) -> Bool { words[line] & Self.opensFlag != 0 }

    /// Whether the container that `line` opens is an object (otherwise an array).
    func opensObject(_ line: Int) -> Bool { words[line] & Self.objectFlag != 0 }

    /// Whether `line` starts with the closing bracket of a container.
    func closes(_ line: Int) -> Bool { words[line] & Self.closesFlag != 0 }

    /// Whether `line` continues the previous line (a line too long to keep whole).
    func isContinuation(_ line: Int) -> Bool { words[line] & Self.continuationFlag != 0 }

    /// Whether `line` starts a member or element of its container (not a closing bracket, not a continuation).
    func startsItem(_ line: Int) -> Bool { words[line] & (Self.continuationFlag | Self.closesFlag) == 0 }

    /// The closing line of the container opened on `line`, or nil when `line` opens nothing.
    func closingLine(of line: Int) -> Int? {
        guard line >= 0, line < count, opens(line) else { return nil }
        let depth = words[line] & Self.depthMask
        var next = line + 1
        while next < count {
            if words[next] & Self.depthMask == depth, closes(next) { return next }
            next += 1
        }
        return nil
    }

    /// The opening line of the container closed on `line`, or nil when `line` closes nothing.
    func openingLine(of line: Int) -> Int? {
        guard line >= 0, line < count, closes(line) else { return nil }
        let depth = words[line] & Self.depthMask
        var previous = line - 1
        while previous >= 0 {
            if words[previous] & Self.depthMask == depth, opens(previous) { return previous }
            previous -= 1
        }
        return nil
    }

    /// The first line of the item that `line` is part of (stepping back over continuation lines).
    func itemStart(_ line: Int) -> Int {
        var start = min(max(0, line), count - 1)
        while start > 0, isContinuation(start) { start -= 1 }
        return start
    }

    /// The line that opens the container holding the item on `line`, or nil for the top-level value.
    func parentLine(of line: Int) -> Int? {
        let depth = depth(line)
        guard depth > 0 else { return nil }
        var previous = line - 1
        while previous >= 0 {
            if self.depth(previous) < depth, opens(previous) { return previous }
            previous -= 1
        }
        return nil
    }

    /// How many members or elements the container opened on `line` and closed on `closing` holds.
    func childCount(opening line: Int, closing: Int) -> Int {
        let childDepth = depth(line) + 1
        var count = 0
        var next = line + 1
        while next < closing {
            if depth(next) == childDepth, startsItem(next) { count += 1 }
            next += 1
        }
        return count
    }

    /// The position of the item on `line` among its siblings (counting from 0), given its container's opening line.
    func position(of line: Int, after parent: Int) -> Int {
        let depth = depth(line)
        var count = 0
        var next = parent + 1
        while next < line {
            if self.depth(next) == depth, startsItem(next) { count += 1 }
            next += 1
        }
        return count
    }
}
