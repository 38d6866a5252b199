import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: XPath on XML and HTML")
struct MarkupEvaluationTests {
    static let xmlCases: [EvaluationCase] = [
        EvaluationCase("xpath \"//item\" count == 2", true, actual: "2"),
        EvaluationCase("xpath \"//item\" exists", true),
        EvaluationCase("xpath \"//missing\" exists", false, actual: "node set of 0"),
        EvaluationCase("xpath \"//missing\" isEmpty", true),
        EvaluationCase("xpath \"//item\" isCollection", true),
        EvaluationCase("xpath \"//item[2]\" == \"b\"", true),
        EvaluationCase("xpath \"//item\" nth 1 == \"b\"", true),
        EvaluationCase("xpath \"//item/@id\" last == \"2\"", true),
        EvaluationCase("xpath \"string(//item[1])\" == \"a\"", true, actual: "\"a\""),
        EvaluationCase("xpath \"count(//item)\" == 2", true),
        EvaluationCase("xpath \"count(//item) div 4\" == 0.5", true),
        EvaluationCase("xpath \"boolean(//empty)\" == true", true, actual: "true"),
        EvaluationCase("xpath \"//item[\" exists", false, problem: "not valid XPath"),
    ]

    @Test("XPath on an XML body", arguments: xmlCases)
    func xml(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.xmlResponse)
        #expect(result.passed == row.passes, "\(result)")
        if let actual = row.actual { #expect(result.actual == actual, "\(result)") }
        if let problem = row.problem { #expect(result.problem?.contains(problem) == true, "\(result)") }
    }

    static let htmlCases: [EvaluationCase] = [
        EvaluationCase("xpath \"string(//title)\" == \"Home\"", true),
        EvaluationCase("xpath \"//p\" count == 2", true),
        EvaluationCase("xpath \"normalize-space(//p[2])\" == \"Two & more\"", true),
        EvaluationCase("xpath \"//p[@class='a']\" == \"One\"", true),
    ]

    @Test("XPath on an HTML body, read by the forgiving HTML parser", arguments: htmlCases)
    func html(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.htmlResponse)
        #expect(result.passed == row.passes, "\(result)")
    }

    @Test("the document is parsed once for all checks of a response")
    func parsedOnce() throws {
        var evaluation = ResponseEvaluation(response: EvaluationSupport.xmlResponse, variables: [:])
        #expect(evaluation.markupBody == nil)
        _ = evaluation.evaluate(try Check.parse("xpath \"//item\" count == 2"))
        let first = try #require(try? evaluation.markupBody?.get())
        _ = evaluation.evaluate(try Check.parse("xpath \"//item\" exists"))
        let second = try #require(try? evaluation.markupBody?.get())
        #expect(first === second)
    }

    @Test("an XML body that is not well-formed is a problem, not a crash")
    func malformed() throws {
        let response = Response(statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data("<a><b></a>".utf8))
        let result = try EvaluationSupport.result("xpath \"//b\" exists", on: response)
        #expect(!result.passed)
        #expect(result.problem?.contains("not well-formed XML") == true)
    }

    static let hostileDocuments: [String] = [
        #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><r>&x;</r>"#,
        #"<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % p SYSTEM "http://127.0.0.1:9/x.dtd"> %p;]><r>a</r>"#,
        #"<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]><l>&i;</l>"#,
    ]

    @Test("external entities and entity expansion are refused", arguments: hostileDocuments)
    func entitiesRefused(document: String) throws {
        let response = Response(statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data(document.utf8))
        let result = try EvaluationSupport.result("xpath \"string(/*)\" contains \"root:\"", on: response)
        #expect(!result.passed)
        #expect(result.problem?.contains("entities") == true, "\(result)")
        #expect(!result.actual.contains("root:"))
    }

    @Test("an XML body with a DTD but no entity is read without loading the DTD")
    func dtdNotLoaded() throws {
        let document = #"<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://127.0.0.1:9/r.dtd"><r>plain</r>"#
        let response = Response(statusCode: 200, headers: ["Content-Type": "text/xml"], body: Data(document.utf8))
        #expect(try EvaluationSupport.result("xpath \"string(/r)\" == \"plain\"", on: response).passed)
    }

    @Test("random bytes as XML or HTML never crash the evaluation")
    func randomBodies() throws {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["<", ">", "</", "a", "b", "&", "&amp;", "<!--", "-->", "<![CDATA[", "]]>", "\"", "=", " ", "<?xml ", "?>", "\u{0}", "é", "<!DOCTYPE"]
        for round in 0..<300 {
            var body = ""
            for _ in 0..<(Int(generator.next() % 60)) { body += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let type = round % 2 == 0 ? "application/xml" : "text/html"
            let response = Response(statusCode: 200, headers: ["Content-Type": type], body: Data(body.utf8))
            let result = try EvaluationSupport.result("xpath \"count(//*)\" >= 0", on: response)
            #expect(result.passed || result.problem != nil)
        }
    }
}

/// A seeded generator (SplitMix64) so that random tests repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("libxml2 loading")
struct MarkupLibraryTests {
    @Test("libxml2 opens on demand on this machine")
    func loads() {
        #expect(MarkupDocument.loadError == nil)
    }

    @Test("an HTML page without html and body elements gets them implied, as browsers do")
    func impliedElements() throws {
        let response = Response(statusCode: 200, headers: ["Content-Type": "text/html"], body: Data("<p>solo</p>".utf8))
        #expect(try EvaluationSupport.result("xpath \"string(/html/body/p)\" == \"solo\"", on: response).passed)
    }
}
