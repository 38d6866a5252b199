/// Splits query strings and form bodies into rows, but only when nothing is lost by doing so.
///
/// A row holds decoded text that is encoded again when sent. That round trip is exact only
/// for well-formed encoded text, so anything else (raw spaces or quotes, bare names without
/// `=`, empty pairs, a `+` in a query where its meaning is unclear) is left as it was written.
enum URLEncodedPairs {
    /// Bytes that may appear unencoded in a pair we are willing to split.
    private static let allowed: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$'()*,;:@/?[]".utf8))

    /// Splits a URL's query into rows, returning the URL without its query; nil when it cannot be done exactly.
    /// `?`, `#`, `&`, `=` and `+` inside a `{{placeholder}}` are part of it.
    static func splitQuery(of url: String) -> (url: String, rows: [KeyValueRow])? {
        let bytes = Array(url.utf8)
        let outside = outsidePlaceholders(url)
        guard let mark = outside.first(where: { bytes[$0] == UInt8(ascii: "?") }),
              !outside.contains(where: { bytes[$0] == UInt8(ascii: "#") || ($0 > mark && bytes[$0] == UInt8(ascii: "+")) }) else { return nil }
        // A URL ending in white space before its `?` would lose it once the query is split off (it is trimmed when sent).
        if mark > 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(bytes[mark - 1]) { return nil }
        let query = String(decoding: bytes[(mark + 1)...], as: UTF8.self)
        guard let rows = rows(from: query, plusIsSpace: false) else { return nil }
        return (String(decoding: bytes[..<mark], as: UTF8.self), rows)
    }

    /// Splits an `application/x-www-form-urlencoded` body into rows; nil when it cannot be done exactly.
    static func formRows(_ body: String) -> [KeyValueRow]? {
        rows(from: body, plusIsSpace: true)
    }

    /// The UTF-8 offsets of a text that are not inside a `{{placeholder}}`, in order.
    private static func outsidePlaceholders(_ text: String) -> [Int] {
        var offsets: [Int] = []
        var placeholders = VariableResolver.placeholderOffsets(in: text)[...]
        var offset = 0
        let count = text.utf8.count
        while offset < count {
            if let placeholder = placeholders.first, placeholder.lowerBound == offset {
                offset = placeholder.upperBound
                placeholders.removeFirst()
                continue
            }
            offsets.append(offset)
            offset += 1
        }
        return offsets
    }

    private static func rows(from text: String, plusIsSpace: Bool) -> [KeyValueRow]? {
        guard !text.isEmpty else { return nil }
        let bytes = Array(text.utf8)
        var pairs: [(start: Int, equals: Int?, end: Int)] = []
        var start = 0
        var equals: Int?
        for offset in outsidePlaceholders(text) {
            if bytes[offset] == UInt8(ascii: "&") {
                pairs.append((start, equals, offset))
                start = offset + 1
                equals = nil
            } else if bytes[offset] == UInt8(ascii: "="), equals == nil {
                equals = offset
            }
        }
        pairs.append((start, equals, bytes.count))
        var rows: [KeyValueRow] = []
        for pair in pairs {
            guard let equals = pair.equals, equals != pair.start else { return nil }
            guard let name = decode(Substring(String(decoding: bytes[pair.start..<equals], as: UTF8.self)), plusIsSpace: plusIsSpace),
                  let value = decode(Substring(String(decoding: bytes[(equals + 1)..<pair.end], as: UTF8.self)), plusIsSpace: plusIsSpace) else { return nil }
            rows.append(KeyValueRow(name: name, value: value))
        }
        return rows
    }

    /// Decodes `%XX` escapes (and `+` when asked); nil for bytes outside the allowed set or invalid UTF-8.
    /// `{{…}}` placeholders are kept as they are.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        let bytes = Array(text.utf8)
        var placeholders = VariableResolver.placeholderOffsets(in: String(text))[...]
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let placeholder = placeholders.first, placeholder.lowerBound == index {
                output += bytes[placeholder]
                index = placeholder.upperBound
                placeholders.removeFirst()
                continue
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) else { return nil }
                output.append(high << 4 | low)
                index += 3
                continue
            }
            if byte == UInt8(ascii: "+") && plusIsSpace {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "=") {
                output.append(byte)
            } else {
                guard allowed.contains(byte) else { return nil }
                output.append(byte)
            }
            index += 1
        }
        var decoded = ""
        var iterator = output.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): decoded.unicodeScalars.append(scalar)
            case .emptyInput: return decoded
            case .error: return nil
            }
        }
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
