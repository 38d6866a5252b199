/// Splits query strings and form bodies into rows, but only when nothing is lost by doing so.
///
/// A row holds decoded text that is encoded again when sent. That round trip is exact only
/// for well-formed encoded text, so anything else (raw spaces or quotes, bare names without
/// `=`, empty pairs, a `+` in a query where its meaning is unclear) is left as it was written.
enum URLEncodedPairs {
    /// Bytes that may appear unencoded in a pair we are willing to split.
    private static let allowed: Set<UInt8> = Set(Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$'()*,;:@/?[]".utf8))

    /// Splits a URL's query into rows, returning the URL without its query; nil when it cannot be done exactly.
    static func splitQuery(of url: String) -> (url: String, rows: [KeyValueRow])? {
        guard let mark = url.firstIndex(of: "?"), !url.contains("#") else { return nil }
        let query = String(url[url.index(after: mark)...])
        guard !query.contains("+"), let rows = rows(from: query, plusIsSpace: false) else { return nil }
        return (String(url[..<mark]), rows)
    }

    /// Splits an `application/x-www-form-urlencoded` body into rows; nil when it cannot be done exactly.
    static func formRows(_ body: String) -> [KeyValueRow]? {
        rows(from: body, plusIsSpace: true)
    }

    private static func rows(from text: String, plusIsSpace: Bool) -> [KeyValueRow]? {
        guard !text.isEmpty else { return nil }
        var rows: [KeyValueRow] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else { return nil }
            guard let name = decode(pair[..<equals], plusIsSpace: plusIsSpace),
                  let value = decode(pair[pair.index(after: equals)...], plusIsSpace: plusIsSpace) else { return nil }
            rows.append(KeyValueRow(name: name, value: value))
        }
        return rows
    }

    /// Decodes `%XX` escapes (and `+` when asked); nil for bytes outside the allowed set or invalid UTF-8.
    /// `{{…}}` placeholders are kept as they are.
    static func decode(_ text: Substring, plusIsSpace: Bool) -> String? {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"),
               let close = closingBraces(bytes, from: index + 2) {
                output += bytes[index..<close]
                index = close
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

    /// The index just past the `}}` that closes a placeholder opened before `start`, if it is on the same line.
    private static func closingBraces(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "{") { return nil }
            if bytes[index] == UInt8(ascii: "}") { return bytes[index + 1] == UInt8(ascii: "}") ? index + 2 : nil }
            index += 1
        }
        return nil
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
