import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The `.hurl` reader: entries, sections, bodies, responses and errors.
@Suite("hurl reader")
struct HurlReaderTests {
    static func read(_ name: String) throws -> HurlDocument {
        let data = try Data(contentsOf: ImportFixtures.root.appendingPathComponent("hurl/" + name))
        return try HurlReader.read(data, file: name)
    }

    static func read(text: String) throws(FileFormatError) -> HurlDocument {
        try HurlReader.readStrictly(Data(text.utf8), file: "t.hurl")
    }

    @Test func readsEverySectionOfARequest() throws {
        let document = try Self.read("sections.hurl")
        #expect(document.problems.isEmpty)
        #expect(document.entries.count == 5)
        let search = document.entries[0]
        #expect(search.request.name == "Search the catalogue")
        #expect(search.line == 4)
        #expect(search.request.url == "{{host}}/get?fixed=1")
        #expect(search.request.headers == [
            KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Empty", value: ""),
            KeyValueRow(name: "X-Hash", value: "a#b"), KeyValueRow(name: "Cookie", value: "theme=dark"),
        ])
        #expect(search.request.query == [KeyValueRow(name: "q", value: "cheap pens"), KeyValueRow(name: "page", value: "2")])
        let options = search.request.options
        #expect(options.followRedirects == true && options.maxRedirects == 3 && options.retry == 2 && options.retryInterval == 50)
        #expect(options.delay == 0 && options.compressed == true && options.httpVersion == "1.1")
        #expect(options.variables == [KeyValueRow(name: "tag", value: "blue")])
        #expect(search.request.checks.map(\.text) == [
            "status == 200", "Content-Type: application/json", "jsonpath \"$.args.q\" == \"cheap pens\"",
            "jsonpath \"$.headers.Cookie\" contains \"theme=dark\"", "header \"Content-Type\" startsWith \"application/json\"",
            "jsonpath \"$.args.page\" toInt == 2",
        ])
        #expect(search.checkLines == [23, 24, 28, 29, 30, 31])
        #expect(search.request.captures.map(\.text) == ["page: jsonpath \"$.args.page\""])
        #expect(search.captureLines == [26])

        let form = document.entries[1].request
        #expect(form.name == "POST {{host}}/post")
        #expect(form.options.followRedirects == false)
        #expect(form.body == .form([KeyValueRow(name: "name", value: "Ann"), KeyValueRow(name: "city", value: "Zürich")]))
        #expect(form.checks.map(\.text).prefix(2) == ["status == 200", "version == \"1.1\""])
        let multipart = document.entries[2].request
        #expect(multipart.body == .multipart([
            .field(name: "kind", value: "note", enabled: true),
            .file(name: "upload", path: "note.txt", fileName: nil, contentType: "text/plain", enabled: true),
        ]))
        #expect(multipart.checks.map(\.text) == ["jsonpath \"$.form.kind\" == \"note\""])
        #expect(document.entries[3].request.auth == .basic(user: "ann", password: "secret"))
        let credentials = document.entries[4].request
        #expect(credentials.auth == .basic(user: "bob", password: "pw"))
        #expect(credentials.options.output == "{{out}}" && credentials.options.verifyTLS == false && credentials.options.caFile == "ca.pem")
        #expect(credentials.options.pins == ["sha256//AAAA", "sha256//BBBB"])
    }

    @Test func readsEveryBodyForm() throws {
        let document = try Self.read("bodies.hurl")
        #expect(document.problems.isEmpty)
        let bodies = document.entries.map(\.request.body)
        #expect(bodies[0] == .json("{\n  \"name\": \"Ann\",\n  \"tags\": [\"a\", \"b\"],\n  \"nested\": {\"n\": {{count}}}\n}"))
        #expect(bodies[1] == .raw(text: "<?xml version=\"1.0\"?>\n<note><to>Bob</to></note>", contentType: "application/xml"))
        #expect(bodies[2] == .raw(text: "line one\nline two\n", contentType: nil))
        #expect(bodies[3] == .json("{\"a\": 1}\n"))
        #expect(bodies[4] == .raw(text: "one line with ` and \n", contentType: nil))
        #expect(bodies[5] == .raw(text: "hello", contentType: nil))
        #expect(bodies[6] == .raw(text: "hello", contentType: nil))
        #expect(bodies[7] == .file(path: "note.txt", contentType: ""))
        #expect(document.entries[8].request.checks.map(\.text) == ["status == 200", "body == \"User-agent: *\\nDisallow: /deny\\n\""])
    }

    @Test func anUnsupportedOptionNamesFileLineAndColumn() throws {
        let document = try Self.read("unsupported.hurl")
        #expect(document.problems.count == 1)
        let problem = try #require(document.problems.first)
        #expect(problem.file == "unsupported.hurl" && problem.line == 3 && problem.column == 1)
        #expect(problem.reason.contains("the option repeat"))
    }

    static let errors: [(text: String, line: Int, column: Int, contains: String)] = [
        ("hello\n", 1, 1, "expected a request"),
        ("GET http://a/\n[Asserts]\nstatus == 200\n", 2, 2, "belongs to a response"),
        ("GET http://a/\n[Nope]\n", 2, 2, "unknown section [Nope]"),
        ("GET http://a/\nHTTP 2000\n", 2, 6, "the status is a number"),
        ("GET http://a/\nHTTP/4 200\n", 2, 6, "unknown HTTP version"),
        ("GET http://a/\nHTTP 200\n[Asserts]\nstatus = 200\n", 4, 8, "unknown predicate"),
        ("GET http://a/\nHTTP 200\n[Captures]\n: status\n", 4, 1, "variable name"),
        ("POST http://a/\n{\"a\": [1, 2\n", 2, 1, "not closed"),
        ("POST http://a/\n```\nno end\n", 2, 1, "no closing ```"),
        ("POST http://a/\n`open\n", 2, 1, "no closing `"),
        ("POST http://a/\nhex,abc;\n", 2, 1, "even number"),
        ("POST http://a/\nfile,../secret;\n", 2, 1, "may not go up"),
        ("POST http://a/\n[Multipart]\nf: file,a/../../b;\n", 3, 4, "may not go up"),
        ("POST http://a/\nhex,6162\n63\n", 2, 1, "no closing ;"),
        ("POST http://a/\nbase64,@@@;\n", 2, 1, "valid Base64"),
        ("GET http://a/\n[Options]\nlocation: maybe\n", 3, 11, "true or false"),
        ("GET http://a/\n[Options]\nretry: 5000\n", 3, 8, "whole number"),
        ("GET http://a/\n[Options]\ndelay: 2h\n", 3, 8, "whole number"),
        ("GET http://a/\n[Options]\nmax-time: soon\n", 3, 11, "takes seconds"),
        ("POST http://a/\n```graphql\n{ a }\nvariables {\n```\n", 2, 1, "GraphQL variables"),
        ("GET http://a/\n[Options]\nhttp3: true\n", 3, 8, "HTTP/3"),
        ("POST http://a/\n```json,escape,yaml\nx\n```\n", 2, 16, "attribute yaml is not one curlew reads"),
        ("POST http://a/\n  ```csv\nx\n```\n", 2, 6, "attribute csv"),
        ("POST http://a/\n```json,,escape\nx\n```\n", 2, 9, "missing between commas"),
        ("POST http://a/\n```raw,escape\nx\n```\n", 2, 7, "```raw takes no attributes"),
        ("POST http://a/\n```graphql,escape\n{ a }\n```\n", 2, 4, "attributes on a ```graphql string"),
        ("POST http://a/\n```escape\nok\nbad \\q\n```\n", 4, 5, "unknown escape \\q"),
        ("GET http://a/\nHTTP 200\n[Asserts]\nbody == ```escape\n\\u{zz}\n```\n", 5, 1, "escape attribute"),
        ("POST http://a/\n[Form]\nf: file,a.txt;\n", 3, 4, "a file in [Form]"),
        ("GET http://a/\n[BasicAuth]\na: b\nc: d\n", 4, 1, "one user: password"),
        ("GET http://a/\n[Options]\nvariable: nothing\n", 3, 11, "NAME=VALUE"),
        ("GET http://a/\nHTTP 200\n```graphql\n{ a }\n```\n", 3, 1, "implicit GraphQL body"),
        ("GET http://a/\nHTTP 200\n[Asserts]\nbody == `a` b\n", 4, 12, "closing ` of the value"),
        ("GET http://a/\nHTTP 200\n[Asserts]\nbody == `a\n", 4, 9, "no closing `"),
        ("GET http://a/\nHTTP 200\nfile,a b.bin;\n", 3, 1, "holds a space"),
        ("GET http://a/\nX-Bad: a\\qb\n", 2, 9, "unknown escape"),
        ("GET http://a/\nHTTP 200\nstray words here\n", 3, 1, "header assert"),
    ]

    @Test(arguments: 0..<errors.count) func eachErrorNamesWhereAndWhat(_ index: Int) {
        let expected = Self.errors[index]
        do {
            _ = try Self.read(text: expected.text)
            Issue.record("no error for \(expected.text)")
        } catch {
            #expect(error.file == "t.hurl")
            #expect(error.line == expected.line, "\(error)")
            #expect(error.column == expected.column, "\(error)")
            #expect(error.reason.contains(expected.contains), "\(error)")
        }
    }

    @Test(arguments: [("250", 250), ("250ms", 250), ("2s", 2000), ("1m", 60_000)])
    func delaysTakeUnits(_ written: String, _ milliseconds: Int) throws {
        let document = try Self.read(text: "GET http://a/\n[Options]\ndelay: \(written)\nretry-interval: \(written)\n")
        #expect(document.entries[0].request.options.delay == milliseconds)
        #expect(document.entries[0].request.options.retryInterval == milliseconds)
    }

    @Test func aMultilinePredicateValueIsOneCheck() throws {
        let document = try Self.read(text: "GET http://a/\nHTTP 200\n[Asserts]\nbody == ```\nline one\n  two\n```\nstatus == 200\n")
        #expect(document.entries[0].request.checks.map(\.text) == ["status == 200", "body == \"line one\\n  two\\n\"", "status == 200"])
        #expect(document.entries[0].checkLines == [2, 4, 8])
    }

    @Test func multilineAttributesDecodeEscapesAndKeepTemplates() throws {
        let document = try Self.read(text: """
        POST http://a/
        ```escape
        a\\tb\\u{e9} {{x}}
        ```
        POST http://a/
        ```json, novariable ,escape
        {"a": "{{x}}\\n"}
        ```
        POST http://a/
        ```raw
        {{x}}\\t
        ```
        POST http://a/
        ```novariable
        no template
        ```
        POST http://a/
        base64,e3t4fX0=;

        """)
        let bodies = document.entries.map(\.request.body)
        #expect(bodies[0] == .raw(text: "a\tb\u{e9} {{x}}\n", contentType: nil))
        #expect(bodies[1] == .bytes(Data("{\"a\": \"{{x}}\n\"}\n".utf8), contentType: "application/json"))
        #expect(bodies[2] == .bytes(Data("{{x}}\\t\n".utf8), contentType: nil))
        #expect(bodies[3] == .raw(text: "no template\n", contentType: nil))
        #expect(bodies[4] == .bytes(Data("{{x}}".utf8), contentType: nil))
        var writer = HurlEntryWriter()
        let written = writer.write(document.entries[1].request, headers: [], auth: .none)
        #expect(written == "POST http://a/\n```json,novariable\n{\"a\": \"{{x}}\n\"}\n```\n", "\(written)")
        #expect(try Self.read(text: written).entries[0].request.body == bodies[1])
    }

    @Test func bytesThatAreNotTextStayBytesAndAreWrittenBack() throws {
        let document = try Self.read(text: "POST http://a/\nhex,00ff10c3;\nPOST http://a/\nContent-Type: image/png\nbase64,/w==;\n")
        #expect(document.entries[0].request.body == .bytes(Data([0x00, 0xFF, 0x10, 0xC3]), contentType: nil))
        #expect(document.entries[1].request.body == .bytes(Data([0xFF]), contentType: nil))
        var writer = HurlEntryWriter()
        let long = SavedRequest(name: "POST http://a/", method: .post, url: "http://a/", body: .bytes(Data((0..<200).map { UInt8($0) }), contentType: "image/png"))
        let text = writer.write(long, headers: [], auth: .none)
        #expect(text.hasPrefix("POST http://a/\nContent-Type: image/png\n") && text.contains("\nbase64,AAECAwQF"))
        let again = try Self.read(text: text)
        #expect(again.entries[0].request.body == .bytes(Data((0..<200).map { UInt8($0) }), contentType: nil))
        #expect(again.entries[0].request.headers == [KeyValueRow(name: "Content-Type", value: "image/png")])
    }

    @Test func aBytesBodyIsStoredAsBase64() throws {
        let body = SavedBody.bytes(Data([0x00, 0xFF]), contentType: "image/png")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(body), as: UTF8.self)
        #expect(json == #"{"base64":"AP8=","contentType":"image/png","type":"bytes"}"#)
        #expect(try JSONDecoder().decode(SavedBody.self, from: Data(json.utf8)) == body)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SavedBody.self, from: Data(#"{"type":"bytes","base64":"@@"}"#.utf8)) }
    }

    @Test func graphQLBodiesAreSentAsJSON() throws {
        let text = "POST http://a/\n```graphql\nquery Hero($id: ID!) {\n  hero(id: $id) { name }\n}\n\nvariables {\n  \"id\": \"1000\"\n}\n```\n"
            + "POST http://a/\n```graphql\n{ me { \"quoted\" } }\n```\n"
        let document = try Self.read(text: text)
        #expect(document.entries[0].request.body == .json("{\"query\":\"query Hero($id: ID!) {\\n  hero(id: $id) { name }\\n}\",\"variables\":{\"id\":\"1000\"}}"))
        #expect(document.entries[1].request.body == .json("{\"query\":\"{ me { \\\"quoted\\\" } }\"}"))
        let field = try Self.read(text: "POST http://a/\n```graphql\n{\n  variables { a }\n}\n```\n")
        #expect(field.entries[0].request.body == .json("{\"query\":\"{\\n  variables { a }\\n}\"}"))
    }

    @Test func backtickAndHintedMultilinePredicateValuesAreStrings() throws {
        let text = "GET http://a/\nHTTP 200\n[Asserts]\nbody == `a \\u{62} \"c\" # d` # comment\nheader \"X\" != \"`\"\nbody == ```json\n{\"a\": 1}\n```\n"
        let document = try Self.read(text: text)
        #expect(document.entries[0].request.checks.map(\.text) == [
            "status == 200", "body == \"a b \\\"c\\\" # d\"", "header \"X\" != \"`\"", "body == \"{\\\"a\\\": 1}\\n\""])
    }

    @Test func anImplicitFileBodyComparesTheBytes() throws {
        let document = try Self.read(text: "GET http://a/\nHTTP 200\nfile,data/a.bin;\n")
        #expect(document.entries[0].request.checks.map(\.text) == ["status == 200", "bytes == file,data/a.bin;"])
    }

    @Test func implicitJSONAndXMLBodiesAreComparedAsText() throws {
        let text = "GET http://a/\nHTTP 200\n{\n  \"a\": 1\n}\nGET http://a/\nHTTP 200\n<a>b</a>\n"
        let document = try Self.read(text: text)
        #expect(document.entries[0].request.checks.map(\.text) == ["status == 200", "body == \"{\\n  \\\"a\\\": 1\\n}\""])
        #expect(document.entries[1].request.checks.map(\.text) == ["status == 200", "body == \"<a>b</a>\""])
    }

    @Test func aByteOrderMarkAndCRLFLinesAreReadAndKept() throws {
        let text = "\u{FEFF}# Ping\r\nGET http://a/\r\nX-A: 1\r\n\r\nHTTP 200\r\n"
        let document = try Self.read(text: text)
        #expect(document.entries[0].request.name == "Ping")
        #expect(document.entries[0].request.headers == [KeyValueRow(name: "X-A", value: "1")])
        let collection = HurlReader.collection(of: document, file: "t.hurl")
        #expect(HurlWriter.write(collection, replacing: document).text == text)
    }

    @Test func templatedNamesAreNotBodies() throws {
        let document = try Self.read(text: "GET http://a/\n{{name}}: {{value}}\n[BasicAuth]\n{{user}}: {{password}}\n")
        #expect(document.entries[0].request.headers == [KeyValueRow(name: "{{name}}", value: "{{value}}")])
        #expect(document.entries[0].request.auth == .basic(user: "{{user}}", password: "{{password}}"))
    }

    @Test func manyBlankLinesBetweenChecksReadOnce() throws {
        let blanks = String(repeating: "\n", count: 200_000)
        let text = "GET http://a/\nHTTP 200\n[Asserts]\nstatus == 200\n" + blanks + "body contains \"x\"\n" + blanks + "GET http://b/\n"
        let document = try Self.read(text: text)
        #expect(document.entries.count == 2)
        #expect(document.entries[0].checkLines == [2, 4, 200_005])
    }

    @Test func deepJSONIsRefusedWithoutRecursion() {
        let text = "POST http://a/\n" + String(repeating: "[", count: 100_000) + "\n"
        #expect(throws: FileFormatError.self) { try Self.read(text: text) }
    }
}
