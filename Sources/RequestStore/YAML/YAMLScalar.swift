import RequestKit

/// How a YAML scalar becomes a JSON value: YAML 1.2's core schema for plain scalars, tags where given.
enum YAMLScalar {
    /// The standard tags' prefix.
    private static let tagPrefix = "tag:yaml.org,2002:"

    /// The value of a scalar written `plain` (unquoted) or not, with its tag if it has one.
    static func value(_ text: String, plain: Bool, tag: String?) -> OrderedJSON {
        if let tag, tag != "!" {
            switch tag {
            case tagPrefix + "str": return .string(text)
            case tagPrefix + "null": return .null
            case tagPrefix + "bool": return boolean(text).map(OrderedJSON.bool) ?? .string(text)
            case tagPrefix + "int", tagPrefix + "float": return number(text).map(OrderedJSON.number) ?? .string(text)
            default: break
            }
        }
        guard plain, tag == nil else { return .string(text) }
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        default: break
        }
        if let flag = boolean(text) { return .bool(flag) }
        if let number = number(text) { return .number(number) }
        return .string(text)
    }

    /// The core schema's booleans.
    private static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The JSON text of a core-schema integer or float (`0x` and `0o` integers in decimal), or nil for
    /// anything else, `.inf` and `.nan` included (JSON has no such numbers).
    static func number(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 400 else { return nil }
        if bytes.count > 2, bytes[0] == UInt8(ascii: "0"), bytes[1] == UInt8(ascii: "x") || bytes[1] == UInt8(ascii: "o") {
            let radix = bytes[1] == UInt8(ascii: "x") ? 16 : 8
            return UInt64(String(decoding: bytes[2...], as: UTF8.self), radix: radix).map { String($0) }
        }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        var integerPart = bytes[integerStart..<index]
        var fraction: ArraySlice<UInt8> = []
        var hasPoint = false
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            hasPoint = true
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fraction = bytes[fractionStart..<index]
        }
        guard !integerPart.isEmpty || !fraction.isEmpty else { return nil }
        var exponent: ArraySlice<UInt8> = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            let exponentStart = index
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let digitsStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > digitsStart else { return nil }
            exponent = bytes[exponentStart..<index]
        }
        guard index == bytes.count else { return nil }
        while integerPart.count > 1, integerPart.first == UInt8(ascii: "0") { integerPart = integerPart.dropFirst() }
        var result = negative ? "-" : ""
        result += integerPart.isEmpty ? "0" : String(decoding: integerPart, as: UTF8.self)
        if hasPoint { result += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        result += String(decoding: exponent, as: UTF8.self)
        return result
    }

    /// Whether a byte is an ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
