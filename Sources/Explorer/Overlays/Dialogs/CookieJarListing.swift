import Foundation
import RequestStore
import TUICore

/// The cookie jar as the app shows it: one line per cookie with its domain, path, name, expiry and a shortened,
/// masked value (cookies are often credentials, so only the first characters are shown).
public enum CookieJarListing {
    /// The most characters of a value shown before the mask.
    public static let shownValueCharacters = 4

    /// The overlay's text for the cookies of a jar file, with the file named at the end.
    public static func text(_ cookies: [StoredCookie], path: String, now: Date) -> String {
        guard !cookies.isEmpty else {
            return "No cookies yet. Cookies set by responses are kept here and sent by the next requests.\n\n\(path)"
        }
        let rows = cookies.map { cookie in
            [cookie.domain + (cookie.includeSubdomains ? " (+sub)" : ""), cookie.path, cookie.name, expiry(cookie, now: now), masked(cookie.value)]
        }
        let header = ["Domain", "Path", "Name", "Expires", "Value"]
        let widths = (0..<header.count).map { column in
            min(40, ([header] + rows).map { $0[column].displayWidth }.max() ?? 0)
        }
        let line = { (cells: [String]) in
            zip(cells, widths).map { cell, width in
                cell.truncated(columns: width).padded(columns: width)
            }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        let count = cookies.count == 1 ? "1 cookie" : "\(cookies.count) cookies"
        return ([line(header)] + rows.map(line)).joined(separator: "\n") + "\n\n\(count) in \(path)"
    }

    /// The first few characters of a value and a mask for the rest.
    public static func masked(_ value: String) -> String {
        if value.isEmpty { return "(empty)" }
        if value.count <= shownValueCharacters { return String(repeating: "•", count: value.count) }
        return String(value.prefix(shownValueCharacters)) + "•••"
    }

    /// When a cookie expires: "session", "expired" or a UTC date.
    static func expiry(_ cookie: StoredCookie, now: Date) -> String {
        guard cookie.expires > 0 else { return "session" }
        let date = Date(timeIntervalSince1970: TimeInterval(cookie.expires))
        if date < now { return "expired" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }
}
