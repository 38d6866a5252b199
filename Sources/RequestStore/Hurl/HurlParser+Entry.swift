import Foundation
import RequestKit

extension HurlParser {
    /// The names of the request sections, with the older spellings Hurl also accepts.
    static let requestSections: Set<String> = [
        "Query", "QueryStringParams", "Form", "FormParams", "Multipart", "MultipartFormData", "Cookies", "BasicAuth", "Options",
    ]
    /// The names of the response sections.
    static let responseSections: Set<String> = ["Asserts", "Captures"]

    /// Reads one entry whose request line is the current line.
    mutating func entry(requestLine: (method: String, urlColumn: Int, url: String), name: String?, entryNumber: Int) throws(FileFormatError) -> HurlEntry {
        let line = lineNumber
        let url = try lineValue(requestLine.url, column: requestLine.urlColumn)
        guard !url.isEmpty else { throw source.error(line: line, column: requestLine.urlColumn, "the request has no URL") }
        var request = SavedRequest(id: "entry-\(entryNumber)", name: name ?? "\(requestLine.method) \(url)", method: HTTPMethod(rawValue: requestLine.method), url: url)
        request.options.followRedirects = false
        index += 1
        var cookies: [String] = []
        for row in try keyValueLines(what: "header") { request.headers.append(KeyValueRow(name: row.name, value: row.value)) }
        while let content = peekContent(), let section = HurlLineKind.sectionName(content) {
            skipSkippable()
            let sectionLine = lineNumber
            let column = HurlLineKind.indent(content) + 2
            guard Self.requestSections.contains(section) else {
                if Self.responseSections.contains(section) {
                    throw source.error(line: sectionLine, column: column, "[\(section)] belongs to a response; write it after a status line such as HTTP 200")
                }
                throw source.error(line: sectionLine, column: column, "unknown section [\(section)]; a request has [Query], [Form], [Multipart], [Cookies], [BasicAuth] and [Options]")
            }
            index += 1
            let rows = try keyValueLines(what: "\(section) line")
            try apply(section: section, rows: rows, to: &request, cookies: &cookies, line: sectionLine)
        }
        if !cookies.isEmpty { request.headers.append(KeyValueRow(name: "Cookie", value: cookies.joined(separator: "; "))) }
        if let content = peekContent(), HurlBodyReader.startsBody(content) {
            skipSkippable()
            let bodyLine = lineNumber
            let body = try readBody()
            request.body = requestBody(body, line: bodyLine)
        }
        var checkLines: [Int] = []
        var captureLines: [Int] = []
        if let content = peekContent(), HurlLineKind.isStatusLine(content) {
            skipSkippable()
            try response(into: &request, checkLines: &checkLines, captureLines: &captureLines)
        }
        if let content = peekContent(), HurlLineKind.requestLine(content) == nil {
            skipSkippable()
            throw source.error(line: lineNumber, column: HurlLineKind.indent(content) + 1,
                               "unexpected \(Self.excerpt(content)); after the body comes the response (HTTP 200) or the next request")
        }
        return HurlEntry(request: request, line: line, checkLines: checkLines, captureLines: captureLines, sourceLines: 0..<0)
    }

    /// A value on the rest of a line (the URL, a status), escapes decoded and the trailing comment cut.
    func lineValue(_ text: String, column: Int) throws(FileFormatError) -> String {
        switch HurlKeyValue.value(Array(text.unicodeScalars), from: 0) {
        case .success(let value): return value
        case .failure(let error): throw source.error(line: lineNumber, column: column + error.column - 1, error.message)
        }
    }

