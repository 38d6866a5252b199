import Foundation
import Testing
@testable import RequestKit

@Suite("Request.prepared")
struct PreparedRequestTests {
    @Test(arguments: [
        ("", "it is empty"),
        ("example.com/path", "no scheme"),
        ("ftp://example.com/", "'ftp' is not supported"),
        ("http://", "no host"),
        ("http:///path", "no host"),
        ("http://user@/path", "no host"),
        ("http://exa mple.com/", "host contains"),
        ("http://example.com:99999/", "port '99999'"),
        ("http://example.com:abc/", "port 'abc'"),
        ("http://[::1/", "closing ']'"),
    ])
    func invalidURLsAreRejectedWithAReason(url: String, reasonFragment: String) {
        #expect {
            try Request(url: url).prepared()
        } throws: { error in
            guard case NetworkError.invalidURL(let text, let reason) = error else { return false }
            return text == url && reason.contains(reasonFragment)
        }
    }

    @Test(arguments: [
        ("HTTPS://Example.com", "https://Example.com/"),
        ("  http://example.com/a b?x=é#frag \n", "http://example.com/a%20b?x=%C3%A9"),
        ("http://[::1]:8080/p?a[]=1&b=%41", "http://[::1]:8080/p?a[]=1&b=%41"),
        ("http://user:pw@host:1/", "http://user:pw@host:1/"),
        ("http://host/日本?q=\"x\"", "http://host/%E6%97%A5%E6%9C%AC?q=%22x%22"),
    ])
    func validURLsAreNormalised(url: String, expected: String) throws {
        #expect(try Request(url: url).prepared().url == expected)
    }

    @Test(arguments: [
        "", "  ", "example.com/path", "ftp://example.com/", "http://", "http:///path", "http://user@/path", "http://exa mple.com/",
        "http://example.com:99999/", "http://example.com:abc/", "http://example.com:/", "http://[::1/", "http://[::1]x/",
        "http://[::1]:8080/p?a[]=1&b=%41", "HTTPS://Example.com", " \t http://h/a b?x=1 2#frag\r\n", "http://h#f", "http://h?q#f",
        "http://u:p@h:1/p?q", "http://a@b@c/", "http://h/%zz%4", "http://h/p?%", "http://h\r\nx/", "http://h/\u{7F}", "Http://h:/",
        "http://h:1:2/", "http://[::1]:/", "http://h/p?a=1?b=2", "http:/h", "x http://h/",
    ])
    func asciiURLsParseByteWiseAsByCharacter(url: String) {
        #expect(RequestURL.parsesAlikeByBytesAndCharacters(url), "the two parses of \(url.debugDescription) disagree")
        // ASCII text is read by the byte-wise parse itself, never handed on.
        #expect((try? RequestURL.parsedASCII(url)) != .some(nil))
    }

    @Test func nonASCIIURLsAreLeftToTheCharacterParse() throws {
        #expect(try RequestURL.parsedASCII("http://host/日本") == nil)
    }

    @Test(arguments: [
        ("http://h/p", "http://h/p?a=1&b=x%20y&flag"),
        ("http://h/p?", "http://h/p?a=1&b=x%20y&flag"),
        ("http://h/p?z=0", "http://h/p?z=0&a=1&b=x%20y&flag"),
        ("http://h/p?z=0&", "http://h/p?z=0&a=1&b=x%20y&flag"),
        ("http://h/p?z=0#top", "http://h/p?z=0&a=1&b=x%20y&flag"),
    ])
    func queryItemsAreAppendedToTheURLsQuery(url: String, expected: String) throws {
        let request = Request(url: url, query: [QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: "x y"), QueryItem(name: "flag", value: nil)])
        #expect(try request.prepared().url == expected)
    }

    @Test(arguments: ["GE T", "", "GET\r\n", "PÖST"])
    func invalidMethodsAreRejected(method: String) {
        #expect(throws: NetworkError.invalidMethod(method)) {
            try Request(method: HTTPMethod(rawValue: method), url: "http://h/").prepared()
        }
    }

    @Test(arguments: [
        ("X-Bad", "a\r\nX-Injected: 1", "carriage return"),
        ("X-Bad", "a\nb", "line feed"),
        ("X-Bad", "a\u{0}b", "NUL"),
        ("Bad Name", "v", "name contains"),
        ("Bad:Name", "v", "name contains"),
        ("", "v", "name is empty"),
    ])
    func invalidHeadersAreRejected(name: String, value: String, reasonFragment: String) {
        #expect {
            try Request(url: "http://h/", headers: [HTTPHeader(name: name, value: value)]).prepared()
        } throws: { error in
            guard case NetworkError.invalidHeader(let badName, let reason) = error else { return false }
            return badName == name && reason.contains(reasonFragment)
        }
    }

    @Test func bearerAndBasicAuthBecomeAnAuthorizationHeader() throws {
        let bearer = try Request(url: "http://h/", auth: .bearer("t0k3n")).prepared()
        #expect(bearer.headers.values(for: "authorization") == ["Bearer t0k3n"])
        let basic = try Request(url: "http://h/", auth: .basic(user: "ada", password: "pa:ss")).prepared()
        #expect(basic.headers.values(for: "Authorization") == ["Basic " + Data("ada:pa:ss".utf8).base64EncodedString()])
    }

    @Test func anAuthorizationHeaderSetByHandWins() throws {
        let prepared = try Request(url: "http://h/", headers: ["authorization": "Custom x"], auth: .bearer("t")).prepared()
        #expect(prepared.headers.values(for: "Authorization") == ["Custom x"])
    }

    @Test func aTokenWithALineBreakIsRejected() {
        #expect(throws: NetworkError.self) {
            try Request(url: "http://h/", auth: .bearer("a\r\nX: y")).prepared()
        }
    }

    @Test(arguments: [
        (RequestBody.raw(Data([0, 1, 2]), contentType: "application/x-thing"), String?("application/x-thing")),
        (.raw(Data("x".utf8), contentType: nil), nil),
        (.json("{\"a\":1}"), "application/json"),
        (.form([FormField(name: "a b", value: "c&d")]), "application/x-www-form-urlencoded"),
        (.file(path: "/tmp/data.json", contentType: nil), "application/json"),
        (.file(path: "/tmp/data.unknownext", contentType: nil), "application/octet-stream"),
        (.file(path: "/tmp/data.json", contentType: "text/plain"), "text/plain"),
    ])
    func eachBodySetsItsContentType(body: RequestBody, expected: String?) throws {
        let prepared = try Request(method: .post, url: "http://h/", body: body).prepared()
        #expect(prepared.headers.value(for: "Content-Type") == expected)
    }

    @Test func bodiesBecomeSegments() throws {
        #expect(try Request(method: .post, url: "http://h/", body: .json("{}")).prepared().body == [.bytes(Data("{}".utf8))])
        #expect(try Request(method: .post, url: "http://h/", body: .form([FormField(name: "a b", value: "c&d")])).prepared().body
            == [.bytes(Data("a%20b=c%26d".utf8))])
        #expect(try Request(method: .put, url: "http://h/", body: .file(path: "/x/y.bin", contentType: nil)).prepared().body == [.file(path: "/x/y.bin")])
        #expect(try Request(method: .post, url: "http://h/").prepared().body.isEmpty)
    }

    @Test func aContentTypeSetByHandWinsExceptForMultipart() throws {
        let json = try Request(method: .post, url: "http://h/", headers: ["content-type": "application/vnd.api+json"], body: .json("{}")).prepared()
        #expect(json.headers.values(for: "Content-Type") == ["application/vnd.api+json"])
        #expect(json.warnings.isEmpty)
        let form = MultipartForm(fields: [FormField(name: "a", value: "b")], boundary: "XyZ")
        let multipart = try Request(method: .post, url: "http://h/", headers: ["Content-Type": "multipart/form-data"], body: .multipart(form)).prepared()
        #expect(multipart.headers.values(for: "Content-Type") == ["multipart/form-data; boundary=XyZ"])
        #expect(multipart.warnings.count == 1)
    }

    @Test(arguments: ["", "has\r\nbreak", String(repeating: "x", count: 71), "ends with space ", "semi;colon"])
    func invalidBoundariesAreRejected(boundary: String) {
        let form = MultipartForm(fields: [FormField(name: "a", value: "b")], boundary: boundary)
        #expect {
            try Request(method: .post, url: "http://h/", body: .multipart(form)).prepared()
        } throws: { error in
            if case NetworkError.invalidBody = error { return true }
            return false
        }
    }

    @Test func aGetWithABodyIsSentWithAWarning() throws {
        let prepared = try Request(method: .get, url: "http://h/", body: .json("{}")).prepared()
        #expect(prepared.body.count == 1)
        #expect(prepared.warnings.count == 1)
    }
}
