import Foundation

/// Reads a time given for filtering the history: an ISO 8601 date or date-time, or an age such as `2h`.
///
/// Accepted forms:
/// - a date, `2026-11-30`: the start of that day in the local time zone;
/// - a date-time, `2026-11-30T14:05`, `2026-11-30T14:05:00`, `2026-11-30T14:05:00.250`, followed by
///   `Z` for UTC or an offset (`+01:00`, `-0530`, `+01`); without either it is local time. A space
///   may stand for the `T`;
/// - an age, a whole number and a unit: `45s`, `30m`, `2h`, `7d`, `2w`, meaning that long before now
///   (a day is 24 hours, a week 7 days).
public enum HistoryTimeBound {
    /// The accepted forms, as error messages and help texts name them.
    public static let acceptedForms =
        "a date (2026-11-30), a date-time (2026-11-30T14:05:00Z, 2026-11-30T14:05:00+01:00, or without a zone for local time) "
        + "or an age (45s, 30m, 2h, 7d, 2w)"

    /// The moment `text` stands for; ages count back from `now`, dates and date-times without a zone are in `timeZone`.
    public static func parse(_ text: String, now: Date = Date(), timeZone: TimeZone = .current) throws(HistoryTimeError) -> Date {
        let bytes = Array(text.utf8)
        if let last = bytes.last, let unit = ageUnits[last], bytes.count > 1, bytes.dropLast().allSatisfy(isDigit) {
            guard bytes.count <= 10, let count = Int(String(decoding: bytes.dropLast(), as: UTF8.self)) else {
                throw HistoryTimeError(text: text, problem: "the age is too large")
            }
            return now.addingTimeInterval(-Double(count) * unit)
        }
        var reader = ISO8601Reader(bytes: bytes, text: text)
        return try reader.read(timeZone: timeZone)
    }

    /// Seconds per unit of an age, by the unit's letter.
    private static let ageUnits: [UInt8: Double] = [
        UInt8(ascii: "s"): 1, UInt8(ascii: "m"): 60, UInt8(ascii: "h"): 3600, UInt8(ascii: "d"): 86_400, UInt8(ascii: "w"): 604_800,
    ]

    /// Whether a byte is an ASCII digit.
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

/// A time given for a history filter that is none of the accepted forms, or names a day or hour that does not exist.
public struct HistoryTimeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text as given.
    public var text: String
    /// What is wrong with it, when more can be said than that it has no accepted form.
    public var problem: String?

    /// Creates an error.
    public init(text: String, problem: String? = nil) {
        self.text = text
        self.problem = problem
    }

    /// E.g. "'2026-13-01' is not a valid time (the month must be 1 to 12); use a date (2026-11-30), …".
    public var description: String {
        let detail = problem.map { " (\($0))" } ?? ""
        return "'\(text)' is not a valid time\(detail); use \(HistoryTimeBound.acceptedForms)"
    }
}

/// Reads an ISO 8601 calendar date with an optional time of day and zone, checking every field's range.
private struct ISO8601Reader {
    let bytes: [UInt8]
    let text: String
    var position = 0

    init(bytes: [UInt8], text: String) {
        self.bytes = bytes
        self.text = text
    }

    /// The moment the whole text names.
    mutating func read(timeZone: TimeZone) throws(HistoryTimeError) -> Date {
        let year = try number(digits: 4)
        try expect(UInt8(ascii: "-"))
        let month = try field(digits: 2, name: "month", in: 1...12)
        try expect(UInt8(ascii: "-"))
        let day = try field(digits: 2, name: "day", in: 1...ISO8601Reader.daysIn(month: month, year: year))
        var hour = 0, minute = 0, second = 0
        var fraction = 0.0
        var offset: Int?
        if position < bytes.count {
            guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[position]) else { throw unrecognized() }
            position += 1
            hour = try field(digits: 2, name: "hour", in: 0...23)
            try expect(UInt8(ascii: ":"))
            minute = try field(digits: 2, name: "minute", in: 0...59)
            if next == UInt8(ascii: ":") {
                position += 1
                second = try field(digits: 2, name: "second", in: 0...59)
                if next == UInt8(ascii: ".") || next == UInt8(ascii: ",") {
                    fraction = try fractionOfSecond()
                }
            }
            offset = try zone()
        }
        guard position == bytes.count else { throw unrecognized() }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { TimeZone(secondsFromGMT: $0) } ?? timeZone
        guard let date = calendar.date(from: components) else { throw HistoryTimeError(text: text, problem: "no such moment in the time zone") }
        return date.addingTimeInterval(fraction)
    }

    /// The byte at the position, if any.
    private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The zone suffix, as seconds east of UTC: `Z`, `±HH:MM`, `±HHMM` or `±HH`; nil when there is none.
    private mutating func zone() throws(HistoryTimeError) -> Int? {
        guard let byte = next else { return nil }
        if byte == UInt8(ascii: "Z") || byte == UInt8(ascii: "z") {
            position += 1
            return 0
        }
        guard byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") else { throw unrecognized() }
        position += 1
        let hours = try field(digits: 2, name: "offset's hours", in: 0...18)
        var minutes = 0
        if next == UInt8(ascii: ":") {
            position += 1
            minutes = try field(digits: 2, name: "offset's minutes", in: 0...59)
        } else if position < bytes.count {
            minutes = try field(digits: 2, name: "offset's minutes", in: 0...59)
        }
        let seconds = hours * 3600 + minutes * 60
        return byte == UInt8(ascii: "-") ? -seconds : seconds
    }

    /// The digits after a decimal point or comma, as a fraction of a second.
    private mutating func fractionOfSecond() throws(HistoryTimeError) -> Double {
        position += 1
        let start = position
        while let byte = next, HistoryTimeBound.isDigit(byte) { position += 1 }
        guard position > start, let value = Double("0." + String(decoding: bytes[start..<position], as: UTF8.self)) else { throw unrecognized() }
        return value
    }

    /// A fixed number of digits whose value must lie in a range.
    private mutating func field(digits: Int, name: String, in range: ClosedRange<Int>) throws(HistoryTimeError) -> Int {
        let value = try number(digits: digits)
        guard range.contains(value) else {
            throw HistoryTimeError(text: text, problem: "the \(name) must be \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
        return value
    }

    /// Exactly `digits` ASCII digits, as a number.
    private mutating func number(digits: Int) throws(HistoryTimeError) -> Int {
        guard position + digits <= bytes.count else { throw unrecognized() }
        var value = 0
        for byte in bytes[position..<(position + digits)] {
            guard HistoryTimeBound.isDigit(byte) else { throw unrecognized() }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    /// Moves past one expected byte.
    private mutating func expect(_ byte: UInt8) throws(HistoryTimeError) {
        guard next == byte else { throw unrecognized() }
        position += 1
    }

    /// The error for text that has none of the accepted forms.
    private func unrecognized() -> HistoryTimeError { HistoryTimeError(text: text) }

    /// The number of days in a month of the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
