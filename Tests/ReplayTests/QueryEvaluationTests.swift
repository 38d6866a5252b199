import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: queries")
struct QueryEvaluationTests {
    static let cases: [EvaluationCase] = [
        EvaluationCase("status == 201", true, actual: "201"),
        EvaluationCase("status == 200", false, actual: "201"),
        EvaluationCase("status not == 200", true, actual: "201"),
        EvaluationCase("version == \"2\"", true, actual: "\"2\""),
        EvaluationCase("url == \"http://x/final\"", true, actual: "\"http://x/final\""),
        EvaluationCase("redirects == 2", true, actual: "2"),
        EvaluationCase("redirects count == 2", true, actual: "2"),
        EvaluationCase("header \"x-one\" == \"a\"", true, actual: "\"a\""),
        EvaluationCase("header \"X-Many\" count == 2", true, actual: "2"),
        EvaluationCase("header \"X-Many\" isList", true, actual: "[\"b\",\"c\"]"),
        EvaluationCase("header \"X-Many\" nth 1 == \"c\"", true),
        EvaluationCase("header \"X-Many\" contains \"c\"", true),
        EvaluationCase("header \"Missing\" exists", false, actual: "none"),
        EvaluationCase("header \"Missing\" not exists", true, actual: "none"),
        EvaluationCase("header \"X-{{suffix}}\" == \"a\"", true),
        EvaluationCase("header \"X-Many\" == \"c\"", false, actual: "[\"b\",\"c\"]"),
        EvaluationCase("header \"X-Many\" includes \"b\"", true),
        EvaluationCase("header \"X-One\" includes \"a\"", false, problem: "includes looks for an item of a list"),
        EvaluationCase("header \"X-One\" count == 1", false, problem: "count"),
        EvaluationCase("header \"Missing\" not contains \"a\"", true, actual: "none"),
        EvaluationCase("header \"Missing\" != \"a\"", false, actual: "none"),
        EvaluationCase("X-Many: c", true, actual: "\"c\""),
        EvaluationCase("x-many: b", true, actual: "\"b\""),
        EvaluationCase("X-Many: d", false, actual: "[\"b\",\"c\"]"),
        EvaluationCase("X-One: a", true, actual: "\"a\""),
        EvaluationCase("X-One: A", false, actual: "\"a\""),
        EvaluationCase("X-{{suffix}}: a  # a comment", true),
        EvaluationCase("Missing: a", false, actual: "none"),
        EvaluationCase("ip == \"::1\"", true, actual: "\"::1\""),
        EvaluationCase("ip isIpv6", true),
        EvaluationCase("cookie \"sid\" == \"abc\"", true, actual: "\"abc\""),
        EvaluationCase("cookie \"sid[Value]\" == \"abc\"", true),
        EvaluationCase("cookie \"sid[Max-Age]\" == 3600", true, actual: "3600"),
        EvaluationCase("cookie \"sid[Path]\" == \"/\"", true),
        EvaluationCase("cookie \"sid[Domain]\" == \"example.com\"", true),
        EvaluationCase("cookie \"sid[SameSite]\" == \"Lax\"", true),
        EvaluationCase("cookie \"sid[HttpOnly]\" exists", true),
        EvaluationCase("cookie \"sid[Secure]\" not exists", true),
        EvaluationCase("cookie \"sid[Expires]\" isDate", true, actual: "2026-10-21T07:28:00.000Z"),
        EvaluationCase("cookie \"sid[Expires]\" dateFormat \"%Y-%m-%d\" == \"2026-10-21\"", true),
        EvaluationCase("cookie \"theme\" == \"dark\"", true),
        EvaluationCase("cookie \"theme[Secure]\" exists", true),
        EvaluationCase("cookie \"other\" not exists", true, actual: "none"),
        EvaluationCase("body == \"hello world\"", true, actual: "\"hello world\""),
        EvaluationCase("body contains \"lo wo\"", true),
        EvaluationCase("bytes count == 11", true),
        EvaluationCase("bytes startsWith hex,68656c6c6f;", true),
        EvaluationCase("bytes == base64,aGVsbG8gd29ybGQ=;", true),
        EvaluationCase("sha256 == hex,b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9;", true),
        EvaluationCase("md5 == hex,5eb63bbbe01eeed093cb22bb8f5acdc3;", true, actual: "hex,5eb63bbbe01eeed093cb22bb8f5acdc3;"),
        EvaluationCase("regex \"hel(l)o\" == \"l\"", true, actual: "\"l\""),
        EvaluationCase("regex /w(or)ld/ == \"or\"", true),
        EvaluationCase("regex /nomatch(x)/ not exists", true, actual: "none"),
        EvaluationCase("regex /[/ exists", false, problem: "not valid"),
        EvaluationCase("duration == 1234", true, actual: "1234"),
        EvaluationCase("duration < 1000", false),
        EvaluationCase("variable \"name\" == \"ann\"", true),
        EvaluationCase("variable \"nope\" not exists", true),
    ]

    @Test("each query on a text response", arguments: cases)
    func queries(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.textResponse)
        #expect(result.passed == row.passes, "\(result)")
        if let actual = row.actual { #expect(result.actual == actual) }
        if let problem = row.problem { #expect(result.problem?.contains(problem) == true, "\(result)") }
        #expect(result.check.text == row.line)
    }

    @Test("digests of an empty and of a multi-block body")
    func digests() throws {
        let empty = Response(statusCode: 200)
        #expect(try EvaluationSupport.result("sha256 == hex,e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855;", on: empty).passed)
        #expect(try EvaluationSupport.result("md5 == hex,d41d8cd98f00b204e9800998ecf8427e;", on: empty).passed)
        let long = Response(statusCode: 200, body: Data(repeating: UInt8(ascii: "a"), count: 1000))
        #expect(try EvaluationSupport.result("sha256 toHex == \"41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3\"", on: long).passed)
        #expect(try EvaluationSupport.result("md5 toHex == \"cabe45dcc9ae5b66ba86600cca6b8ba8\"", on: long).passed)
    }

    @Test("a body written to a file is not read as empty")
    func bodyInFile() throws {
        let response = Response(statusCode: 200, bodyPath: "/tmp/out.bin")
        let result = try EvaluationSupport.result("body == \"\"", on: response)
        #expect(!result.passed)
        #expect(result.problem?.contains("/tmp/out.bin") == true)
        #expect(try EvaluationSupport.result("status == 200", on: response).passed)
    }

    @Test("version reads HTTP/1.1 as 1.1")
    func versionOne() throws {
        #expect(try EvaluationSupport.result("version == \"1.1\"", on: Response(statusCode: 200, httpVersion: "HTTP/1.1")).passed)
    }

    @Test("the expected side reads as the predicate is written, with its variables filled in; a long actual value is cut")
    func rendering() throws {
        let result = try EvaluationSupport.result("variable \"name\" == \"{{code}}\"", on: EvaluationSupport.textResponse)
        #expect(!result.passed)
        #expect(result.expected == "== \"201\"")
        #expect(result.actual == "\"ann\"")
        let negated = try EvaluationSupport.result("status not >= 300", on: EvaluationSupport.textResponse)
        #expect(negated.expected == "not >= 300")
        let long = Response(statusCode: 200, body: Data(String(repeating: "ab\"", count: 300).utf8))
        let cut = try EvaluationSupport.result("body == \"x\"", on: long)
        #expect(cut.actual.hasSuffix("…"))
        #expect(cut.actual.count <= 202)
    }
}
