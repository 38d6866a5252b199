import Foundation

/// Collects the status line and header fields of the final response, one raw header line at a time.
///
/// libcurl hands over the heads of every response it sees (interim 1xx, redirects, proxy CONNECT);
/// each new status line starts over, so only the last response's fields remain.
struct ResponseHeadParser {
    /// The protocol version from the status line, e.g. "HTTP/1.1" or "HTTP/2".
    private(set) var httpVersion = ""
    /// The status code from the status line.
    private(set) var statusCode = 0
    /// The reason phrase from the status line; empty for HTTP/2 and later.
    private(set) var reason = ""
    private var fields: [HTTPHeader] = []
    /// The status and `Location` of each 3xx response with a `Location` that a later status line followed, in order.
    private(set) var redirectHeads: [(status: Int, location: String)] = []

    /// The header fields of the current response, in order.
    var headers: HTTPHeaders { HTTPHeaders(fields) }

    /// Feeds one header line as libcurl delivers it, CR LF included; works on the bytes, making strings only of the parts kept.
    mutating func consume(line bytes: UnsafeRawBufferPointer) {
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end > 0 else { return }
        let line = UnsafeRawBufferPointer(rebasing: bytes[0..<end])
        if line.starts(with: Self.httpPrefix) {
            startResponse(statusLine: line)
        } else if line[0] == UInt8(ascii: " ") || line[0] == UInt8(ascii: "\t") {
            guard !fields.isEmpty else { return }
            let continuation = Self.text(line, from: 0, to: line.count)
            fields[fields.count - 1].value += fields[fields.count - 1].value.isEmpty ? continuation : " " + continuation
        } else if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[0..<colon]), as: UTF8.self)
            fields.append(HTTPHeader(name: name, value: Self.text(line, from: colon + 1, to: line.count)))
        }
    }

    /// The most redirects recorded, as many as a request may follow.
    static let maximumRedirects = 1000

    /// The redirects followed, their locations made absolute one after the other from `url`, the URL first asked for.
    func redirects(followed count: Int, from url: String) -> [RedirectStep] {
        var current = URL(string: url)
        var steps: [RedirectStep] = []
        for head in redirectHeads.prefix(max(count, 0)) {
            let target = URL(string: head.location, relativeTo: current)?.absoluteURL
            steps.append(RedirectStep(status: head.status, location: target?.absoluteString ?? head.location))
            current = target ?? current
        }
        return steps
    }

    /// "HTTP/" as bytes.
    private static let httpPrefix = Array("HTTP/".utf8)

    /// The bytes in `from..<to` without leading and trailing spaces and tabs, as text.
    private static func text(_ line: UnsafeRawBufferPointer, from: Int, to: Int) -> String {
        var start = from
        var end = to
        while start < end, line[start] == UInt8(ascii: " ") || line[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start, line[end - 1] == UInt8(ascii: " ") || line[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }

    /// Starts a new response from its status line (`HTTP/1.1 200 OK`): the version, the code and the reason
    /// are the words between spaces, the reason being the rest of the line without surrounding spaces and tabs.
    private mutating func startResponse(statusLine line: UnsafeRawBufferPointer) {
        if (300..<400).contains(statusCode), let location = headers["Location"], redirectHeads.count < Self.maximumRedirects {
            redirectHeads.append((statusCode, location))
        }
        fields = []
        let space = UInt8(ascii: " ")
        var index = 0
        /// The next word, after any spaces before it.
        func word() -> String {
            while index < line.count, line[index] == space { index += 1 }
            let start = index
            while index < line.count, line[index] != space { index += 1 }
            return String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<index]), as: UTF8.self)
        }
        httpVersion = word()
        if httpVersion == "HTTP/2.0" { httpVersion = "HTTP/2" }
        statusCode = Int(word()) ?? 0
        reason = Self.text(line, from: index, to: line.count)
    }
}
