import Foundation

/// The `application/x-www-form-urlencoded` body OAuth 2.0 endpoints take, every byte outside the unreserved set
/// escaped (a `%` in a secret included, which the request builder's form encoding would keep as an escape).
struct OAuth2Form {
    /// The fields in order.
    var fields: [(name: String, value: String)] = []

    /// Adds a field, leaving out an empty value.
    mutating func add(_ name: String, _ value: String) {
        if !value.isEmpty { fields.append((name, value)) }
    }

    /// The encoded body.
    var body: Data {
        Data(fields.map { Self.escape($0.name) + "=" + Self.escape($0.value) }.joined(separator: "&").utf8)
    }

    /// Every byte escaped as `%XX` except `A–Z a–z 0–9 - . _ ~`.
    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
