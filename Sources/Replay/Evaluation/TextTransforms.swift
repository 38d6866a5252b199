import Foundation

/// The text conversions of the filters: URL and Base64 encodings, HTML escapes, bounded replacement.
enum TextTransforms {
    /// The longest text a filter may produce, so that `replace` on a hostile body cannot exhaust memory.
    static let maximumOutput = 64 * 1024 * 1024

    /// Percent-encodes everything but RFC 3986's unreserved characters and `/`.
    static func urlEncode(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    /// Decodes `%XX` escapes; nil when an escape is malformed or the bytes are not UTF-8.
    static func urlDecode(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                  let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
        }
        return String(validatingUTF8Bytes: bytes)
    }

    /// Decodes Base64, standard or URL-safe, with or without padding.
    static func base64Decode(_ text: String, urlSafe: Bool) -> [UInt8]? {
        var normalized = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if urlSafe {
            normalized = normalized.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        }
        let remainder = normalized.utf8.count % 4
        if remainder == 2 || remainder == 3 { normalized += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: normalized).map(Array.init)
    }

    /// Encodes Base64, standard with padding or URL-safe without.
    static func base64Encode(_ bytes: [UInt8], urlSafe: Bool) -> String {
        let text = Data(bytes).base64EncodedString()
        guard urlSafe else { return text }
        return text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` as character references.
    static func htmlEscape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#x27;"
            default: result.append(character)
            }
        }
        return result
    }

    /// Named references `htmlUnescape` knows, beyond the numeric ones.
    static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "deg": "°",
        "plusmn": "±", "times": "×", "divide": "÷", "middot": "·", "para": "¶", "bull": "•", "iexcl": "¡", "iquest": "¿",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "agrave": "à", "aacute": "á", "acirc": "â", "auml": "ä", "ouml": "ö",
        "uuml": "ü", "szlig": "ß", "ccedil": "ç", "ntilde": "ñ", "oacute": "ó", "iacute": "í", "uacute": "ú",
    ]

    /// Decodes named (`&gt;`) and numeric (`&#62;`, `&#x3e;`) character references; unknown ones stay as written.
    static func htmlUnescape(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            let body = rest.dropFirst().prefix(34)
            guard let semicolon = body.firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = body[..<semicolon]
            var replacement: String?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if name.hasPrefix("#") {
                replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                replacement = namedReferences[String(name)]
            }
            if let replacement {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// Every occurrence of `old` replaced by `new`; nil when the result would pass `maximumOutput`.
    static func replace(_ text: String, _ old: String, with new: String) -> String? {
        guard !old.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: old) {
            result += rest[..<range.lowerBound]
            result += new
            rest = rest[range.upperBound...]
            if result.utf8.count > maximumOutput { return nil }
        }
        return result + rest
    }

    /// The value of a URL's query parameter, decoded; nil when absent.
    static func queryParameter(_ name: String, in url: String) -> String? {
        guard let question = url.firstIndex(of: "?") else { return nil }
        var query = url[url.index(after: question)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = urlDecode(String(parts[0]).replacingOccurrences(of: "+", with: " ")) ?? String(parts[0])
            guard key == name else { continue }
            let value = parts.count > 1 ? String(parts[1]).replacingOccurrences(of: "+", with: " ") : ""
            return urlDecode(value) ?? value
        }
        return nil
    }
}
