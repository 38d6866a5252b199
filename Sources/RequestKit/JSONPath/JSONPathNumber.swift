/// Exact comparison of numbers written as JSON text, so that `1 == 1.0 == 10e-1` and huge exponents compare correctly.
///
/// A number is read as a sign, its significant digits and the power of ten of its first digit; no
/// conversion to `Double` loses precision or overflows. Exponents beyond ±10^15 are clamped there.
struct JSONPathNumber {
    /// Whether the number is below zero (never set for zero).
    var isNegative: Bool
    /// The significant digits without leading or trailing zeros, as values 0–9; empty for zero.
    var digits: [UInt8]
    /// The value is 0.d₁d₂… × 10^`scale`.
    var scale: Int

    private static let exponentLimit = 1_000_000_000_000_000

    /// Reads number text (`-12.5e3`); nil when it is not a number.
    init?(_ text: String) {
        var negative = false
        var digits: [UInt8] = []
        var integerDigits = 0
        var seenPoint = false
        var seenDigit = false
        var exponent = 0
        var iterator = text.utf8.makeIterator()
        var byte = iterator.next()
        if byte == UInt8(ascii: "-") {
            negative = true
            byte = iterator.next()
        }
        while let current = byte {
            if current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") {
                seenDigit = true
                let digit = current - UInt8(ascii: "0")
                if digits.isEmpty && digit == 0 {
                    // A leading zero moves the first significant digit right when it comes after the point.
                    if seenPoint { integerDigits -= 1 }
                } else {
                    digits.append(digit)
                    if !seenPoint { integerDigits += 1 }
                }
            } else if current == UInt8(ascii: "."), !seenPoint {
                seenPoint = true
            } else {
                break
            }
            byte = iterator.next()
        }
        guard seenDigit else { return nil }
        if let marker = byte {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            byte = iterator.next()
            var exponentNegative = false
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                exponentNegative = byte == UInt8(ascii: "-")
                byte = iterator.next()
            }
            guard byte != nil else { return nil }
            while let current = byte {
                guard current >= UInt8(ascii: "0") && current <= UInt8(ascii: "9") else { return nil }
                if exponent < Self.exponentLimit { exponent = exponent * 10 + Int(current - UInt8(ascii: "0")) }
                byte = iterator.next()
            }
            if exponentNegative { exponent = -exponent }
        }
        while digits.last == 0 { digits.removeLast() }
        self.isNegative = negative && !digits.isEmpty
        self.digits = digits
        self.scale = digits.isEmpty ? 0 : integerDigits + exponent
    }

    /// -1, 0 or 1 as `left` is below, equal to or above `right`; texts that are not numbers compare by their bytes.
    static func compare(_ left: String, _ right: String) -> Int {
        if left.utf8.elementsEqual(right.utf8) { return 0 }
        if let x = exactDouble(left), let y = exactDouble(right) { return x < y ? -1 : (x == y ? 0 : 1) }
        guard let x = JSONPathNumber(left), let y = JSONPathNumber(right) else {
            return left.utf8.lexicographicallyPrecedes(right.utf8) ? -1 : 1
        }
        return x.compare(to: y)
    }

    /// The number as a `Double` when that keeps its order and equality with every other such number:
    /// at most 15 significant digits (DBL_DIG) and a small exponent; else nil. Reads without allocating.
    private static func exactDouble(_ text: String) -> Double? {
        var significant = 0
        var started = false
        var exponentDigits = 0
        var inExponent = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if inExponent {
                    exponentDigits += 1
                } else if started || byte != UInt8(ascii: "0") {
                    started = true
                    significant += 1
                }
            case UInt8(ascii: "e"), UInt8(ascii: "E"): inExponent = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): continue
            default: return nil
            }
        }
        // Up to 15 digits and an exponent below 100 stay far from overflow and subnormal numbers.
        guard significant <= 15, exponentDigits <= 2 else { return nil }
        return Double(text)
    }

    /// -1, 0 or 1 as this number is below, equal to or above `other`.
    func compare(to other: JSONPathNumber) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let magnitude = compareMagnitude(to: other)
        return isNegative ? -magnitude : magnitude
    }

    /// Compares absolute values.
    private func compareMagnitude(to other: JSONPathNumber) -> Int {
        if digits.isEmpty || other.digits.isEmpty {
            return digits.isEmpty ? (other.digits.isEmpty ? 0 : -1) : 1
        }
        if scale != other.scale { return scale < other.scale ? -1 : 1 }
        for (a, b) in zip(digits, other.digits) where a != b { return a < b ? -1 : 1 }
        if digits.count == other.digits.count { return 0 }
        return digits.count < other.digits.count ? -1 : 1
    }
}
