import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

/// Hurl's `rawbytes` and `certificate` queries, the run options Hurl's `[Options]` adds (`skip`, `header`, `no-header`,
/// `variables-file`, the verbosity ones) and its random functions, each case taken from Hurl's documentation or suite.
@Suite("Hurl rawbytes, certificate, options and functions")
struct HurlResponseBytesTests {
    /// The gzip bytes of "Hello World!" that Hurl's suite serves for `rawbytes`.
    static let gzipped: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0xed, 0x0c, 0x84, 0x5f, 0x00, 0x03, 0xf3, 0x48, 0xcd, 0xc9, 0xc9, 0x57,
        0x08, 0xcf, 0x2f, 0xca, 0x49, 0x51, 0x04, 0x00, 0xa3, 0x1c, 0x29, 0x1c, 0x0c, 0x00, 0x00, 0x00,
    ]

    static func evaluate(_ line: String, on response: Response) throws -> CheckResult {
        var evaluation = ResponseEvaluation(response: response, variables: [:], now: EvaluationSupport.now)
        return evaluation.evaluate(try Check.parse(line))
    }

    @Test func rawbytesIsTheBodyAsReceived() throws {
        var response = Response(statusCode: 200, body: Data("Hello World!".utf8))
        response.receivedBody = .bytes(Data(Self.gzipped))
        #expect(try Self.evaluate("rawbytes startsWith hex,1f8b;", on: response).passed)
        #expect(try Self.evaluate("rawbytes count == 32", on: response).passed)
        #expect(try Self.evaluate("bytes startsWith hex,48656c6c6f;", on: response).passed)
        let failed = try Self.evaluate("rawbytes count == 31", on: response)
        #expect(!failed.passed && failed.actual == "32" && failed.expected == "== 31")
    }

    @Test func rawbytesWithoutACodingIsTheBody() throws {
        let response = Response(statusCode: 200, body: Data([1, 2, 3]))
        #expect(try Self.evaluate("rawbytes == hex,010203;", on: response).passed)
        #expect(try Self.evaluate("rawbytes == base64,AQID;", on: response).passed)
        #expect(try Self.evaluate("rawbytes isEmpty", on: Response(statusCode: 200)).passed)
    }

    @Test func aBodyThatDidNotDecodeFailsTheChecksThatReadIt() throws {
        var response = Response(statusCode: 200)
        response.receivedBody = .bytes(Data("Hello".utf8))
        response.contentDecodingFailure = "compression unknown is not supported"
        let body = try Self.evaluate("body == \"Hello\"", on: response)
        #expect(!body.passed && body.problem == "compression unknown is not supported")
        #expect(try Self.evaluate("rawbytes count == 5", on: response).passed)
        #expect(try Self.evaluate("status == 200", on: response).passed)
    }

    @Test func certificateFieldsAsHurlReadsThem() throws {
        var response = Response(statusCode: 200)
        response.certificate = ServerCertificate(
            subject: "C = US, ST = Denial, L = Springfield, O = Dis, CN = localhost", issuer: "C = US, O = Dis, CN = localhost",
            startDate: "Jan 10 08:29:52 2023 GMT", expireDate: "Oct 30 08:29:52 2025 GMT", serialNumber: "1ee8b17f1b64d8d6b3de870103d2a4f533535ab0")
        #expect(try Self.evaluate(#"certificate "Subject" == "C = US, ST = Denial, L = Springfield, O = Dis, CN = localhost""#, on: response).passed)
        #expect(try Self.evaluate(#"certificate "Issuer" contains "CN = localhost""#, on: response).passed)
        #expect(try Self.evaluate(#"certificate "Serial-Number" == "1e:e8:b1:7f:1b:64:d8:d6:b3:de:87:01:03:d2:a4:f5:33:53:5a:b0""#, on: response).passed)
        #expect(try Self.evaluate(#"certificate "Start-Date" dateFormat "%Y-%m-%d" == "2023-01-10""#, on: response).passed)
        #expect(try Self.evaluate(#"certificate "Expire-Date" isDate"#, on: response).passed)
        #expect(try Self.evaluate(#"certificate "Expire-Date" daysAfterNow > 15"#, on: response).passed)
        #expect(try !Self.evaluate(#"certificate "Subject" exists"#, on: Response(statusCode: 200)).passed)
    }

    @Test func certificateDatesInBothOfLibcurlsForms() {
        #expect(CertificateText.date("Jan  1 00:00:00 2030 GMT") == CertificateText.date("2030-01-01 00:00:00 GMT"))
        #expect(CertificateText.date("Jan  1 00:00:00 2030 GMT")?.timeIntervalSince1970 == 1_893_456_000)
        #expect(CertificateText.date("Foo 1 00:00:00 2030 GMT") == nil)
        #expect(CertificateText.serialNumber("1e:e8:b1:") == "1e:e8:b1")
    }

    @Test func certificateNamesAFieldOfHurls() throws {
        #expect(try Check.parse(#"certificate "Expire-Date" daysAfterNow > 15"#).query == .certificate(.expireDate))
        #expect(throws: CheckSyntaxError.self) { try Check.parse(#"certificate "Owner" exists"#) }
        #expect(try Check.parse("rawbytes count == 3").query == .rawbytes)
    }

    @Test func aRequestWithACertificateCheckRecordsTheCertificate() throws {
        var request = SavedRequest(name: "cert", method: .get, url: "https://localhost")
        #expect(!request.readsCertificate)
        request.checks = [try Check.parse(#"certificate "Subject" exists"#)]
        #expect(request.readsCertificate)
    }

    @Test func optionsHurlAddsAreRead() throws {
        let collection = try HurlGrammarTests.read("""
            GET http://localhost:8000/no-header/foo-bar
            [Options]
            skip: true
            header: bar:BAR
            no-header: baz
            variables-file: vars.env
            verbose: true
            very-verbose: false
            verbosity: brief
            fail-with-body: true
            HTTP 200

            """)
        let request = try #require(collection.requests.first)
        #expect(request.options.skip == true)
        #expect(request.headers.contains { $0.name == "bar" && $0.value == "BAR" })
        #expect(request.options.removedHeaders == ["baz"])
        #expect(request.options.variablesFiles == ["vars.env"])
        #expect(request.options.printing?.map(\.name) == ["verbose", "very-verbose", "verbosity", "fail-with-body"])
        #expect(throws: (any Error).self) { try HurlGrammarTests.read("GET http://x\n[Options]\nverbosity: loud\n") }
    }

    @Test func randomFunctionsAsHurlDocumentsThem() throws {
        let scope = VariableScope()
        let int = try VariableResolver.resolve("{{randomInt 10 99}}", in: scope, location: "a test")
        #expect(Int(int).map { (10...99).contains($0) } == true)
        #expect(["true", "false"].contains(try VariableResolver.resolve("{{randomBool}}", in: scope, location: "a test")))
        let string = try VariableResolver.resolve("{{randomString 32}}", in: scope, location: "a test")
        #expect(string.count == 32 && string.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        #expect(try VariableResolver.resolve("{{randomEmail}}", in: scope, location: "a test").contains("@"))
        #expect(try !VariableResolver.resolve("{{randomFullName}}", in: scope, location: "a test").isEmpty)
        #expect(throws: VariableError.self) { try VariableResolver.resolve("{{randomInt 9 1}}", in: scope, location: "a test") }
        let given = VariableScope(commandLine: ["randomWord": "fixed"])
        #expect(try VariableResolver.resolve("{{randomWord}}", in: given, location: "a test") == "fixed")
    }
}
