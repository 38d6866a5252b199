import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `{{$date "FORMAT" [OFFSET]}}`: the current time (UTC) written with strftime's FORMAT, moved by an optional
/// OFFSET such as `+1d`, `-2h`, `+90m`, `-30s` or `+1w`.
enum DateTemplate {
    /// The longest FORMAT accepted.
    static let maximumFormatLength = 200
    /// The largest OFFSET, in seconds (about a thousand years each way).
    static let maximumOffset: Int64 = 1000 * 366 * 86_400

    /// How the template is written, for messages.
    static let usage = "write it as {{$date \"%Y-%m-%d\"}} with a strftime format in double quotes, optionally followed by an offset such as +1d, -2h, +90m, -30s or +1w"

    /// Whether a placeholder's name is a `$date` call.
    static func isCall(_ name: String) -> Bool {
        name == "$date" || name.hasPrefix("$date ")
    }

    /// The text of the call `name` at `now`; an error, naming `location`, says how to write it.
    static func value(of name: String, now: Date, location: String) throws(VariableError) -> String {
        func refuse(_ reason: String) -> VariableError { .invalidBody(reason: "'{{\(name)}}' in \(location): \(reason)") }
        var rest = Substring(name.dropFirst("$date".count)).drop { $0 == " " }
        guard rest.first == "\"", let close = rest.dropFirst().firstIndex(of: "\"") else { throw refuse(usage) }
        let format = String(rest[rest.index(after: rest.startIndex)..<close])
        guard !format.isEmpty, format.count <= maximumFormatLength else {
            throw refuse("its format must be 1 to \(maximumFormatLength) characters; " + usage)
        }
        rest = rest[rest.index(after: close)...].drop { $0 == " " }
        var offset: Int64 = 0
        if !rest.isEmpty {
            guard let seconds = Self.offset(String(rest)) else { throw refuse("'\(rest)' is not an offset; " + usage) }
            offset = seconds
        }
        return strftime(format, at: Int64(now.timeIntervalSince1970.rounded(.down)) + offset)
    }

    /// The seconds of an offset `±N` followed by `s`, `m`, `h`, `d` or `w`, within `maximumOffset`.
    static func offset(_ text: String) -> Int64? {
        guard let sign = text.first, sign == "+" || sign == "-", let unit = text.last else { return nil }
        let number = text.dropFirst().dropLast()
        guard !number.isEmpty, number.count <= 12, number.allSatisfy(\.isASCII), let count = Int64(number), count >= 0 else { return nil }
        let unitSeconds: Int64
        switch unit {
        case "s": unitSeconds = 1
        case "m": unitSeconds = 60
        case "h": unitSeconds = 3_600
        case "d": unitSeconds = 86_400
        case "w": unitSeconds = 604_800
        default: return nil
        }
        let (seconds, overflow) = count.multipliedReportingOverflow(by: unitSeconds)
        guard !overflow, seconds <= maximumOffset else { return nil }
        return sign == "-" ? -seconds : seconds
    }

    /// `format` applied to the UTC time `seconds` after the epoch.
    private static func strftime(_ format: String, at seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "" }
        var buffer = [CChar](repeating: 0, count: 4096)
        let written = Glibc.strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
