import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Recognizes the text shapes of the `isIsoDate`, `isUuid`, `isIpv4` and `isIpv6` predicates.
enum TextShapes {
    /// Whether a string is an RFC 3339 date-time (`2024-05-01T12:30:00Z`, with an optional fraction and an offset).
    static func isISODate(_ text: String) -> Bool {
        guard text.count <= 64 else { return false }
        for pattern in ["%Y-%m-%dT%H:%M:%S%.f%:z", "%Y-%m-%dt%H:%M:%S%.f%:z"] where StrftimeFormat.parse(text, pattern: pattern) != nil {
            let scalars = Array(text.unicodeScalars)
            return scalars.count >= 20 && scalars[4] == "-" && scalars[7] == "-" && scalars[13] == ":" && scalars[16] == ":"
                && scalars[0..<4].allSatisfy { ("0"..."9").contains($0) }
        }
        return false
    }

    /// Whether a string is a UUID: 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 36 else { return false }
        for (index, scalar) in scalars.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard scalar == "-" else { return false }
            } else {
                guard scalar.properties.isASCIIHexDigit else { return false }
            }
        }
        return true
    }

    /// Whether a string is an IPv4 or IPv6 address.
    static func isIP(_ text: String, version6: Bool) -> Bool {
        guard text.utf8.count < 64, !text.utf8.contains(0) else { return false }
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(version6 ? AF_INET6 : AF_INET, text, &buffer) == 1
    }
}
