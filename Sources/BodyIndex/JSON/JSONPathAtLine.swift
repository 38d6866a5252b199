import RequestKit

/// The JSONPath and the value of the item on a line of a pretty-printed JSON body.
///
/// Both walk the line index (parents, sibling counts, bracket matches) and read only the bytes of the keys on
/// the way up and of the value itself, so they cost the same at any depth and never recurse.
package enum JSONPathAtLine {
    /// One step of a path: a member name or an array index.
    package enum Step: Equatable, Sendable {
        /// A member of an object.
        case name(String)
        /// An element of an array.
        case index(Int)
    }

    /// The steps from the top-level value to the item on `line` (a closing line stands for its container).
    package static func steps(at line: Int, index: JSONLineIndex) -> [Step] {
        guard index.lineCount > 0 else { return [] }
        var current = itemLine(line, index: index)
        var steps: [Step] = []
        while let parent = index.parentLine(of: current) {
            if index.opensObject(parent) {
                steps.append(.name(key(at: current, index: index).map(\.name) ?? ""))
            } else {
                steps.append(.index(index.position(of: current, after: parent)))
            }
            current = index.itemStart(parent)
        }
        return steps.reversed()
    }

    /// The JSONPath of the item on `line`: `$.data[3].email`, with `['odd key']` for names that are not identifiers.
    package static func path(at line: Int, index: JSONLineIndex) -> String {
        format(steps(at: line, index: index))
    }

    /// Writes steps as a JSONPath, dot notation where RFC 9535 allows a member-name shorthand.
    package static func format(_ steps: [Step]) -> String {
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
    package static func isShorthand(_ name: String) -> Bool {
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
    ///
    /// It reads the body's own bytes from where the line's item starts, so it needs no line text.
    package static func value(at line: Int, index: JSONLineIndex, limit: Int) -> String? {
        guard index.lineCount > 0 else { return "" }
        let start = itemLine(line, index: index)
        let bytes = index.bytes
        var from = index.bodyOffset(at: start)
        if let key = key(at: start, index: index) { from = key.valueStart }
        while from < bytes.count, isWhitespace(bytes[from]) { from += 1 }
        guard from < bytes.count else { return "" }
        switch bytes[from] {
        case UInt8(ascii: "\""):
            let end = stringEnd(bytes, from: from)
            guard end - from <= limit + 2 else { return nil }
            return decodedString(bytes, from..<end) ?? String(decoding: bytes[(from + 1)..<max(from + 1, end - 1)], as: UTF8.self)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return compact(bytes, from: from, limit: limit)
        default:
            var end = from
            while end < bytes.count, !isWhitespace(bytes[end]), bytes[end] != UInt8(ascii: ","),
                  bytes[end] != UInt8(ascii: "]"), bytes[end] != UInt8(ascii: "}") {
                end += 1
                if end - from > limit { return nil }
            }
            return String(decoding: bytes[from..<end], as: UTF8.self)
        }
    }

    /// The line holding the item itself: the first piece of a long line, or the opening line for a closing one.
    private static func itemLine(_ line: Int, index: JSONLineIndex) -> Int {
        let start = index.itemStart(min(max(0, line), index.lineCount - 1))
        if index.closes(start), let opening = index.openingLine(of: start) { return index.itemStart(opening) }
        return start
    }

    /// The member name that starts `line` and where its value begins in the body, or nil when the line has no key.
    private static func key(at line: Int, index: JSONLineIndex) -> (name: String, valueStart: Int)? {
        let bytes = index.bytes
        let offset = index.bodyOffset(at: line)
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { return nil }
        let end = stringEnd(bytes, from: offset)
        var colon = end
        while colon < bytes.count, isWhitespace(bytes[colon]) { colon += 1 }
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
        let name = decodedString(bytes, offset..<end) ?? String(decoding: bytes[(offset + 1)..<max(offset + 1, end - 1)], as: UTF8.self)
        return (name, colon + 1)
    }

    /// The offset just past the JSON string literal whose opening quote is at `start`.
    private static func stringEnd(_ bytes: BodyBytes, from start: Int) -> Int {
        var strings = JSONStringTracker()
        var end = start
        repeat {
            strings.take(bytes[end])
            end += 1
        } while end < bytes.count && strings.inString
        return end
    }

    /// Whether `byte` is whitespace between JSON tokens.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The text of the JSON string literal at `range` (quotes included), escapes decoded.
    private static func decodedString(_ bytes: BodyBytes, _ range: Range<Int>) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            try? JSONScanner.string(of: JSONToken(kind: .string, range: range), in: buffer)
        }
    }

    /// The object or array whose opening bracket is at `start`, without the whitespace between tokens, or nil when
    /// longer than `limit` bytes. It follows brackets with a counter, so any nesting costs no stack.
    private static func compact(_ bytes: BodyBytes, from start: Int, limit: Int) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(min(bytes.count - start, limit))
        var strings = JSONStringTracker()
        var depth = 0
        for offset in start..<bytes.count {
            let byte = bytes[offset]
            if !strings.inString {
                if isWhitespace(byte) { continue }
                if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
            }
            strings.take(byte)
            output.append(byte)
            if output.count > limit { return nil }
            if depth == 0 { break }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
