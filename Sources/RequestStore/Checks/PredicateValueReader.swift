import Foundation

/// Reads the number and byte forms of predicate values.
enum PredicateValueReader {
    /// Reads an integer (one beyond 64 bits kept as its digits) or a float; nil when the word is not a number.
    static func number(_ word: String, column: Int) throws(CheckSyntaxError) -> PredicateValue? {
        guard let isInteger = numberShape(word) else { return nil }
        if isInteger {
            guard let integer = Int64(word) else {
                guard word.utf8.count <= BigIntegerText.maximumDigits else {
                    throw CheckSyntaxError(message: "the integer \(word.prefix(20))… has more than \(BigIntegerText.maximumDigits) digits; compare it as a \"string\"", column: column)
                }
                return .bigInteger(BigIntegerText.canonical(word))
            }
            return .integer(integer)
        }
        guard let float = Double(word), float.isFinite else {
            throw CheckSyntaxError(message: "the number \(word) is too large for a float", column: column)
        }
        return .float(float, text: word)
    }

    /// Whether a word is `-?digits(.digits)?([eE][+-]?digits)?`: nil when not, true for an integer, false for a float.
    private static func numberShape(_ word: String) -> Bool? {
        let bytes = Array(word.utf8)
        var index = 0
        func digits() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index > start
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() else { return nil }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() else { return nil }
            isInteger = false
        }
        return index == bytes.count ? isInteger : nil
    }

    /// Reads `base64,…;`, `b64,…;` or `hex,…;`.
    static func bytes(_ word: String, prefix: String, column: Int) throws(CheckSyntaxError) -> PredicateValue {
        guard word.hasSuffix(";") else {
            throw CheckSyntaxError(message: "end the bytes with a semicolon, as in \(prefix)…;", column: column + word.count)
        }
        let payload = String(word.dropFirst(prefix.count).dropLast())
        if prefix == "hex," {
            guard payload.count % 2 == 0, let bytes = hexBytes(payload) else {
                throw CheckSyntaxError(message: "hex bytes take pairs of hex digits, as in hex,48656c6c6f;", column: column + prefix.count)
            }
            return .bytes(bytes, written: word)
        }
        guard let data = Data(base64Encoded: payload) else {
            throw CheckSyntaxError(message: "the Base64 text does not decode; write it padded with =, as in base64,SGVsbG8=;", column: column + prefix.count)
        }
        return .bytes(Array(data), written: word)
    }

    /// Decodes hexadecimal text, or nil.
    static func hexBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count / 2)
        var high: UInt8?
        for unit in text.utf8 {
            let nibble: UInt8
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = unit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = unit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = unit - UInt8(ascii: "A") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return high == nil ? bytes : nil
    }
}
