import RequestKit

/// Reads the tokens of a JSON text for the line index in one tight pass over raw bytes, checking the same
/// RFC 8259 grammar `JSONScanner` checks.
///
/// It only says whether the text is valid, never why: when it stops on an error, `JSONLineIndexer` reads the
/// body again with `JSONScanner`, which gives the error and its offset. The container stack is a bit per
/// level, so nesting of any depth costs memory, never stack.
package struct JSONFastTokens: Sendable {
    /// What the grammar allows next.
    private enum Expectation: UInt8, Sendable {
        case value, valueOrEndArray, keyOrEndObject, key, colon, commaOrEnd, finished
    }

    /// A token: its kind and its bytes.
    package struct Token {
        /// What the token is.
        package var kind: JSONTokenKind
        /// Its first byte.
        package var start: Int
        /// The byte after its last.
        package var end: Int
    }

    /// The next byte to read.
    package private(set) var offset = 0
    /// Whether the text did not follow the grammar; reading stops there.
    package private(set) var failed = false
    private var expectation = Expectation.value
    /// One bit per open container, set for an object; the innermost is the highest.
    private var containerBits: [UInt64] = []
    private var depth = 0
    /// Whether more bytes may follow the ones given (a body still arriving): a token cut by the end of the
    /// bytes, or no token at all, then waits for them (`next` returns nil with `isWaiting` set) instead of failing.
    package var moreInputFollows = false

    /// A reader at the start of a text, expecting a value.
    package init() {}

    /// Whether the last `next` stopped at the end of the bytes given, its state kept, for more bytes to come.
    package private(set) var isWaiting = false
    /// The opening quote of a string cut by the end of the bytes (-1 when none was), so that reading it again with
    /// more bytes starts where its check stopped: a long string is read once, not once per batch.
    private var waitingStringStart = -1
    /// How far the content of that string is known to be well formed.
    private var waitingStringChecked = 0

    /// Whether reading stopped on a byte that breaks the grammar.
    package var hasFailed: Bool { failed }

    /// Whether the single top-level value and the whitespace after it are read.
    package var isFinished: Bool { expectation == .finished && !failed }

    /// The next token, or nil at the end of the text or at the first byte breaking the grammar (see `failed`).
    @inline(__always)
    package mutating func next(_ base: UnsafePointer<UInt8>, count end: Int) -> Token? {
        var position = offset
        while position < end {
            let byte = base[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else {
                break
            }
        }
        offset = position
        isWaiting = false
        guard position < end, !failed else {
            if failed { return nil }
            if moreInputFollows {
                isWaiting = true
            } else if expectation != .finished {
                failed = true
            }
            return nil
        }
        let byte = base[position]
        switch expectation {
        case .value:
            return value(byte, base, end)
        case .valueOrEndArray:
            if byte == UInt8(ascii: "]") { return close(isObject: false) }
            return value(byte, base, end)
        case .key:
            guard byte == UInt8(ascii: "\"") else { return fail() }
            return key(base, end)
        case .keyOrEndObject:
            if byte == UInt8(ascii: "}") { return close(isObject: true) }
            guard byte == UInt8(ascii: "\"") else { return fail() }
            return key(base, end)
        case .colon:
            guard byte == UInt8(ascii: ":") else { return fail() }
            expectation = .value
            return single(.colon)
        case .commaOrEnd:
            let isObject = innermostIsObject
            if byte == UInt8(ascii: ",") {
                expectation = isObject ? .key : .value
                return single(.comma)
            }
            if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return close(isObject: isObject) }
            return fail()
        case .finished:
            return fail()
        }
    }

    /// The nesting depth inside the outermost open array (its level plus one), or nil when no array is open.
    package var outermostArrayDepth: Int? {
        for level in 0..<depth where containerBits[level >> 6] & (1 << UInt64(level & 63)) == 0 { return level + 1 }
        return nil
    }

    /// A reader at body offset `offset` as if it had just read a comma of the array open at nesting `depth`, with the
    /// containers around that array as this reader holds them.
    package func startingElement(at offset: Int, depth: Int) -> JSONFastTokens {
        var reader = JSONFastTokens()
        reader.moreInputFollows = moreInputFollows
        reader.containerBits = Array(containerBits.prefix((depth + 63) >> 6))
        if depth & 63 != 0, let last = reader.containerBits.indices.last {
            reader.containerBits[last] &= (1 << UInt64(depth & 63)) - 1
        }
        reader.depth = depth
        reader.expectation = .value
        reader.offset = offset
        return reader
    }

    /// Whether this reader has read everything before `cut`, waits there, and stands after a comma of the array open
    /// at nesting `depth`, with the same containers around it as `other` holds: the state `startingElement` makes.
    package func standsBeforeElement(at cut: Int, depth: Int, like other: JSONFastTokens) -> Bool {
        guard isWaiting, !failed, offset == cut, expectation == .value, self.depth == depth, depth > 0, !innermostIsObject,
              other.depth >= depth else { return false }
        for level in 0..<depth {
            let bit: UInt64 = 1 << UInt64(level & 63)
            if containerBits[level >> 6] & bit != other.containerBits[level >> 6] & bit { return false }
        }
        return true
    }

    private mutating func fail() -> Token? {
        failed = true
        return nil
    }

    /// Stops on a token that breaks the grammar, or, when more bytes follow and the token's bytes so far run to
    /// the end and could still become valid, waits for them with the state kept.
    private mutating func failOrWait(_ start: Int, _ base: UnsafePointer<UInt8>, _ end: Int) -> Token? {
        guard moreInputFollows else { return fail() }
        if base[start] == UInt8(ascii: "\"") {
            guard let checked = Self.stringRunsOut(base, from: contentStart(ofStringAt: start), end) else { return fail() }
            waitingStringStart = start
            waitingStringChecked = checked
        } else if end - start > Self.longestWaitingToken || !Self.couldContinue(base, from: start, end) {
            // A number is read again from its start with each batch, so one that runs on without end is refused
            // (the body then shows as text until it has all come) rather than read over and over.
            return fail()
        }
        offset = start
        isWaiting = true
        return nil
    }

    /// Where to read the content of the string whose opening quote is at `start`: after the quote, or, for a string
    /// cut by the end of the bytes last time, where its content stopped being known to be well formed.
    @inline(__always)
    private func contentStart(ofStringAt start: Int) -> Int {
        start == waitingStringStart ? waitingStringChecked : start + 1
    }

    /// The longest number or literal that waits for more bytes; a longer one is not JSON anyone sends.
    package static let longestWaitingToken = 1 << 16

    /// Whether the bytes from `start` to `end` could be the start of one token cut short by the end.
    private static func couldContinue(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Bool {
        guard start < end else { return true }
        switch base[start] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            for position in start..<end {
                switch base[position] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                     UInt8(ascii: "e"), UInt8(ascii: "E"):
                    continue
                default:
                    return false
                }
            }
            return true
        case UInt8(ascii: "t"): return isPrefix(base, start, end, of: "true")
        case UInt8(ascii: "f"): return isPrefix(base, start, end, of: "false")
        case UInt8(ascii: "n"): return isPrefix(base, start, end, of: "null")
        default: return false
        }
    }

    /// Whether the bytes from `start` to `end` are a proper beginning of `word`.
    private static func isPrefix(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, of word: StaticString) -> Bool {
        guard end - start < word.utf8CodeUnitCount else { return false }
        for position in start..<end where base[position] != word.utf8Start[position - start] { return false }
        return true
    }

    /// Where the content of a string, read from `start`, stops being known to be well formed when it is well formed up
    /// to `end` and ends there unclosed (before an escape cut by the end); nil when it breaks the grammar or is closed.
    private static func stringRunsOut(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
        var position = start
        while position < end {
            let checked = position
            let byte = base[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return nil }
            if byte >= 0x80 { continue }
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") { continue }
            guard position < end else { return checked }
            switch base[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                var digit = position + 1
                while digit < min(end, position + 5) {
                    if !isHex(base[digit]) { return nil }
                    digit += 1
                }
                if position + 5 > end { return checked }
                position += 5
            default:
                return nil
            }
        }
        return end
    }

    @inline(__always)
    private mutating func single(_ kind: JSONTokenKind) -> Token {
        offset += 1
        return Token(kind: kind, start: offset - 1, end: offset)
    }

    @inline(__always)
    private var innermostIsObject: Bool {
        let level = depth - 1
        return containerBits[level >> 6] & (1 << UInt64(level & 63)) != 0
    }

    @inline(__always)
    private mutating func open(isObject: Bool) {
        let level = depth
        if level >> 6 == containerBits.count { containerBits.append(0) }
        let bit: UInt64 = 1 << UInt64(level & 63)
        if isObject { containerBits[level >> 6] |= bit } else { containerBits[level >> 6] &= ~bit }
        depth += 1
    }

    @inline(__always)
    private mutating func close(isObject: Bool) -> Token {
        depth -= 1
        afterValue()
        return single(isObject ? .endObject : .endArray)
    }

    @inline(__always)
    private mutating func afterValue() {
        expectation = depth == 0 ? .finished : .commaOrEnd
    }

    @inline(__always)
    private mutating func key(_ base: UnsafePointer<UInt8>, _ end: Int) -> Token? {
        let start = offset
        guard let stop = Self.stringEnd(base, from: contentStart(ofStringAt: start), end) else { return failOrWait(start, base, end) }
        offset = stop
        expectation = .colon
        return Token(kind: .key, start: start, end: stop)
    }

    @inline(__always)
    private mutating func value(_ byte: UInt8, _ base: UnsafePointer<UInt8>, _ end: Int) -> Token? {
        let start = offset
        let kind: JSONTokenKind
        switch byte {
        case UInt8(ascii: "{"):
            open(isObject: true)
            expectation = .keyOrEndObject
            return single(.beginObject)
        case UInt8(ascii: "["):
            open(isObject: false)
            expectation = .valueOrEndArray
            return single(.beginArray)
        case UInt8(ascii: "\""):
            guard let stop = Self.stringEnd(base, from: contentStart(ofStringAt: start), end) else { return failOrWait(start, base, end) }
            offset = stop
            kind = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            // A number reaching the end of the bytes may go on in the bytes still to come.
            guard let stop = Self.numberEnd(base, from: start, end), stop < end || !moreInputFollows else { return failOrWait(start, base, end) }
            offset = stop
            kind = .number
        case UInt8(ascii: "t"):
            guard Self.matches(base, start, end, 0x74, 0x72, 0x75, 0x65) else { return failOrWait(start, base, end) }
            offset = start + 4
            kind = .boolean
        case UInt8(ascii: "f"):
            guard start + 5 <= end, base[start + 4] == UInt8(ascii: "e"),
                  Self.matches(base, start, end, 0x66, 0x61, 0x6C, 0x73) else { return failOrWait(start, base, end) }
            offset = start + 5
            kind = .boolean
        case UInt8(ascii: "n"):
            guard Self.matches(base, start, end, 0x6E, 0x75, 0x6C, 0x6C) else { return failOrWait(start, base, end) }
            offset = start + 4
            kind = .null
        default:
            return fail()
        }
        afterValue()
        return Token(kind: kind, start: start, end: offset)
    }

    /// Whether the four bytes at `start` are `a b c d`.
    @inline(__always)
    private static func matches(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) -> Bool {
        start + 4 <= end && base[start] == a && base[start + 1] == b && base[start + 2] == c && base[start + 3] == d
    }

    /// The offset after the closing quote of a string whose content starts at `start`, or nil when it breaks the grammar.
    @inline(__always)
    package static func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
        var position = start
        while true {
            while position + 8 <= end {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let hits = attention(word)
                if hits != 0 {
                    position += hits.trailingZeroBitCount / 8
                    break
                }
                position += 8
            }
            guard position < end else { return nil }
            let byte = base[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return position }
            if byte >= 0x80 { continue }
            if byte < 0x20 { return nil }
            if byte != UInt8(ascii: "\\") { continue }
            guard position < end else { return nil }
            switch base[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                guard position + 5 <= end else { return nil }
                for offset in 1...4 where !isHex(base[position + offset]) { return nil }
                position += 5
            default:
                return nil
            }
        }
    }

    /// A mask whose lowest set bit lies in the first byte of `word` that is a quote, a backslash or below 0x20;
    /// zero when none is. Bytes of 0x80 and above are left alone (they are kept as they are).
    @inline(__always)
    private static func attention(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quoteHit = (quote &- ones) & ~quote
        let backslashHit = (backslash &- ones) & ~backslash
        let controlHit = (word &- ones &* 0x20) & ~word
        return (quoteHit | backslashHit | controlHit) & highBits
    }

    @inline(__always)
    private static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The offset after a number starting at `start`, or nil when its form is wrong.
    @inline(__always)
    package static func numberEnd(_ base: UnsafePointer<UInt8>, from start: Int, _ end: Int) -> Int? {
        var position = start
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < end, isDigit(base[position]) else { return nil }
        let first = base[position]
        position += 1
        if first == UInt8(ascii: "0") {
            if position < end, isDigit(base[position]) { return nil }
        } else {
            while position < end, isDigit(base[position]) { position += 1 }
        }
        if position < end, base[position] == UInt8(ascii: ".") {
            position += 1
            guard position < end, isDigit(base[position]) else { return nil }
            while position < end, isDigit(base[position]) { position += 1 }
        }
        if position < end, base[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < end, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") { position += 1 }
            guard position < end, isDigit(base[position]) else { return nil }
            while position < end, isDigit(base[position]) { position += 1 }
        }
        return position
    }
}
