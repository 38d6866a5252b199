import Foundation

/// Compiled I-Regexp patterns for one evaluation, so a filter that runs on many nodes compiles each pattern once.
struct JSONPathRegexCache {
    /// A compiled pattern, or nil when the pattern is not a valid I-Regexp.
    private var compiled: [String: NSRegularExpression?] = [:]

    /// Whether `text` matches `pattern` (an I-Regexp) as a whole (`wholeString`) or somewhere; false for an invalid pattern.
    mutating func matches(_ text: String, pattern: String, wholeString: Bool) -> Bool {
        let key = (wholeString ? "M" : "S") + pattern
        let regex: NSRegularExpression?
        if let cached = compiled[key] {
            regex = cached
        } else {
            regex = IRegexpTranslator.translate(pattern).flatMap { translated in
                try? NSRegularExpression(pattern: wholeString ? "\\A(?:\(translated))\\z" : translated)
            }
            compiled[key] = .some(regex)
        }
        guard let regex else { return false }
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count)) != nil
    }
}
