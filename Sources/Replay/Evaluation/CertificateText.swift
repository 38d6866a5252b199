import Foundation

/// Reads the fields of a server certificate as libcurl writes them, the way Hurl reads them.
enum CertificateText {
    /// A serial number as hex bytes joined by colons: `1ee8b1` and `1e:e8:b1:` both give `1e:e8:b1`.
    static func serialNumber(_ text: String) -> String {
        if text.contains(":") {
            return text.split(separator: ":").filter { !$0.isEmpty }.joined(separator: ":")
        }
        var pairs: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            pairs.append(String(rest.prefix(2)))
            rest = rest.dropFirst(2)
        }
        return pairs.joined(separator: ":")
    }

    /// A date written `Jan 10 08:29:52 2023 GMT` (OpenSSL's, the day maybe padded with a space) or
    /// `2023-01-10 08:29:52 GMT`, in UTC; nil for any other text.
    static func date(_ text: String) -> Date? {
        let words = text.split(separator: " ")
        if words.count == 5, words[4] == "GMT", let month = months.firstIndex(of: String(words[0])), let day = Int(words[1]), let year = Int(words[3]) {
            return moment(year: year, month: month + 1, day: day, time: words[2])
        }
        if words.count == 3, words[2] == "GMT" {
            let parts = words[0].split(separator: "-")
            guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
            return moment(year: year, month: month, day: day, time: words[1])
        }
        return nil
    }

    /// The months as OpenSSL abbreviates them.
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The UTC moment of a day and an `HH:MM:SS` time, nil when a part is out of range.
    private static func moment(year: Int, month: Int, day: Int, time: Substring) -> Date? {
        let clock = time.split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, (1...12).contains(month), (1...31).contains(day), (0...9999).contains(year),
              (0...23).contains(clock[0]), (0...59).contains(clock[1]), (0...60).contains(clock[2]) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: clock[0], minute: clock[1], second: clock[2]))
    }
}
