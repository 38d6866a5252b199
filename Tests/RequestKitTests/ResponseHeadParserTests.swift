import Foundation
@testable import RequestKit
import Testing

/// The header-line parser and the standard reason phrases.
@Suite struct ResponseHeadParserTests {
    private func parse(_ lines: [String]) -> ResponseHeadParser {
        var parser = ResponseHeadParser()
        for line in lines {
            Data(line.utf8).withUnsafeBytes { parser.consume(line: $0) }
        }
        return parser
    }

    @Test func keepsOnlyTheFinalResponse() {
        let parser = parse([
            "HTTP/1.1 100 Continue\r\n", "\r\n",
            "HTTP/1.1 302 Found\r\n", "Location: /b\r\n", "\r\n",
            "HTTP/1.1 200 OK\r\n", "Set-Cookie: a=1\r\n", "set-cookie: b=2\r\n", "X-Folded: one\r\n", "  two\r\n", "\r\n",
        ])
        #expect(parser.statusCode == 200)
        #expect(parser.reason == "OK")
        #expect(parser.headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(parser.headers["Location"] == nil)
        #expect(parser.headers["X-Folded"] == "one two")
    }

    @Test func http2HasNoReasonPhrase() {
        let parser = parse(["HTTP/2 404 \r\n", "content-type: text/plain\r\n", "\r\n"])
        #expect(parser.httpVersion == "HTTP/2")
        #expect(parser.statusCode == 404)
        #expect(parser.reason.isEmpty)
        #expect(HTTPStatusPhrase.phrase(for: 404) == "Not Found")
    }

    @Test func multiWordReasonIsKept() {
        let parser = parse(["HTTP/1.1 503 Service Unavailable\r\n"])
        #expect(parser.reason == "Service Unavailable")
    }

    @Test(arguments: [
        ("HTTP/1.1  200   All  Good \t\r\n", "HTTP/1.1", 200, "All  Good"),
        ("HTTP/2.0 204\r\n", "HTTP/2", 204, ""),
        ("HTTP/1.1 2x0 Odd\r\n", "HTTP/1.1", 0, "Odd"),
        ("HTTP/1.1 200\tOK\r\n", "HTTP/1.1", 0, ""),
    ])
    func statusLineWords(line: String, version: String, status: Int, reason: String) {
        let parser = parse([line])
        #expect(parser.httpVersion == version)
        #expect(parser.statusCode == status)
        #expect(parser.reason == reason)
    }
}
