/// Integers of any size as decimal text, compared without converting them to a fixed-width type.
public enum BigIntegerText {
    /// The most digits a big integer may have, in a check line or a response.
    public static let maximumDigits = 4096

    /// The canonical text of an integer written `-?digits`: no leading zeros, no `-0`.
    public static func canonical(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let digits = (negative ? text.dropFirst() : Substring(text)).drop { $0 == "0" }
        if digits.isEmpty { return "0" }
        return (negative ? "-" : "") + digits
    }

    /// Whether `text` is an integer as JSON or a check line writes one, `-?digits`, of at most `maximumDigits` digits.
    public static func isInteger(_ text: String) -> Bool {
        guard text.utf8.count <= maximumDigits + 1 else { return false }
        let digits = text.hasPrefix("-") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// How two canonical integers order: by sign, then by length, then digit by digit.
    public static func compare(_ left: String, _ right: String) -> Int {
        let leftNegative = left.hasPrefix("-"), rightNegative = right.hasPrefix("-")
        if leftNegative != rightNegative { return leftNegative ? -1 : 1 }
        let a = leftNegative ? String(left.dropFirst()) : left
        let b = rightNegative ? String(right.dropFirst()) : right
        let magnitude = a.count != b.count ? (a.count < b.count ? -1 : 1) : (a == b ? 0 : (a < b ? -1 : 1))
        return leftNegative ? -magnitude : magnitude
    }
}
