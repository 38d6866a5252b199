import Foundation

/// Why a search pattern cannot be used.
package struct SearchPatternError: Error, Equatable {
    /// What is wrong and what to do.
    package var message: String
}

/// Finds the hits of a pattern in one line of bytes: plain text compared byte by byte (ASCII letters
/// folded when case does not count), or a regular expression (ICU syntax, through NSRegularExpression).
///
/// Hits never span lines, never overlap, and empty hits of a regular expression (`^`, `a*`) are skipped.
package struct SearchMatcher {
    /// How the pattern is compared.
    private enum Kind {
        /// The pattern's bytes; `folded` when ASCII case does not count (the bytes are then lower case).
        case bytes([UInt8], folded: Bool)
        /// A compiled regular expression.
        case regex(NSRegularExpression)
    }

    /// The compiled pattern.
    private let kind: Kind

    /// Compiles a pattern; an invalid regular expression is an error that names the problem.
    package static func make(_ pattern: SearchPattern) -> Result<SearchMatcher, SearchPatternError> {
        guard !pattern.text.isEmpty else { return .failure(SearchPatternError(message: "The search text is empty.")) }
        if pattern.isRegex {
            var options: NSRegularExpression.Options = []
            if !pattern.isCaseSensitive { options.insert(.caseInsensitive) }
            do {
                return .success(SearchMatcher(kind: .regex(try NSRegularExpression(pattern: pattern.text, options: options))))
            } catch {
                return .failure(SearchPatternError(message: "Invalid regular expression: \(Self.describe(error)). Tab switches to plain text."))
            }
        }
        let folded = !pattern.isCaseSensitive
        let bytes = Array(pattern.text.utf8).map { folded ? Self.lower($0) : $0 }
        return .success(SearchMatcher(kind: .bytes(bytes, folded: folded)))
    }

    /// Calls `found(start, end)` for each hit in `bytes[range]` (offsets relative to `range.lowerBound`)
    /// until it returns false.
    package func forEachMatch(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ found: (Int, Int) -> Bool) {
        switch kind {
        case .bytes(let needle, let folded):
            Self.findBytes(needle, folded: folded, in: bytes, range, found)
        case .regex(let expression):
            findRegex(expression, in: bytes, range, found)
        }
    }

    /// Whether every hit of this pattern in a pretty-printed JSON line lies inside one token, copied verbatim from the
    /// body: plain text without whitespace or JSON punctuation, which are all a pretty line adds or changes.
    /// Such a pattern can be looked for in the body's own bytes first, and only the lines holding a hit read.
    package var staysInsideJSONTokens: Bool {
        guard case .bytes(let needle, _) = kind else { return false }
        return !needle.contains { byte in
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"), UInt8(ascii: ","),
                 UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"): true
            default: false
            }
        }
    }

    /// The offset of the first hit in `bytes[range]` (relative to `bytes`), or nil.
    package func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var first: Int?
        forEachMatch(in: bytes, range) { start, _ in
            first = range.lowerBound + start
            return false
        }
        return first
    }

    /// Plain comparison: the first byte is looked for, then the rest compared.
    private static func findBytes(_ needle: [UInt8], folded: Bool, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                  _ found: (Int, Int) -> Bool) {
        let count = needle.count
        guard count > 0, range.count >= count else { return }
        let first = needle[0]
        var index = range.lowerBound
        let last = range.upperBound - count
        while index <= last {
            let byte = folded ? lower(bytes[index]) : bytes[index]
            if byte == first {
                var same = true
                var offset = 1
                while offset < count {
                    let other = folded ? lower(bytes[index + offset]) : bytes[index + offset]
                    if other != needle[offset] { same = false; break }
                    offset += 1
                }
                if same {
                    guard found(index - range.lowerBound, index - range.lowerBound + count) else { return }
                    index += count
                    continue
                }
            }
            index += 1
        }
    }

    /// Regular expression: the line decoded as UTF-8, hits mapped back to byte offsets.
    private func findRegex(_ expression: NSRegularExpression, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                           _ found: (Int, Int) -> Bool) {
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        let total = range.count
        for result in expression.matches(in: line, options: [], range: NSRange(location: 0, length: line.utf16.count)) {
            guard result.range.length > 0, let matched = Range(result.range, in: line) else { continue }
            let start = min(total, line.utf8.distance(from: line.startIndex, to: matched.lowerBound))
            let end = min(total, line.utf8.distance(from: line.startIndex, to: matched.upperBound))
            guard end > start else { continue }
            if !found(start, end) { return }
        }
    }

    /// An ASCII letter in lower case; other bytes unchanged.
    @inline(__always)
    package static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The useful part of a regular expression error.
    private static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let pattern = nsError.userInfo["NSInvalidValue"] as? String { return "the pattern \(pattern) does not compile" }
        return "the pattern does not compile (\(nsError.localizedDescription))"
    }
}