    /// Reads `name: value` lines (and blank or comment lines) until a section, a body, a status line or a request.
    mutating func keyValueLines(what: String) throws(FileFormatError) -> [(name: String, value: String, line: Int, column: Int)] {
        var rows: [(name: String, value: String, line: Int, column: Int)] = []
        while let line = current {
            if HurlLineKind.isSkippable(line) {
                let next = nextContentIndex()
                guard next < source.lines.count, !Self.endsLines(source.lines[next].text) else { break }
                index = next
                continue
            }
            if HurlLineKind.sectionName(line) != nil || HurlLineKind.isStatusLine(line) || HurlLineKind.requestLine(line) != nil
                || HurlBodyReader.startsBody(line) { break }
            switch HurlKeyValue.read(line) {
            case .success(let row)?:
                rows.append((row.name, row.value, lineNumber, row.valueColumn))
            case .failure(let error)?:
                throw source.error(line: lineNumber, column: error.column, error.message)
            case nil:
                throw source.error(line: lineNumber, column: HurlLineKind.indent(line) + 1, "expected a \(what) written name: value, found \(Self.excerpt(line))")
            }
            index += 1
        }
        return rows
    }

    /// Applies the lines of a request section.
    mutating func apply(
        section: String, rows: [(name: String, value: String, line: Int, column: Int)], to request: inout SavedRequest,
        cookies: inout [String], line: Int
    ) throws(FileFormatError) {
        switch section {
        case "Query", "QueryStringParams":
            request.query += rows.map { KeyValueRow(name: $0.name, value: $0.value) }
        case "Form", "FormParams":
            var fields: [KeyValueRow] = []
            if case .form(let existing) = request.body { fields = existing }
            for row in rows {
                if row.value.hasPrefix("file,") {
                    unsupported(line: row.line, column: row.column, "a file in [Form]; put files in [Multipart]")
                    continue
                }
                fields.append(KeyValueRow(name: row.name, value: row.value))
            }
            request.body = .form(fields)
        case "Multipart", "MultipartFormData":
            var parts: [MultipartRow] = []
            if case .multipart(let existing) = request.body { parts = existing }
            for row in rows {
                if row.value.hasPrefix("file,") {
                    guard let file = HurlFileReference.read(row.value) else {
                        throw source.error(line: row.line, column: row.column, "write a file part as file,PATH; or file,PATH; TYPE")
                    }
                    guard !HurlFileReference.climbs(file.path) else {
                        throw source.error(line: row.line, column: row.column, HurlFileReference.climbingMessage)
                    }
                    parts.append(.file(name: row.name, path: file.path, fileName: nil, contentType: file.contentType, enabled: true))
                } else {
                    parts.append(.field(name: row.name, value: row.value, enabled: true))
                }
            }
            request.body = .multipart(parts)
        case "Cookies":
            cookies += rows.map { "\($0.name)=\($0.value)" }
        case "BasicAuth":
            guard let first = rows.first else { return }
            if rows.count > 1 {
                throw source.error(line: rows[1].line, column: 1, "[BasicAuth] holds one user: password line")
            }
            request.auth = .basic(user: first.name, password: first.value)
        default:
            for row in rows { try HurlOptionReader.apply(row, to: &request, parser: &self) }
        }
    }
}

/// A `file,PATH;` reference with an optional content type after the semicolon.
struct HurlFileReference: Hashable, Sendable {
    /// The path as written.
    var path: String
    /// The content type, when one follows the semicolon.
    var contentType: String?

    /// Why a path that goes up a folder is refused.
    static let climbingMessage = "a file path may not go up with ..; files are read from the .hurl file's folder and below, as Hurl reads them"

    /// Whether a path has a `..` component.
    static func climbs(_ path: String) -> Bool {
        path.split(separator: "/").contains("..")
    }

    /// Reads `file,PATH;` or `file,PATH; TYPE`; nil when the text is not one.
    static func read(_ text: String) -> HurlFileReference? {
        guard text.hasPrefix("file,"), let semicolon = text.firstIndex(of: ";") else { return nil }
        let path = text[text.index(text.startIndex, offsetBy: 5)..<semicolon].trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { return nil }
        let type = text[text.index(after: semicolon)...].trimmingCharacters(in: .whitespaces)
        return HurlFileReference(path: path, contentType: type.isEmpty ? nil : type)
    }
}
