/// The name of a key token, matched against literal names without building a `String` for each key.
///
/// A plain-ASCII key is compared byte for byte where it lies in the input; a key with escapes or other
/// characters is decoded once, so `"\u0069d"` still matches `"id"`. Use it in a `switch`:
///
/// ```swift
/// switch try JSONScanner.keyName(of: key, in: input) {
/// case "id": ...
/// default: ...
/// }
/// ```
///
/// It points into the input, so use it only while those bytes are lent. Its matching is inlinable,
/// so a `switch` over many names compiles to length checks and byte comparisons in the caller.
public struct JSONKeyName {
    /// The bytes between the quotes of a plain-ASCII key.
    @usableFromInline let plain: UnsafeBufferPointer<UInt8>?
    /// The decoded name of any other key.
    @usableFromInline let decoded: String?

    /// Creates the name of a key token; throws when a key that is not plain ASCII is not valid UTF-8.
    @inlinable
    init(token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if token.isPlainASCII {
            plain = UnsafeBufferPointer(rebasing: input[(token.range.lowerBound + 1)..<(token.range.upperBound - 1)])
            decoded = nil
        } else {
            plain = nil
            decoded = try JSONScanner.string(of: token, in: input)
        }
    }

    /// Whether the name is exactly `literal`.
    @inlinable
    public func equals(_ literal: StaticString) -> Bool {
        guard let plain else {
            return literal.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } == decoded
        }
        return literal.withUTF8Buffer { expected in
            guard expected.count == plain.count else { return false }
            for index in 0..<expected.count where expected[index] != plain[index] { return false }
            return true
        }
    }

    /// Matches a key name against a literal in a `switch`.
    @inlinable
    public static func ~= (pattern: StaticString, name: JSONKeyName) -> Bool {
        name.equals(pattern)
    }
}

extension JSONScanner {
    /// The name of a key token, for matching against literal names; throws when a key with escapes or non-ASCII bytes is not valid UTF-8.
    @inlinable
    public static func keyName(of token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONKeyName {
        try JSONKeyName(token: token, in: input)
    }
}
