import BodyIndex
import Foundation
import RequestKit
import Testing
@testable import Explorer

/// The JSON line index: the same lines as the pretty printer's text, written lazily from the body.
@Suite struct JSONLineIndexTests {
    /// Every line of `index`, as text.
    static func lines(_ index: JSONLineIndex) -> [String] {
        (0..<index.lineCount).map { String(decoding: index.line(at: $0), as: UTF8.self) }
    }

    /// The lines `TextLines` makes of the pretty printer's text, with its continuations and lexer states.
    static func expected(_ body: [UInt8], maximumLineBytes: Int) throws -> (lines: [String], continuations: [Int], states: [Int: JSONLexState]) {
        let pretty = try JSONBodyLayout.format(body).get()
        let lines = TextLines(pretty, maximumLineBytes: maximumLineBytes)
        let texts = (0..<lines.count).map { String(decoding: lines.bytes[lines.range(of: $0)], as: UTF8.self) }
        return (texts, lines.continuations, JSONBodyLayout.continuationStates(of: lines))
    }

    /// Checks that the index of `body` matches the printed text line for line, piece for piece.
    static func expectSameAsPrinted(_ body: [UInt8], maximumLineBytes: Int = TextLines.maximumLineBytes,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let printed = try expected(body, maximumLineBytes: maximumLineBytes)
        let index = try JSONLineIndexer.index(body, maximumLineBytes: maximumLineBytes).get()
        #expect(lines(index) == printed.lines, sourceLocation: sourceLocation)
        #expect(index.continuations == printed.continuations, sourceLocation: sourceLocation)
        #expect(index.continuationStates == printed.states, sourceLocation: sourceLocation)
        #expect(index.isComplete, sourceLocation: sourceLocation)
    }

    @Test func agreesWithThePrettyPrinterOnJSONTestSuite() throws {
        let files = ResponseDocumentTests.suiteFiles()
        try #require(files.count > 200, "JSONTestSuite corpus not found")
        var mismatches: [String] = []
        for name in files {
            let body = [UInt8](try Data(contentsOf: ResponseDocumentTests.suiteDirectory.appendingPathComponent(name)))
            let printed = try? Self.expected(body, maximumLineBytes: TextLines.maximumLineBytes).lines
            let indexed = try? JSONLineIndexer.index(body).get()
            if printed != indexed.map(Self.lines) { mismatches.append(name) }
            if case .failure(let error) = JSONLineIndexer.index(body), case .failure(let printerError) = JSONBodyLayout.format(body),
               error != printerError {
                mismatches.append("error of " + name)
            }
        }
        #expect(mismatches.isEmpty, "differ from the pretty printer: \(mismatches)")
    }

    /// Whether the fast token reader alone reads `body` to its end without an error.
    static func fastReaderAccepts(_ body: [UInt8]) -> Bool {
        body.withUnsafeBufferPointer { input in
            guard let base = input.baseAddress else { return false }
            var reader = JSONFastTokens()
            while reader.next(base, count: input.count) != nil {}
            return reader.isFinished
        }
    }

    @Test func theFastReaderAcceptsExactlyWhatTheScannerAcceptsOnJSONTestSuite() throws {
        let files = ResponseDocumentTests.suiteFiles()
        try #require(files.count > 200, "JSONTestSuite corpus not found")
        var disagreements: [String] = []
        for name in files {
            let body = [UInt8](try Data(contentsOf: ResponseDocumentTests.suiteDirectory.appendingPathComponent(name)))
            if Self.fastReaderAccepts(body) != JSONPrettyPrinter.isValid(body) { disagreements.append(name) }
        }
        for text in ["[1,2", "{\"a\":tru}", "[fals]", "[nul]", "\"\\u12G4\"", "[-]", "[1.]", "[1e]", "[01]", "{\"a\" 1}", "[1]]", "{}{}"] {
            if Self.fastReaderAccepts(Array(text.utf8)) { disagreements.append(text) }
        }
        #expect(disagreements.isEmpty, "the fast reader and the scanner disagree on \(disagreements)")
    }

