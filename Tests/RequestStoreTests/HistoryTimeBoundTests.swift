import Foundation
import Testing
import RequestKit
@testable import RequestStore

/// Reading the times `curlew history --since/--until` take: ISO 8601 dates and date-times, and ages.
@Suite("History time bounds")
struct HistoryTimeBoundTests {
    /// A fixed "now": 2026-11-30T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_796_040_000)
    /// A fixed local zone, one hour east of UTC.
    static let local = TimeZone(secondsFromGMT: 3600) ?? .gmt

    @Test(arguments: [
        ("2026-11-30T14:05:00Z", 1_796_047_500.0),
        ("2026-11-30t14:05:00z", 1_796_047_500.0),
        ("2026-11-30T14:05Z", 1_796_047_500.0),
        ("2026-11-30 14:05:00Z", 1_796_047_500.0),
        ("2026-11-30T15:05:00+01:00", 1_796_047_500.0),
        ("2026-11-30T08:35:00-0530", 1_796_047_500.0),
        ("2026-11-30T16:05:00+02", 1_796_047_500.0),
        ("2026-11-30T14:05:00.250Z", 1_796_047_500.25),
        ("2026-11-30T14:05:00,5Z", 1_796_047_500.5),
        ("2028-02-29T00:00:00Z", 1_835_395_200.0),
        ("2026-11-30T15:05:00", 1_796_047_500.0),
        ("2026-11-30T15:05", 1_796_047_500.0),
        ("2026-11-30", 1_795_993_200.0),
    ])
    func datesAndDateTimes(text: String, seconds: Double) throws {
        let date = try HistoryTimeBound.parse(text, now: Self.now, timeZone: Self.local)
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.0001, "\(text) read as \(date.timeIntervalSince1970)")
    }

    @Test(arguments: [("45s", 45.0), ("30m", 1800.0), ("2h", 7200.0), ("7d", 604_800.0), ("2w", 1_209_600.0), ("0m", 0.0)])
    func agesCountBackFromNow(text: String, seconds: Double) throws {
        #expect(try HistoryTimeBound.parse(text, now: Self.now, timeZone: Self.local) == Self.now - seconds)
    }

    @Test(arguments: [
        ("", nil), ("yesterday", nil), ("30", nil), ("m", nil), ("2H", nil), ("-2h", nil), ("5y", nil), ("2026/11/30", nil),
        ("2026-11-3", nil), ("26-11-30", nil), ("2026-11-30T", nil), ("2026-11-30T14", nil), ("2026-11-30T14:05:", nil),
        ("2026-11-30T14:05:00.Z", nil), ("2026-11-30T14:05:00+01:", nil), ("2026-11-30T14:05:00Zjunk", nil), ("2026-11-30x", nil),
        ("2026-13-01", "the month must be 1 to 12, not 13"), ("2026-00-10", "the month must be 1 to 12, not 0"),
        ("2026-02-29", "the day must be 1 to 28, not 29"), ("2026-04-31", "the day must be 1 to 30, not 31"),
        ("2026-11-30T24:00Z", "the hour must be 0 to 23, not 24"), ("2026-11-30T14:60Z", "the minute must be 0 to 59, not 60"),
        ("2026-11-30T14:05:61Z", "the second must be 0 to 59, not 61"), ("2026-11-30T14:05+19:00", "the offset's hours must be 0 to 18, not 19"),
        ("99999999999d", "the age is too large"),
    ] as [(String, String?)])
    func rejectedTextSaysWhatWasGivenAndWhatIsAccepted(text: String, problem: String?) {
        #expect {
            try HistoryTimeBound.parse(text, now: Self.now, timeZone: Self.local)
        } throws: { error in
            guard let error = error as? HistoryTimeError else { return false }
            let message = String(describing: error)
            return error.text == text && error.problem == problem && message.contains("'\(text)'")
                && message.contains("2026-11-30T14:05:00Z") && message.contains("30m") && message.contains("2w")
        }
    }

    @Test("the time filter keeps entries at or after since and before until")
    func queryBoundsAreInclusiveThenExclusive() throws {
        let since = try HistoryTimeBound.parse("2026-11-30T10:00Z")
        let until = try HistoryTimeBound.parse("2026-11-30T11:00Z")
        let query = HistoryQuery(since: since, until: until)
        let entries = [since - 0.001, since, until - 0.001, until].map { HistoryEntry(time: $0, method: .get, url: "http://h/") }
        #expect(entries.map(query.matches) == [false, true, true, false])
    }
}
