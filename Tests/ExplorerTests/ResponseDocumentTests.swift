import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
@testable import Explorer

/// The token stream, the re-indenting layout, body classification and the line index.
@Suite struct ResponseDocumentTests {
    static let suiteDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    static func suiteFiles() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func tokenizerAndLayoutAgreeWithThePrettyPrinterOnJSONTestSuite() throws {
        let files = Self.suiteFiles()
        try #require(files.count > 200, "JSONTestSuite corpus not found at \(Self.suiteDirectory.path)")
        var mismatches: [String] = []
        for name in files {
            let bytes = [UInt8](try Data(contentsOf: Self.suiteDirectory.appendingPathComponent(name)))
            let expected = try? JSONPrettyPrinter().format(bytes)
            let actual = try? JSONBodyLayout.format(bytes).get()
            if expected != actual.map({ String(decoding: $0, as: UTF8.self) }) { mismatches.append(name) }
            if name.hasPrefix("y_") && actual == nil { mismatches.append("rejected " + name) }
            if name.hasPrefix("n_") && actual != nil { mismatches.append("accepted " + name) }
        }
        #expect(mismatches.isEmpty, "differ from JSONPrettyPrinter: \(mismatches)")
    }

    @Test func tokensCarryKindsAndRanges() throws {
        let text = Array(#"{"a": [true, null, -1.5e3, "s"]}"#.utf8)
        var tokenizer = JSONTokenizer(text)
        var kinds: [JSONTokenKind] = []
        var pieces: [String] = []
        while let token = try tokenizer.next() {
            kinds.append(token.kind)
            pieces.append(String(decoding: text[token.range], as: UTF8.self))
        }
        #expect(kinds == [.beginObject, .key, .colon, .beginArray, .boolean, .comma, .null, .comma, .number, .comma, .string, .endArray, .endObject])
        #expect(pieces == ["{", "\"a\"", ":", "[", "true", ",", "null", ",", "-1.5e3", ",", "\"s\"", "]", "}"])
    }

    @Test(arguments: [
        ("application/json", ResponseBodyKind.json), ("application/problem+json; charset=utf-8", .json),
        ("text/plain", .text), ("image/png", .binary), ("application/octet-stream", .binary),
    ])
    func classifiesByContentType(contentType: String, kind: ResponseBodyKind) {
        let document = ResponseDocument.make(from: ResponseFixtures.response(#"{"a":1}"#, contentType: contentType))
        if contentType == "text/plain" {
            #expect(document.bodyKind == .json, "text that is valid JSON is still pretty-printed")
        } else {
            #expect(document.bodyKind == kind)
        }
    }

    @Test func sniffsJSONWithoutAContentType() {
        #expect(ResponseDocument.make(from: ResponseFixtures.response(" [1,2]", contentType: nil)).bodyKind == .json)
        #expect(ResponseDocument.make(from: ResponseFixtures.response("hello", contentType: nil)).bodyKind == .text)
    }

    @Test func nulBytesAndInvalidUTF8MakeABodyBinary() {
        let nul = ResponseDocument.make(from: ResponseFixtures.response(bytes: [0x61, 0x00, 0x62], contentType: "text/plain"))
        #expect(nul.bodyKind == .binary)
        let invalid = ResponseDocument.make(from: ResponseFixtures.response(bytes: [0x61, 0xFF, 0xFE, 0x62], contentType: nil))
        #expect(invalid.bodyKind == .binary)
        let utf8 = ResponseDocument.make(from: ResponseFixtures.response("héllo 日本 🎉", contentType: nil))
        #expect(utf8.bodyKind == .text)
    }

    @Test func declaredJSONThatIsInvalidIsShownAsTextWithTheError() {
        let document = ResponseDocument.make(from: ResponseFixtures.response(#"{"a":1,}"#))
        guard case .invalidJSON(let message) = document.bodyKind else {
            Issue.record("expected invalidJSON, got \(document.bodyKind)")
            return
        }
        #expect(message.contains("byte"))
        #expect(document.bodyText.lineCount == 2)
    }

    @Test func lineIndexDropsCarriageReturnsAndFinalNewline() {
        let lines = TextLines(text: "one\r\ntwo\n\nfour\n")
        #expect(lines.count == 4)
        let texts = (0..<lines.count).map { String(decoding: lines.bytes[lines.range(of: $0)], as: UTF8.self) }
        #expect(texts == ["one", "two", "", "four"])
        #expect(TextLines([]).count == 0)
    }

    @Test func longLinesAreCutAtCharacterBoundariesIntoContinuations() {
        let text = String(repeating: "é", count: 10)  // 20 bytes
        let lines = TextLines(Array(text.utf8), maximumLineBytes: 7)
        #expect(lines.count > 1)
        #expect(lines.continuations == Array(1..<lines.count))
        var joined = ""
        for index in 0..<lines.count {
            let piece = lines.bytes[lines.range(of: index)]
            #expect(String(validating: piece, as: UTF8.self) != nil, "piece \(index) is cut inside a character")
            joined += String(decoding: piece, as: UTF8.self)
        }
        #expect(joined == text)
    }

    @Test func lexerTellsKeysFromStringsAndCarriesStringsAcrossCutLines() {
        let line = Array(#"  "key": "value", 12, true, null"#.utf8)
        let (runs, end) = JSONLineLexer.runs(line, 0..<line.count)
        let roles = runs.compactMap(\.role)
        #expect(roles == [.key, .punctuation, .string, .punctuation, .number, .punctuation, .boolean, .punctuation, .null])
        #expect(end == .normal)
        let open = Array(#""abc\"#.utf8)
        #expect(JSONLineLexer.runs(open, 0..<open.count).end == .inStringEscape)
        let rest = Array(#""def", 1"#.utf8)
        let continued = JSONLineLexer.runs(rest, 0..<rest.count, from: .inStringEscape)
        #expect(continued.runs.first?.role == .string)
        #expect(continued.runs.first?.range == 0..<5, "the escaped quote does not end the string")
        #expect(continued.runs.last?.role == .number)
    }

    @Test func aHugeStringValueIsColoredAsAStringOnEveryPiece() throws {
        let big = String(repeating: "x", count: TextLines.maximumLineBytes * 3)
        let document = ResponseDocument.make(from: ResponseFixtures.response(#"{"blob":""# + big + #"","n":1}"#))
        #expect(document.bodyKind == .json)
        let part = try #require(document.bodyText.parts.first)
        #expect(part.lines.continuations.count >= 3)
        for index in part.lines.continuations {
            let runs = PaneText.runs(of: part, line: index, theme: .dark)
            #expect(runs.first?.style.fg == Theme.dark[.string], "piece \(index)")
        }
    }
}
