/// Percent-encoding for query strings and form bodies, with an explicit set of bytes left as they are.
///
/// Left unescaped: the RFC 3986 unreserved characters `A–Z a–z 0–9 - . _ ~` and the
/// sub-delimiters and separators `! $ ' ( ) * , : @ / ?`, which are legal in a query and
/// mean nothing to `application/x-www-form-urlencoded` parsers. Everything else is escaped
/// as uppercase `%XX` of its UTF-8 bytes: space, `&`, `=`, `+`, `#`, `[`, `]`, `;`, `"`,
/// `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, control bytes and all non-ASCII text.
///
/// A `%` followed by two hex digits is taken as an escape the user already wrote and is
/// kept as it is, so that pasted, already-encoded text is not encoded twice; any other `%`
/// becomes `%25`.
public enum PercentEncoding {
    /// The bytes written as they are in a query component.
    public static let queryAllowed: Set<UInt8> = {
        var set = Set<UInt8>()
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { set.insert(byte) }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { set.insert(byte) }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { set.insert(byte) }
        for byte in "-._~!$'()*,:@/?".utf8 { set.insert(byte) }
        return set
    }()

    /// `queryAllowed` as a table, for encoding without hashing every byte.
    static let queryAllowedTable = ByteTable(queryAllowed)

    /// Encodes a query or form key or value with `queryAllowed`, keeping existing `%XX` escapes.
    public static func encodeComponent(_ text: String) -> String {
        encode(Array(text.utf8)[...], allowed: queryAllowedTable)
    }

    /// Encodes every byte outside `allowed` as `%XX`, keeping existing `%XX` escapes.
    public static func encode(_ text: String, allowed: Set<UInt8>) -> String {
        encode(Array(text.utf8)[...], allowed: ByteTable(allowed))
    }

    /// Encodes every byte outside `allowed` as `%XX`, keeping existing `%XX` escapes; text with nothing to
    /// escape is made into a string as it is.
    static func encode(_ bytes: ArraySlice<UInt8>, allowed: ByteTable) -> String {
        guard bytes.contains(where: { !allowed.contains($0) }) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), isEscape(bytes, at: index) {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if allowed.contains(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0x0F))
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes into bytes and reads the result as UTF-8; `+` is left as it is.
    public static func decode(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), isEscape(bytes[...], at: index),
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `bytes[index]` starts a `%` followed by two hex digits.
    static func isEscape(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.endIndex && hexValue(bytes[index + 1]) != nil && hexValue(bytes[index + 2]) != nil
    }

    /// The value of one hex digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The uppercase hex digit for a value below 16.
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
