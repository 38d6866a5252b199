/// Reading number tokens as values.
extension JSONScanner {
    /// The value of a number token as the nearest `Double`; nil for a token that is not a number.
    ///
    /// Numbers with at most 15 significant digits and a small exponent are computed from the bytes
    /// directly (one exact integer multiplied or divided by an exact power of ten, which rounds
    /// correctly); any other is read by the standard library's parser.
    public static func double(of token: JSONToken, in input: UnsafeBufferPointer<UInt8>) -> Double? {
        guard token.kind == .number else { return nil }
        if let fast = exactDouble(UnsafeBufferPointer(rebasing: input[token.range])) { return fast }
        return Double(text(of: token, in: input))
    }

    /// The value of a JSON number's bytes when its digits fit 15 decimal digits and its decimal exponent
    /// is within ±22, so the result is exact before one correctly rounded operation; else nil.
    private static func exactDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var position = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { position = 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var seenPoint = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                guard digits <= 15 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
                if seenPoint { scale -= 1 }
            } else if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                break
            }
            position += 1
        }
        if position < bytes.count {
            // An exponent: 'e' or 'E', an optional sign, digits (the scanner checked the form).
            position += 1
            var exponentNegative = false
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            var exponent = 0
            while position < bytes.count {
                exponent = exponent * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                guard exponent <= 400 else { return nil }
                position += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        var value = Double(mantissa)
        if mantissa != 0 && scale != 0 {
            guard scale >= -22 && scale <= 22 else { return nil }
            // 10^k for k up to 22 is exact in a Double (5^22 < 2^53), and so is every step towards it.
            var power = 1.0
            for _ in 0..<abs(scale) { power *= 10 }
            value = scale < 0 ? value / power : value * power
        }
        return negative ? -value : value
    }
}