    @Test func linesStartAtEachMemberAndElementWithTheirDepth() throws {
        let body = Array(#"{"a":1,"b":[true,{"c":null}],"d":{}}"#.utf8)
        let index = try JSONLineIndexer.index(body).get()
        #expect(Self.lines(index) == [
            "{", #"  "a": 1,"#, #"  "b": ["#, "    true,", "    {", #"      "c": null"#, "    }", "  ],", #"  "d": {}"#, "}",
        ])
        #expect((0..<index.lineCount).map(index.depth(at:)) == [0, 1, 1, 2, 2, 3, 2, 1, 1, 0])
        #expect(index.bodyOffset(at: 1) == 1, "line 1 starts at the key \"a\"")
    }

    @Test func eachLineSaysWhatItOpensOrClosesSoBracketsMatchWithoutTheText() throws {
        let body = Array(#"{"a":1,"b":[true,{"c":null}],"d":{}}"#.utf8)
        let index = try JSONLineIndexer.index(body).get()
        let lines = 0..<index.lineCount
        #expect(lines.filter(index.opens) == [0, 2, 4], "the `{` of `\"d\": {}` opens no line")
        #expect(lines.filter(index.opensObject) == [0, 4])
        #expect(lines.filter(index.closes) == [6, 7, 9])
        #expect(index.closingLine(of: 2) == 7 && index.openingLine(of: 7) == 2)
        #expect(index.parentLine(of: 5) == 4 && index.parentLine(of: 0) == nil)
        #expect(index.childCount(opening: 0, closing: 9) == 3)
        #expect(index.position(of: 4, after: 2) == 1)
    }

    @Test func aLongKeyCutIntoPiecesOpensItsObjectOnTheLastPiece() throws {
        let key = String(repeating: "k", count: 40)
        let index = try JSONLineIndexer.index(Array(#"[{"\#(key)":{"x":1}}]"#.utf8), maximumLineBytes: 16).get()
        let pieces = index.continuations
        #expect(pieces.count >= 2)
        let last = try #require(pieces.last)
        #expect(index.opens(last) && index.opensObject(last) && !index.opens(pieces[0] - 1))
        #expect(index.itemStart(last) == pieces[0] - 1)
        #expect(index.closingLine(of: last).map { String(decoding: index.line(at: $0), as: UTF8.self) } == "    }")
    }

    @Test(arguments: [
        #"{ "a" : [ 1 , 2 ] , "b" :"x" }"#,
        "[\n\t{\"k\"\r\n:\n\"v w\"}  ,  [ ] , { } ]\n",
        #"[[], {}, [[]], {"e": {}}, "", 0]"#,
        "  42  ",
    ])
    func whitespaceAndEmptyContainersAreLaidOutAsPrinted(text: String) throws {
        try Self.expectSameAsPrinted(Array(text.utf8))
    }

    @Test func unicodeAndEscapesInStringsAreKeptAsSent() throws {
        let text = #"{"名前":"日本 🎉","esc":"a\"b\\c\/\u00e9\n: , { [","sp":"  spaces : inside  "}"#
        try Self.expectSameAsPrinted(Array(text.utf8))
        let index = try JSONLineIndexer.index(Array(text.utf8)).get()
        #expect(Self.lines(index)[2] == #"  "esc": "a\"b\\c\/\u00e9\n: , { [","#)
    }

    @Test(arguments: [7, 8, 9, 16, 33])
    func longLinesAreCutWhereTheTextLinesCutThePrintedText(maximum: Int) throws {
        let text = #"{"key with é and 日本":"a long value with é, 🎉 and \" escapes \\ and \u00e9 too","n":-12.5e+3,"k":   "v","x":[ ],"deep":{"z":[1,2]}}"#
        try Self.expectSameAsPrinted(Array(text.utf8), maximumLineBytes: maximum)
    }

    @Test func aCutFallingOnTheSpaceAfterAColonStartsThePieceWithIt() throws {
        // Indent 2 + `"abcd":` is 9 bytes, so with pieces of 9 the space after the colon begins the second piece.
        let body = Array(#"{"abcd":   "value"}"#.utf8)
        try Self.expectSameAsPrinted(body, maximumLineBytes: 9)
        let index = try JSONLineIndexer.index(body, maximumLineBytes: 9).get()
        #expect(Self.lines(index)[1] == #"  "abcd":"#)
        #expect(Self.lines(index)[2] == #" "value""#)
    }

    @Test func aFiveMegabyteSingleLineStringIsCutIntoPiecesThatJoinBackUp() throws {
        let value = String(repeating: "abcdéfgh日", count: 5 * 1024 * 1024 / 12)
        let body = Array(#"{"blob":""#.utf8) + Array(value.utf8) + Array(#"","n":1}"#.utf8)
        let index = try JSONLineIndexer.index(body).get()
        let pieces = index.continuations
        #expect(pieces.count >= 5 * 1024 * 1024 / TextLines.maximumLineBytes)
        var joined: [UInt8] = []
        for line in (pieces[0] - 1)...pieces[pieces.count - 1] {
            let bytes = index.line(at: line)
            #expect(bytes.count <= TextLines.maximumLineBytes)
            #expect(String(validating: bytes, as: UTF8.self) != nil, "piece \(line) is cut inside a character")
            joined += bytes
        }
        #expect(joined == Array((#"  "blob": ""# + value + #"","#).utf8))
        #expect(Self.lines(index).last == "}")
        try Self.expectSameAsPrinted(body)
    }

    @Test func tenThousandLevelsOfNestingAreIndexedWithoutRecursion() throws {
        let depth = 10_000
        let body = Array((String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)).utf8)
        let index = try JSONLineIndexer.index(body).get()
        #expect(index.lineCount == 2 * depth + 1)
        #expect(index.depth(at: depth) == depth)
        #expect(index.line(at: depth) == Array(repeating: 0x20, count: JSONLineIndex.indent(of: depth)) + [UInt8(ascii: "1")])
        try Self.expectSameAsPrinted(body)
    }

    @Test func invalidJSONGivesThePrinterError() {
        for text in [#"{"a":1,}"#, "[1 2]", #"{"a" 1}"#, "[01]", #"["\x"]"#, "[1]x", "[", ""] {
            let body = Array(text.utf8)
            guard case .failure(let error) = JSONLineIndexer.index(body), case .failure(let expected) = JSONBodyLayout.format(body) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error == expected, "\(text)")
        }
    }

    @Test func aPartialIndexHoldsWholeLinesAndGrowsToTheFullOne() throws {
        let body = Array(#"[{"id":1,"name":"a"},{"id":2,"name":"b"},{"id":3,"name":"c"},{"id":4,"name":"d"}]"#.utf8)
        let full = try JSONLineIndexer.index(body).get()
        var indexer = JSONLineIndexer(body)
        var counts: [Int] = []
        var done = false
        while !done {
            done = try indexer.advance(lines: 3)
            let partial = indexer.index
            counts.append(partial.lineCount)
            #expect(Self.lines(partial) == Array(Self.lines(full).prefix(partial.lineCount)), "a partial index shows whole lines only")
        }
        #expect(counts == counts.sorted())
        #expect(counts.first.map { $0 < full.lineCount } == true)
        #expect(counts.last == full.lineCount)
        #expect(indexer.index == full)
    }
}
