/// Reads numbers a person typed or a file holds, refusing anything outside the range curlew can use.
///
/// Each reader returns the number, or a reason that the caller puts after the option's name or the
/// file's line and column.
public enum NumberReading {
    /// The longest time limit accepted, in seconds (one year).
    public static let maximumSeconds: Double = 31_536_000
    /// The largest byte count accepted (1 PiB).
    public static let maximumByteCount: Int64 = 1 << 50
    /// The most redirects that may be followed.
    public static let maximumRedirects = 1_000

    /// Why a number cannot be used.
    public struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong with the value, e.g. "'1e16' is out of range: seconds go from 0 to 31536000".
        public var reason: String
        public var description: String { reason }

        /// A refusal saying `reason`.
        public init(reason: String) {
            self.reason = reason
        }
    }

    /// A number of seconds from text: decimal, 0 or more, at most `maximumSeconds`.
    public static func seconds(_ text: String) -> Result<Double, Refusal> {
        guard let value = Double(text.trimmingSpaces) else {
            return .failure(Refusal(reason: "'\(text)' is not a number of seconds"))
        }
        return seconds(value, written: text)
    }

    /// A number of seconds already read as a `Double`, checked against the same range.
    public static func seconds(_ value: Double, written: String? = nil) -> Result<Double, Refusal> {
        guard value.isFinite, value >= 0, value <= maximumSeconds else {
            let shown = written ?? "\(value)"
            return .failure(Refusal(reason: "'\(shown)' is out of range: a time limit is from 0 to \(Int(maximumSeconds)) seconds (one year)"))
        }
        return .success(value)
    }

    /// A byte count from text as curl writes it: digits with an optional k, M or G suffix (powers of 1024).
    public static func byteCount(_ text: String) -> Result<Int64, Refusal> {
        var digits = Substring(text.trimmingSpaces)
        var multiplier: Int64 = 1
        switch digits.last {
        case "k", "K": multiplier = 1 << 10
        case "m", "M": multiplier = 1 << 20
        case "g", "G": multiplier = 1 << 30
        default: break
        }
        if multiplier != 1 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .failure(Refusal(reason: "'\(text)' is not a size (digits with an optional k, M or G, e.g. 500M)"))
        }
        guard let number = Int64(digits), number <= maximumByteCount / multiplier else {
            return .failure(Refusal(reason: "'\(text)' is out of range: a size is at most \(maximumByteCount / (1 << 30))G"))
        }
        return .success(number * multiplier)
    }

    /// A duration in whole milliseconds from text as Hurl writes it: digits, alone (milliseconds) or followed by `ms`,
    /// `s` or `m`; nil unless it is one, from `range`'s lower to upper bound.
    public static func milliseconds(_ text: String, in range: ClosedRange<Int>) -> Int? {
        let units: [(suffix: String, factor: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("", 1)]
        for unit in units where text.hasSuffix(unit.suffix) {
            let digits = text.dropLast(unit.suffix.count)
            guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { continue }
            guard let amount = Int(digits), amount <= range.upperBound / unit.factor, range.contains(amount * unit.factor) else { return nil }
            return amount * unit.factor
        }
        return nil
    }

    /// A whole count from text, from `range`'s lower to upper bound.
    public static func count(_ text: String, in range: ClosedRange<Int>, of what: String) -> Result<Int, Refusal> {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: "-") }),
              Int(trimmed) != nil || trimmed.utf8.count > 18 else {
            return .failure(Refusal(reason: "'\(text)' is not a whole number of \(what)"))
        }
        guard let value = Int(trimmed), range.contains(value) else {
            return .failure(Refusal(reason: "'\(text)' is out of range: \(what) go from \(range.lowerBound) to \(range.upperBound)"))
        }
        return .success(value)
    }
}

extension String {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
