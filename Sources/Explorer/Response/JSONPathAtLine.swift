import RequestKit

/// The JSONPath and the value of the item on a line of a pretty-printed JSON body.
///
/// Both walk the line index (parents, sibling counts, bracket matches) and read only the bytes of the keys on
/// the way up and of the value itself, so they cost the same at any depth and never recurse.
enum JSONPathAtLine {
    /// One step of a path: a member name or an array index.
    enum Step: Equatable, Sendable {
        /// A member of an object.
        case name(String)
        /// An element of an array.
        case index(Int)
    }

    /// The steps from the top-level value to the item on `line` (a closing line stands for its container).
    static func steps(at line: Int, lines: TextLines, index: JSONLineIndex) -> [Step] {
        guard index.count > 0 else { return [] }
        var current = itemLine(line, index: index)
        var steps: [Step] = []
        while let parent = index.parentLine(of: current) {
            if index.opensObject(parent) {
                steps.append(.name(key(at: current, lines: lines).map(\.name) ?? ""))
            } else {
                steps.append(.index(index.position(of: current, after: parent)))
            }
            current = index.itemStart(parent)
        }
        return steps.reversed()
    }

    /// The JSONPath of the item on `line`: `$.data[3].email`, with `['odd key']` for names that are not identifiers.
    static func path(at line: Int, lines: TextLines, index: JSONLineIndex) -> String {
        format(steps(at: line, lines: lines, index: index))
    }

    /// Writes steps as a JSONPath, dot notation where RFC 9535 allows a member-name shorthand.
    static func format(_ steps: [Step]) -> String {
        var path = "$"
        for step in steps {
            switch step {
            case .index(let position):
                path += "[\(position)]"
            case .name(let name) where isShorthand(name):
                path += "." + name
            case .name(let name):
                path += "['" + JSONPathNormalizedName.escaped(name) + "']"
            }
        }
        return path
    }

    /// Whether `name` may follow a dot in a JSONPath (RFC 9535 `member-name-shorthand`).
    static func isShorthand(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isFirst(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
            default: return false
            }
        }
        return isFirst(first) && name.unicodeScalars.dropFirst().allSatisfy { isFirst($0) || (0x30...0x39).contains($0.value) }
    }

    /// The value of the item on `line` as copied: a string unquoted, a number, boolean or null as written,
    /// an object or array as compact JSON. Nil when it would be longer than `limit` bytes.
    static func value(at line: Int, lines: TextLines, index: JSONLineIndex, limit: Int) -> String? {
        guard index.count > 0 else { return "" }
        let start = itemLine(line, index: index)
        let bytes = lines.bytes
        var from = lines.range(of: start).lowerBound
        if let key = key(at: start, lines: lines) { from = key.valueStart }
        var to: Int
        if let closing = index.closingLine(of: start) {
            to = lines.range(of: closing).upperBound
        } else {
            var last = start
            while last + 1 < index.count, index.isContinuation(last + 1) { last += 1 }
            to = lines.range(of: last).upperBound
        }
        while from < to, bytes[from] == 0x20 { from += 1 }
        while to > from, bytes[to - 1] == 0x20 || bytes[to - 1] == UInt8(ascii: ",") { to -= 1 }
        guard from < to else { return "" }
        if bytes[from] == UInt8(ascii: "\"") {
            guard to - from <= limit + 2 else { return nil }
            return decodedString(bytes, from..<to) ?? String(decoding: bytes[(from + 1)..<(to - 1)], as: UTF8.self)
        }
        if bytes[from] == UInt8(ascii: "{") || bytes[from] == UInt8(ascii: "[") {
            return compact(bytes, from..<to, limit: limit)
        }
        guard to - from <= limit else { return nil }
        return String(decoding: bytes[from..<to], as: UTF8.self)
    }

    /// The line holding the item itself: the first piece of a long line, or the opening line for a closing one.
    private static func itemLine(_ line: Int, index: JSONLineIndex) -> Int {
        let start = index.itemStart(min(max(0, line), index.count - 1))
        if index.closes(start), let opening = index.openingLine(of: start) { return index.itemStart(opening) }
        return start
    }

    /// The member name that starts `line` and where its value begins, or nil when the line has no key.
    private static func key(at line: Int, lines: TextLines) -> (name: String, valueStart: Int)? {
        let bytes = lines.bytes
        var offset = lines.range(of: line).lowerBound
        while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        var end = offset + 1
        var escaped = false
        while end < bytes.count {
            let byte = bytes[end]
            end += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                break
            }
        }
        var colon = end
        while colon < bytes.count, bytes[colon] == 0x20 { colon += 1 }
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        let name = decodedString(bytes, offset..<end) ?? String(decoding: bytes[(offset + 1)..<max(offset + 1, end - 1)], as: UTF8.self)
        return (name, colon + 1)
    }

    /// The text of the JSON string literal at `range` (quotes included), escapes decoded.
    private static func decodedString(_ bytes: [UInt8], _ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            try? JSONScanner.string(of: JSONToken(kind: .string, range: range), in: buffer)
        }
    }

    /// The container at `range` without the whitespace between tokens, or nil when longer than `limit` bytes.
    private static func compact(_ bytes: [UInt8], _ range: Range<Int>, limit: Int) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(min(range.count, limit))
        var strings = JSONStringTracker()
        for offset in range {
            let byte = bytes[offset]
            if !strings.inString, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { continue }
            strings.take(byte)
            output.append(byte)
            if output.count > limit { return nil }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
