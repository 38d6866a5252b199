import Foundation

/// The text of a `.hurl` file split into lines, each with its number and its terminator kept for rewriting.
struct HurlSource: Sendable {
    /// One line: its text without the terminator, and the terminator as written (`\n`, `\r\n` or none at the end).
    struct Line: Sendable {
        /// The line without its terminator.
        var text: String
        /// `\n`, `\r\n`, or empty for a last line without one.
        var terminator: String
    }

    /// The largest `.hurl` file curlew reads, in bytes.
    static let maximumSize = 16 * 1024 * 1024
    /// The longest line curlew reads, in bytes.
    static let maximumLineLength = 1024 * 1024

    /// The file's name as errors show it.
    var file: String
    /// The lines, the first at index 0 (line 1).
    var lines: [Line]
    /// Whether the file starts with a UTF-8 byte order mark, which is kept out of the first line and written back.
    var byteOrderMark = false

    /// Splits a file's bytes into lines; a file too big, not UTF-8, or with a line too long is an error.
    init(data: Data, file: String) throws(FileFormatError) {
        self.file = file
        guard data.count <= Self.maximumSize else {
            throw FileFormatError(file: file, line: 1, column: 1, reason: "the file is \(data.count) bytes; curlew reads .hurl files of at most \(Self.maximumSize) bytes")
        }
        guard let text = Self.decode(data) else {
            throw FileFormatError(file: file, line: 1, column: 1, reason: "the file is not UTF-8 text; save it as UTF-8")
        }
        var lines: [Line] = []
        var bytes = Array(text.utf8)[...]
        byteOrderMark = data.starts(with: [0xEF, 0xBB, 0xBF])
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        while let newline = bytes.firstIndex(of: 0x0A) {
            var line = bytes[..<newline]
            var terminator = "\n"
            if line.last == 0x0D {
                line = line.dropLast()
                terminator = "\r\n"
            }
            lines.append(Line(text: String(decoding: line, as: UTF8.self), terminator: terminator))
            bytes = bytes[(newline + 1)...]
        }
        if !bytes.isEmpty { lines.append(Line(text: String(decoding: bytes, as: UTF8.self), terminator: "")) }
        for (index, line) in lines.enumerated() where line.text.utf8.count > Self.maximumLineLength {
            throw FileFormatError(file: file, line: index + 1, column: 1, reason: "the line is longer than \(Self.maximumLineLength) bytes")
        }
        self.lines = lines
    }

    /// The text of a UTF-8 file, or nil when it is not UTF-8 (a NUL byte included).
    private static func decode(_ data: Data) -> String? {
        guard !data.contains(0) else { return nil }
        return String(data: data, encoding: .utf8)
    }

    /// The raw text of lines `range` (0-based indices), terminators included.
    func text(of range: Range<Int>) -> String {
        (byteOrderMark && range.lowerBound == 0 ? "\u{FEFF}" : "") + lines[range].map { $0.text + $0.terminator }.joined()
    }

    /// An error at a 1-based line and column.
    func error(line: Int, column: Int, _ reason: String) -> FileFormatError {
        FileFormatError(file: file, line: line, column: column, reason: reason)
    }
}

/// Classifies the lines of a `.hurl` file.
enum HurlLineKind {
    /// Whether a line is empty or only spaces.
    static func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// Whether a line is a comment (`#` after optional spaces).
    static func isComment(_ line: String) -> Bool {
        trimmedStart(line).hasPrefix("#")
    }

    /// Whether a line is blank or a comment.
    static func isSkippable(_ line: String) -> Bool {
        isBlank(line) || isComment(line)
    }

    /// The line without leading spaces and tabs.
    static func trimmedStart(_ line: String) -> Substring {
        line.drop { $0 == " " || $0 == "\t" }
    }

    /// How many characters of leading spaces and tabs the line has.
    static func indent(_ line: String) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count
    }

    /// The method and URL of a request line (`GET https://…`), or nil when the line is not one.
    static func requestLine(_ line: String) -> (method: String, urlColumn: Int, url: String)? {
        let indent = indent(line)
        let rest = trimmedStart(line)
        let method = rest.prefix { ("A"..."Z").contains($0) }
        guard !method.isEmpty else { return nil }
        let afterMethod = rest.dropFirst(method.count)
        guard let first = afterMethod.first, first == " " || first == "\t" else { return nil }
        let spaces = afterMethod.prefix { $0 == " " || $0 == "\t" }.count
        let url = afterMethod.dropFirst(spaces)
        guard !url.isEmpty, !url.hasPrefix("#") else { return nil }
        return (String(method), indent + method.count + spaces + 1, String(url))
    }

    /// Whether a line starts a response (`HTTP 200`, `HTTP/1.1 *`).
    static func isStatusLine(_ line: String) -> Bool {
        let rest = trimmedStart(line)
        guard rest.hasPrefix("HTTP") else { return false }
        let after = rest.dropFirst(4)
        return after.first == " " || after.first == "\t" || after.first == "/"
    }

    /// The name of a section header line (`[Asserts]`), or nil when the line is not one.
    static func sectionName(_ line: String) -> String? {
        var rest = trimmedStart(line)
        guard rest.hasPrefix("[") else { return nil }
        rest = rest.dropFirst()
        let name = rest.prefix { $0.isLetter }
        guard !name.isEmpty, rest.dropFirst(name.count).hasPrefix("]") else { return nil }
        let after = rest.dropFirst(name.count + 1)
        guard isBlank(String(after)) || isComment(String(after)) else { return nil }
        return String(name)
    }
}
