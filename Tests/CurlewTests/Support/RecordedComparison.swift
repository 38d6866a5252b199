import Foundation

/// The part of a recorded request that two clients sending the same request agree on: the request line, the header
/// lines each client does not set on its own, in name order, and the body (a multipart body as its parts, without
/// the boundary each client picks).
struct ComparableRequest: Hashable, CustomStringConvertible {
    /// Header names each client sets by itself.
    static let clientHeaders: Set<String> = ["host", "user-agent", "accept", "accept-encoding", "content-length", "expect", "transfer-encoding", "connection"]

    /// One multipart part: its header lines and content.
    struct Part: Hashable {
        var headerLines: [Data]
        var content: Data
    }

    var line: Data
    var headerLines: [Data]
    var body: Data
    var parts: [Part]?

    init(_ recorded: RecordingServer.Recorded) {
        line = recorded.line
        var boundary: String?
        var kept: [(name: String, line: Data)] = []
        for headerLine in recorded.headerLines {
            let text = String(decoding: headerLine, as: UTF8.self)
            let name = String(text.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces).lowercased()
            if Self.clientHeaders.contains(name) { continue }
            if name == "content-type", text.lowercased().contains("multipart/form-data"), let range = text.range(of: "boundary=") {
                boundary = String(text[range.upperBound...]).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                kept.append((name, Data("Content-Type: multipart/form-data".utf8)))
                continue
            }
            kept.append((name, headerLine))
        }
        headerLines = kept.enumerated().sorted { ($0.element.name, $0.offset) < ($1.element.name, $1.offset) }.map(\.element.line)
        body = recorded.body
        if let boundary { parts = Self.parts(of: recorded.body, boundary: boundary) }
        if parts != nil { body = Data() }
    }

    /// The parts of a multipart body, or nil when it does not read as one.
    static func parts(of body: Data, boundary: String) -> [Part]? {
        let opening = Data(("--" + boundary + "\r\n").utf8)
        let delimiter = Data(("\r\n--" + boundary).utf8)
        guard body.starts(with: opening) else { return nil }
        var parts: [Part] = []
        var rest = body[(body.startIndex + opening.count)...]
        while let end = rest.range(of: delimiter) {
            let part = rest[..<end.lowerBound]
            guard let headEnd = part.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            let head = part[..<headEnd.lowerBound]
            let lines = head.isEmpty ? [] : head.split(separator: Data("\r\n".utf8)).map { Data($0) }
            parts.append(Part(headerLines: lines, content: Data(part[headEnd.upperBound...])))
            rest = rest[end.upperBound...]
            if rest.starts(with: Data("--".utf8)) { return parts }
            guard rest.starts(with: Data("\r\n".utf8)) else { return nil }
            rest = rest.dropFirst(2)
        }
        return nil
    }

    /// The case number in the request line's target (`POST /c17/…`), or nil.
    var caseIndex: Int? {
        let text = String(decoding: line, as: UTF8.self)
        guard let slash = text.range(of: " /c") else { return nil }
        return Int(text[slash.upperBound...].prefix { $0.isASCII && $0.isNumber })
    }

    var description: String {
        func shown(_ data: Data) -> String {
            let text = String(decoding: data, as: UTF8.self)
            return text.count > 160 ? String(text.prefix(160)).debugDescription + "…(\(data.count) bytes)" : text.debugDescription
        }
        var lines = [shown(line)] + headerLines.map { "  " + shown($0) }
        if let parts {
            lines += parts.map { "  part " + $0.headerLines.map(shown).joined(separator: " ") + " = " + shown($0.content) }
        } else {
            lines.append("  body " + shown(body))
        }
        return lines.joined(separator: "\n")
    }
}
