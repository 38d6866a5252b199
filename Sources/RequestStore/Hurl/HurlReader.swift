import Foundation
import RequestKit

/// Reads the `.hurl` file format into requests, checks and captures.
///
/// The reader goes line by line and never recurses; JSON bodies are scanned with a depth counter.
/// Syntax errors are thrown; constructs curlew does not support are collected as problems, so that a strict
/// reader (running or opening a file) refuses them and a lenient one (importing) lists them as warnings.
public enum HurlReader {
    /// Reads a file's bytes; `file` names it in errors.
    public static func read(_ data: Data, file: String) throws(FileFormatError) -> HurlDocument {
        let source = try HurlSource(data: data, file: file)
        var parser = HurlParser(source: source)
        let entries = try parser.entries()
        return HurlDocument(entries: entries, problems: parser.problems, source: source)
    }

    /// Reads a file's bytes and refuses the first construct curlew does not support.
    public static func readStrictly(_ data: Data, file: String) throws(FileFormatError) -> HurlDocument {
        let document = try read(data, file: file)
        if let problem = document.problems.first { throw problem }
        return document
    }

    /// Whether a path names a `.hurl` file.
    public static func isHurlFile(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".hurl")
    }

    /// A collection of the file's entries, named after the file; each request's id is `entry-N`, its position
    /// from 1, so that the app can save an entry in place.
    public static func collection(of document: HurlDocument, file: String) -> RequestCollection {
        let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        return RequestCollection(name: base.isEmpty ? "hurl" : base, requests: document.entries.map(\.request))
    }
}

/// The state of reading one file: the lines, where the reader is, and the problems found.
struct HurlParser {
    /// The most entries a file may hold.
    static let maximumEntries = 100_000

    /// The file.
    var source: HurlSource
    /// The index of the next line to read.
    var index = 0
    /// Unsupported constructs found so far.
    var problems: [FileFormatError] = []

    /// The current line's text, or nil at the end.
    var current: String? { index < source.lines.count ? source.lines[index].text : nil }

    /// The 1-based number of the current line.
    var lineNumber: Int { index + 1 }

    /// Records an unsupported construct at a line and column.
    mutating func unsupported(line: Int, column: Int, _ reason: String) {
        problems.append(source.error(line: line, column: column, reason))
    }

    /// Moves past blank and comment lines.
    mutating func skipSkippable() {
        while let line = current, HurlLineKind.isSkippable(line) { index += 1 }
    }

    /// The next line that is not blank or a comment, without moving.
    func peekContent() -> String? {
        let probe = nextContentIndex()
        return probe < source.lines.count ? source.lines[probe].text : nil
    }

    /// The index of the next line from the current one that is not blank or a comment, or the line count.
    func nextContentIndex() -> Int {
        var probe = index
        while probe < source.lines.count, HurlLineKind.isSkippable(source.lines[probe].text) { probe += 1 }
        return probe
    }

    /// Every entry of the file.
    mutating func entries() throws(FileFormatError) -> [HurlEntry] {
        var entries: [HurlEntry] = []
        var previousEnd = 0
        while true {
            skipSkippable()
            guard let line = current else { break }
            guard let requestLine = HurlLineKind.requestLine(line) else {
                throw source.error(line: lineNumber, column: HurlLineKind.indent(line) + 1,
                                   "expected a request such as GET https://example.org/, found \(Self.excerpt(line))")
            }
            guard entries.count < Self.maximumEntries else {
                throw source.error(line: lineNumber, column: 1, "the file has more than \(Self.maximumEntries) entries")
            }
            let leading = leadingComments(before: index, notBefore: previousEnd)
            var entry = try self.entry(requestLine: requestLine, name: leading.name, entryNumber: entries.count + 1)
            entry.sourceLines = (entries.isEmpty ? 0 : leading.start)..<index
            if !entries.isEmpty { entries[entries.count - 1].sourceLines = entries[entries.count - 1].sourceLines.lowerBound..<entry.sourceLines.lowerBound }
            previousEnd = index
            entries.append(entry)
        }
        if !entries.isEmpty {
            entries[entries.count - 1].sourceLines = entries[entries.count - 1].sourceLines.lowerBound..<source.lines.count
        }
        return entries
    }

    /// The comment lines directly above a request line (no blank line between): where they start and the first one's text.
    func leadingComments(before line: Int, notBefore floor: Int) -> (start: Int, name: String?) {
        var start = line
        while start > floor, HurlLineKind.isComment(source.lines[start - 1].text) { start -= 1 }
        guard start < line else { return (line, nil) }
        let text = HurlLineKind.trimmedStart(source.lines[start].text).dropFirst().trimmingCharacters(in: .whitespaces)
        return (start, text.isEmpty ? nil : text)
    }

    /// Whether a line ends a run of `name: value`, assert or capture lines: a section, status line, request or body.
    static func endsLines(_ line: String) -> Bool {
        HurlLineKind.sectionName(line) != nil || HurlLineKind.isStatusLine(line) || HurlLineKind.requestLine(line) != nil
            || HurlBodyReader.startsBody(line)
    }

    /// A line shortened for an error message.
    static func excerpt(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return "'" + (trimmed.count > 40 ? String(trimmed.prefix(40)) + "…" : trimmed) + "'"
    }
}
