/// Turning string, key and number tokens into Swift strings.
extension JSONScanner {
    /// The text of a string or key token with its escapes decoded; throws when its bytes are not valid UTF-8.
    ///
    /// An unpaired UTF-16 surrogate in a `\u` escape becomes U+FFFD.
    /// Any other token, or a range outside the input, is an error rather than a trap.
    public static func string(of token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String {
        guard token.kind == .string || token.kind == .key, token.range.count >= 2, token.range.lowerBound >= 0,
              token.range.upperBound <= input.count else {
            throw JSONSyntaxError(offset: max(token.range.lowerBound, 0), reason: "the token is not a string")
        }
        let content = UnsafeBufferPointer(rebasing: input[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
        if token.isPlainASCII { return String(decoding: content, as: UTF8.self) }
        let text: String?
        if let base = content.baseAddress, case let firstEscape = first(UInt8(ascii: "\\"), in: base, from: 0, end: content.count),
           firstEscape < content.count {
            // Unescaping never makes the text longer, so the decoded bytes fit in a buffer the size of the content.
            text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { buffer in
                let count = unescape(content, from: firstEscape, into: buffer)
                return String(validating: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
            }
        } else {
            text = String(validating: content, as: UTF8.self)
        }
        guard let text else { throw JSONSyntaxError(offset: token.range.lowerBound + 1, reason: "the string is not valid UTF-8") }
        return text
    }

    /// The text of a number token (or any token) exactly as written.
    public static func text(of token: JSONToken, in input: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: input[token.range]), as: UTF8.self)
    }

    /// Writes string content with escapes replaced by what they stand for into `output`, returning how many bytes it wrote.
    ///
    /// `firstEscape` is the offset of the first backslash; the bytes before it are copied as they are.
    /// The escapes were checked while scanning. `output` must hold at least `content.count` bytes:
    /// every escape is at least as long as the UTF-8 it stands for.
    private static func unescape(
        _ content: UnsafeBufferPointer<UInt8>, from firstEscape: Int, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let source = content.baseAddress, let target = output.baseAddress else { return 0 }
        target.update(from: source, count: firstEscape)
        var written = firstEscape
        var position = firstEscape
        while position < content.count {
            guard content[position] == UInt8(ascii: "\\") else {
                let runEnd = first(UInt8(ascii: "\\"), in: source, from: position + 1, end: content.count)
                (target + written).update(from: source + position, count: runEnd - position)
                written += runEnd - position
                position = runEnd
                continue
            }
            guard position + 1 < content.count else { break }
            let escaped = content[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): target[written] = 0x08; written += 1
            case UInt8(ascii: "f"): target[written] = 0x0C; written += 1
            case UInt8(ascii: "n"): target[written] = 0x0A; written += 1
            case UInt8(ascii: "r"): target[written] = 0x0D; written += 1
            case UInt8(ascii: "t"): target[written] = 0x09; written += 1
            case UInt8(ascii: "u"):
                var unit = codeUnit(content, at: position)
                position += 4
                if unit >= 0xD800 && unit < 0xDC00, position + 6 <= content.count,
                   content[position] == UInt8(ascii: "\\"), content[position + 1] == UInt8(ascii: "u") {
                    let low = codeUnit(content, at: position + 2)
                    if low >= 0xDC00 && low < 0xE000 {
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                UTF8.encode(Unicode.Scalar(unit) ?? "\u{FFFD}") { byte in
                    target[written] = byte
                    written += 1
                }
            default: target[written] = escaped; written += 1
            }
        }
        return written
    }

    /// The UTF-16 code unit written as four hexadecimal digits at an offset (invalid digits count as zero).
    private static func codeUnit(_ content: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in offset..<min(offset + 4, content.count) {
            value = value << 4 | (hexValue(content[index]) ?? 0)
        }
        return value
    }
}
