import Foundation

/// A cookie jar kept on disk in the Netscape cookie-file format that curl reads with `-b` and writes with `-c`.
///
/// Reading is strict: the file is bounded in size and cookie count, and every line that is not a comment, a
/// blank line or a well-formed cookie is reported with its number. Writing replaces the file atomically with
/// permissions 0600, since cookies are often session credentials.
public enum CookieJarFile {
    /// The largest jar file read, in bytes.
    public static let maximumBytes = 1 << 20
    /// The most cookies a jar holds.
    public static let maximumCookies = 10_000
    /// The first line of every file written, as curl writes it.
    public static let header = "# Netscape HTTP Cookie File\n# Written by curlew. Cookies are credentials: keep this file private.\n\n"

    /// The cookies of a jar file; a missing file is an empty jar.
    public static func read(_ path: String) throws(CookieJarError) -> [StoredCookie] {
        let data: Data?
        do {
            data = try POSIXFile.read(path)
        } catch {
            throw .store(error)
        }
        guard let data else { return [] }
        return try parse(data, file: path)
    }

    /// The cookies in a jar file's bytes; `file` names it in errors.
    public static func parse(_ data: Data, file: String) throws(CookieJarError) -> [StoredCookie] {
        guard data.count <= maximumBytes else { throw .tooLarge(path: file, bytes: data.count) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notText(path: file) }
        var cookies: [StoredCookie] = []
        var problems: [CookieJarError.LineProblem] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            if line.hasPrefix("#"), !line.hasPrefix("#HttpOnly_") { continue }
            do {
                cookies.append(try StoredCookie.parse(line: line))
            } catch {
                problems.append(CookieJarError.LineProblem(line: index + 1, reason: error.reason))
            }
            if cookies.count > maximumCookies { throw .tooManyCookies(path: file) }
        }
        if !problems.isEmpty { throw .malformed(path: file, problems: problems) }
        return cookies
    }

    /// The file's text for some cookies: the header, then one line each.
    public static func render(_ cookies: [StoredCookie]) -> String {
        header + cookies.map { $0.line + "\n" }.joined()
    }

    /// Replaces the jar file atomically (mode 0600), creating its folder (0700) when needed.
    ///
    /// `cookies` come oldest first. When they would make a file that `read` refuses (over `maximumBytes` or
    /// `maximumCookies`), the oldest are left out until the rest fit; the result says how many.
    @discardableResult
    public static func write(_ cookies: [StoredCookie], to path: String) throws(CookieJarError) -> CookieJarSave {
        let save = fitting(cookies)
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !POSIXFile.isDirectory(folder) { try POSIXFile.makeDirectory(folder, mode: 0o700) }
            try AtomicFile.write(Data(render(save.cookies).utf8), to: path, permissions: 0o600)
        } catch {
            throw .store(error)
        }
        return save
    }

    /// The newest of `cookies` (oldest first) that a jar file holds within `maximumBytes` and `maximumCookies`.
    public static func fitting(_ cookies: [StoredCookie]) -> CookieJarSave {
        var bytes = header.utf8.count
        var sizes: [Int] = []
        sizes.reserveCapacity(cookies.count)
        for cookie in cookies {
            let size = cookie.line.utf8.count + 1
            sizes.append(size)
            bytes += size
        }
        var first = 0
        while first < cookies.count, bytes > maximumBytes || cookies.count - first > maximumCookies {
            bytes -= sizes[first]
            first += 1
        }
        return CookieJarSave(cookies: Array(cookies[first...]), dropped: first)
    }

    /// The cookies among libcurl's cookie-file lines, the ones that do not read as cookies left out.
    public static func cookies(fromLines lines: [String]) -> [StoredCookie] {
        lines.compactMap { try? StoredCookie.parse(line: Substring($0)) }
    }

    /// `cookies` oldest first: those also in `previous` (a jar file as last written, oldest first) in its order,
    /// then the others in the order given.
    public static func oldestFirst(_ cookies: [StoredCookie], previous: [StoredCookie]) -> [StoredCookie] {
        var rank: [StoredCookie.Identity: Int] = [:]
        for (index, cookie) in previous.enumerated() where rank[cookie.identity] == nil { rank[cookie.identity] = index }
        let known = cookies.enumerated().compactMap { item in rank[item.element.identity].map { (rank: $0, order: item.offset) } }
        let sortedKnown = known.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map { cookies[$0.order] }
        return sortedKnown + cookies.filter { rank[$0.identity] == nil }
    }
}

/// What writing a cookie jar kept: the cookies written, oldest first, and how many of the oldest were left out.
public struct CookieJarSave: Hashable, Sendable {
    /// The cookies written, oldest first.
    public var cookies: [StoredCookie]
    /// How many of the oldest cookies were left out so that the file stays within what a jar is read up to.
    public var dropped: Int

    /// Creates a summary.
    public init(cookies: [StoredCookie], dropped: Int) {
        self.cookies = cookies
        self.dropped = dropped
    }

    /// The sentence to show when cookies were left out, naming the file; nil when every cookie was kept.
    public func warning(path: String) -> String? {
        guard dropped > 0 else { return nil }
        return "the cookie jar \(path) holds at most \(CookieJarFile.maximumBytes) bytes and \(CookieJarFile.maximumCookies) cookies, "
            + "so the \(dropped) oldest cookie\(dropped == 1 ? " was" : "s were") dropped and the newest \(cookies.count) kept."
    }
}

/// What can go wrong reading or writing a cookie jar file; each message says what happened and what to do.
public enum CookieJarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A line that is not a cookie, with its number (from 1).
    public struct LineProblem: Hashable, Sendable {
        /// The line's number, from 1.
        public var line: Int
        /// What is wrong with it.
        public var reason: String
    }

    /// Lines that are neither comments nor cookies; nothing was read.
    case malformed(path: String, problems: [LineProblem])
    /// The file is larger than `CookieJarFile.maximumBytes`.
    case tooLarge(path: String, bytes: Int)
    /// The file holds more than `CookieJarFile.maximumCookies` cookies.
    case tooManyCookies(path: String)
    /// The file is not UTF-8 text.
    case notText(path: String)
    /// Reading or writing the file failed.
    case store(StoreError)

    /// What is wrong, without what to do about it (which depends on where the jar file came from).
    public var problem: String {
        switch self {
        case .malformed(let path, let problems):
            let shown = problems.prefix(5).map { "\(path):\($0.line): \($0.reason)" }
            let more = problems.count > 5 ? "\n… and \(problems.count - 5) more bad lines" : ""
            return shown.joined(separator: "\n") + more
        case .tooLarge(let path, let bytes):
            return "\(path) is \(bytes) bytes; a cookie jar is read up to \(CookieJarFile.maximumBytes) bytes."
        case .tooManyCookies(let path):
            return "\(path) holds more than \(CookieJarFile.maximumCookies) cookies."
        case .notText(let path):
            return "\(path) is not UTF-8 text, so it is not a cookie file."
        case .store(let error):
            return error.description
        }
    }

    /// A sentence that says what happened and what to do, naming `--cookie-jar` where another file would do.
    public var description: String {
        switch self {
        case .malformed:
            return problem + "\nFix or delete those lines (or the file) and try again."
        case .tooLarge, .tooManyCookies:
            return problem + " Delete the file or give another with --cookie-jar."
        case .notText:
            return problem + " Delete it or give another with --cookie-jar."
        case .store:
            return problem
        }
    }
}
