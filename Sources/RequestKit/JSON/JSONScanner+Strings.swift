/// Turning string, key and number tokens into Swift strings.
extension JSONScanner {
    /// The text of a string or key token with its escapes decoded; throws when its bytes are not valid UTF-8.
    ///
    /// An unpaired UTF-16 surrogate in a `\u` escape becomes U+FFFD.
    public static func string(of token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String {
        let content = UnsafeBufferPointer(rebasing: input[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
        if token.isPlainASCII { return String(decoding: content, as: UTF8.self) }
        let text: String?
        if content.contains(UInt8(ascii: "\\")) {
            text = String(validating: unescaped(content), as: UTF8.self)
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

    /// The bytes of string content with escapes replaced by what they stand for; the escapes were checked while scanning.
    private static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(content.count)
        var position = 0
        while position < content.count {
            guard content[position] == UInt8(ascii: "\\") else {
                var runEnd = position + 1
                while runEnd < content.count, content[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: content[position..<runEnd]))
                position = runEnd
                continue
            }
            guard position + 1 < content.count else { break }
            let escaped = content[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
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
                UTF8.encode(Unicode.Scalar(unit) ?? "\u{FFFD}") { output.append($0) }
            default: output.append(escaped)
            }
        }
        return output
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
