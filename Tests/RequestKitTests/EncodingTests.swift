import Foundation
import Testing
@testable import RequestKit

@Suite("Percent-encoding")
struct PercentEncodingTests {
    @Test(arguments: [
        ("a&b", "a%26b"), ("a=b", "a%3Db"), ("a+b", "a%2Bb"), ("a#b", "a%23b"),
        ("a[b]", "a%5Bb%5D"), ("a b", "a%20b"), ("a;b", "a%3Bb"), ("é", "%C3%A9"),
        ("日本", "%E6%97%A5%E6%9C%AC"), ("🦤", "%F0%9F%A6%A4"), ("-._~", "-._~"),
        ("!$'()*,:@/?", "!$'()*,:@/?"), ("\"<>\\^`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("line\r\nbreak", "line%0D%0Abreak"), ("\u{0}", "%00"),
    ])
    func escapesReservedAndNonASCII(input: String, expected: String) {
        #expect(PercentEncoding.encodeComponent(input) == expected)
    }

    @Test(arguments: [
        ("already%20encoded", "already%20encoded"), ("%C3%a9", "%C3%a9"), ("100%", "100%25"),
        ("%zz", "%25zz"), ("%4", "%254"), ("50% off", "50%25%20off"), ("%%41", "%25%41"),
    ])
    func keepsExistingEscapesAndEscapesLonePercent(input: String, expected: String) {
        #expect(PercentEncoding.encodeComponent(input) == expected)
    }

    @Test func decodeReversesEncode() {
        let text = "a&b=c+d #[x] é日🦤 50%"
        #expect(PercentEncoding.decode(PercentEncoding.encodeComponent(text)) == text)
    }
}

@Suite("Parameter encoding")
struct ParameterEncoderTests {
    let nested: [String: ParameterValue] = [
        "user": ["name": "Ada", "address": ["city": "London", "zip": "N1"]],
        "tags": ["a", "b"],
        "page": 2,
    ]

    private func render(_ items: [QueryItem]) -> String {
        items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }

    @Test func nestedObjectsAndArraysWithBrackets() {
        let items = ParameterEncoder().queryItems(nested)
        #expect(render(items) == "page=2&tags[]=a&tags[]=b&user[address][city]=London&user[address][zip]=N1&user[name]=Ada")
    }

    @Test(arguments: [
        (ParameterEncoder.ArrayStyle.brackets, "list[]=1&list[]=2&list[][k]=v&list[][]=x"),
        (.noBrackets, "list=1&list=2&list[k]=v&list=x"),
        (.indexed, "list[0]=1&list[1]=2&list[2][k]=v&list[3][0]=x"),
    ])
    func arrayStyles(style: ParameterEncoder.ArrayStyle, expected: String) {
        let items = ParameterEncoder(arrayStyle: style).queryItems(["list": [1, 2, ["k": "v"], ["x"]]])
        #expect(render(items) == expected)
    }

    @Test(arguments: [
        (ParameterEncoder.BoolStyle.numeric, "no=0&yes=1"),
        (.literal, "no=false&yes=true"),
    ])
    func booleanStyles(style: ParameterEncoder.BoolStyle, expected: String) {
        #expect(render(ParameterEncoder(boolStyle: style).queryItems(["yes": true, "no": false])) == expected)
    }

    @Test func keysAreSortedAtEveryLevel() {
        let params: [String: ParameterValue] = ["b": ["z": 1, "a": 2, "m": ["y": 1, "b": 2]], "a": 1, "B": 0]
        #expect(render(ParameterEncoder().queryItems(params)) == "B=0&a=1&b[a]=2&b[m][b]=2&b[m][y]=1&b[z]=1")
    }

    @Test func nullIsAnEmptyValueAndEmptyContainersAddNothing() {
        let params: [String: ParameterValue] = ["n": nil, "empty": [], "none": .object([:]), "x": "1"]
        #expect(render(ParameterEncoder().queryItems(params)) == "n=&x=1")
    }

    @Test func numbersKeepTheirText() {
        #expect(render(ParameterEncoder().queryItems(["f": 1.5, "big": .number("12345678901234567890")])) == "big=12345678901234567890&f=1.5")
    }

    @Test func encodedStringEscapesKeysAndValues() {
        let params: [String: ParameterValue] = ["q": "a&b=c+d", "filter": ["näme": "x y"], "list": ["#1"]]
        #expect(ParameterEncoder().encodedString(params) == "filter%5Bn%C3%A4me%5D=x%20y&list%5B%5D=%231&q=a%26b%3Dc%2Bd")
    }
}

@Suite("Request.build")
struct RequestBuildTests {
    @Test(arguments: [HTTPMethod.get, .head, .delete])
    func parametersGoIntoTheQueryForMethodsThatHaveNoBody(method: HTTPMethod) throws {
        let request = Request.build(method: method, url: "http://example.com/search?lang=en", params: ["q": "swift & c", "page": 2])
        let prepared = try request.prepared()
        #expect(prepared.url == "http://example.com/search?lang=en&page=2&q=swift%20%26%20c")
        #expect(prepared.body.isEmpty)
        #expect(prepared.headers.value(for: "Content-Type") == nil)
    }

    @Test(arguments: [HTTPMethod.post, .put, .patch, "PROPFIND"])
    func parametersGoIntoAFormBodyOtherwise(method: HTTPMethod) throws {
        let prepared = try Request.build(method: method, url: "http://example.com/", params: ["a": ["b": true], "c": "d e"]).prepared()
        #expect(prepared.url == "http://example.com/")
        #expect(prepared.body == [.bytes(Data("a%5Bb%5D=1&c=d%20e".utf8))])
        #expect(prepared.headers.value(for: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func filesMakeAMultipartBodyWithTheParametersAsFields() throws {
        let file = MultipartFile(name: "doc", path: "/tmp/report.pdf")
        let request = Request.build(method: .post, url: "http://example.com/", params: ["b": "2", "a": "1"], files: [file])
        guard case .multipart(let form) = request.body else {
            Issue.record("expected a multipart body, got \(request.body)")
            return
        }
        #expect(form.fields == [FormField(name: "a", value: "1"), FormField(name: "b", value: "2")])
        #expect(form.files == [file])
        #expect(try request.prepared().warnings.isEmpty)
    }

    @Test func filesOnAGetAreSentWithAWarning() throws {
        let request = Request.build(method: .get, url: "http://example.com/", params: ["q": "x"], files: [MultipartFile(name: "f", path: "/tmp/a.txt")])
        let prepared = try request.prepared()
        #expect(prepared.url == "http://example.com/?q=x")
        #expect(prepared.headers.value(for: "Content-Type")?.hasPrefix("multipart/form-data; boundary=") == true)
        #expect(prepared.warnings.count == 1)
        #expect(prepared.warnings.first?.contains("GET") == true)
    }

    @Test func noParametersMeansNoBody() throws {
        let prepared = try Request.build(method: .post, url: "http://example.com/").prepared()
        #expect(prepared.body.isEmpty)
        #expect(prepared.headers.isEmpty)
    }
}
