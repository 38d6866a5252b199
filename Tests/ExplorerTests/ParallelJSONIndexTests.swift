import BodyIndex
import Foundation
import RequestKit
import Testing
@testable import Explorer

/// The JSON line index built on several threads: the same index, or the same error, as on one thread, with its cuts
/// guessed and checked.
@Suite struct ParallelJSONIndexTests {
    /// An array of `count` objects, each with a nested object, an array and a string holding commas and brackets.
    static func objects(_ count: Int, pretty: Bool = false) -> String {
        let items = (0..<count).map { number in
            #"{"id":\#(number),"name":"item \#(number) },{ [a,b]","tags":["x","y,z"],"inner":{"n":\#(number * 3),"ok":true},"none":null}"#
        }
        return pretty ? "[\n  " + items.joined(separator: ",\n  ") + "\n]\n" : "[" + items.joined(separator: ",") + "]"
    }

    /// Indexes `body` on one thread and on `threads`, with small runs, and returns both results and the parallel indexer.
    static func bothWays(_ text: String, threads: Int, minimumRun: Int, maximumLineBytes: Int = TextLines.maximumLineBytes)
        -> (single: Result<JSONLineIndex, JSONSyntaxError>, parallel: Result<JSONLineIndex, JSONSyntaxError>, runsJoined: Int) {
        let body = BodyBytes(Array(text.utf8))
        let single = JSONLineIndexer.index(body, maximumLineBytes: maximumLineBytes, threads: 1)
        var indexer = JSONLineIndexer(body, maximumLineBytes: maximumLineBytes)
        let parallel = Result { () throws(JSONSyntaxError) -> JSONLineIndex in
            _ = try indexer.advance(lines: .max, threads: threads, minimumRun: minimumRun)
            return indexer.index
        }
        return (single, parallel, indexer.runsJoined)
    }

    @Test(arguments: [2, 3, 4])
    func aTopLevelArrayIsCutIntoRunsThatJoinIntoTheSingleThreadIndex(threads: Int) throws {
        for pretty in [false, true] {
            let result = Self.bothWays(Self.objects(200, pretty: pretty), threads: threads, minimumRun: 512)
            let index = try result.parallel.get()
            #expect(index == (try result.single.get()))
            #expect(index.isComplete)
            #expect(result.runsJoined >= threads - 1, "the runs were read apart and joined (\(result.runsJoined))")
        }
    }

    @Test func anArrayInsideATopLevelObjectIsCutAfterItsHeaderIsRead() throws {
        let header = (0..<60).map { #""key\#($0)":{"value":\#($0)}"# }.joined(separator: ",")
        let text = #"{"meta":{\#(header)},"data":\#(Self.objects(300)),"total":300}"#
        let result = Self.bothWays(text, threads: 2, minimumRun: 1024)
        #expect((try result.parallel.get()) == (try result.single.get()))
        #expect(result.runsJoined >= 1)
    }

    @Test func longLinesCutIntoPiecesAtARunBoundaryComeOutAlike() throws {
        // Short pieces: every element's lines are cut, including the last line of a run, which ends at the cut.
        let items = (0..<120).map { #"{"text":"\#(String(repeating: "é", count: $0 % 37))","n":\#($0)}"# }
        let strings = (0..<300).map { #""\#(String(repeating: "ab", count: 5 + $0 % 23))""# }
        for text in ["[" + items.joined(separator: ", ") + "]", "[" + strings.joined(separator: ",") + "]"] {
            for maximum in [9, 16, 23] {
                let result = Self.bothWays(text, threads: 3, minimumRun: 256, maximumLineBytes: maximum)
                let index = try result.parallel.get()
                #expect(index == (try result.single.get()), "pieces of \(maximum) bytes")
                #expect(!index.continuations.isEmpty)
                #expect(result.runsJoined >= 1)
            }
        }
    }

    @Test func anArrayOfScalarsIsCutAtAnyComma() throws {
        let text = "[" + (0..<5_000).map { String($0 * 7) }.joined(separator: ",") + "]"
        let result = Self.bothWays(text, threads: 4, minimumRun: 2_000)
        #expect((try result.parallel.get()) == (try result.single.get()))
        #expect(result.runsJoined >= 2)
    }

    @Test func aCutGuessedInsideAStringDoesNotHoldAndTheRestIsReadOnOneThread() throws {
        // One array of two elements: the second is a string full of `},{`, so every guessed cut lies inside it.
        let filler = String(repeating: "},{ [1,2] },{ ", count: 2_000)
        let text = #"[{"first":true},"\#(filler)"]"#
        let body = BodyBytes(Array(text.utf8))
        var indexer = JSONLineIndexer(body)
        _ = try indexer.advance(lines: .max, threads: 2, minimumRun: 1_000)
        #expect(indexer.index == (try JSONLineIndexer.index(body).get()))
        #expect(indexer.parallelGaveUp)
        #expect(indexer.runsJoined == 0)
    }

    @Test(arguments: [
        // Broken in the second half, near or at a cut, or cut short.
        #"{"id":1,"bad":tru}"#, #"{"id":1}{"#, #"{"id":1,}"#, #"{"id":"\u12G4"}"#,
    ])
    func anInvalidBodyGivesTheSingleThreadError(broken: String) {
        let text = String(Self.objects(150).dropLast()) + "," + broken + "," + String(Self.objects(150).dropFirst())
        let result = Self.bothWays(text, threads: 2, minimumRun: 512)
        guard case .failure(let single) = result.single else {
            Issue.record("the body should be invalid")
            return
        }
        #expect(result.parallel == .failure(single))
        let cutShort = String(Self.objects(300).dropLast(40))
        let short = Self.bothWays(cutShort, threads: 3, minimumRun: 512)
        #expect(short.parallel == short.single)
        #expect((try? short.single.get()) == nil)
    }

    @Test func stepsOfSomeLinesEachGiveGrowingPrefixesOfTheWholeIndex() throws {
        let body = BodyBytes(Array(Self.objects(400).utf8))
        let whole = try JSONLineIndexer.index(body).get()
        var indexer = JSONLineIndexer(body)
        _ = try indexer.advance(lines: 30)
        var counts: [Int] = []
        while !(try indexer.advance(lines: 1_500, threads: 2, minimumRun: 512)) {
            let partial = indexer.index
            counts.append(partial.lineCount)
            #expect((0..<partial.lineCount).allSatisfy { partial.line(at: $0) == whole.line(at: $0) })
        }
        #expect(indexer.index == whole)
        #expect(counts.count >= 2 && counts == counts.sorted())
        #expect(indexer.runsJoined >= 1)
    }

    @Test func theFirstScreenIsNotReadAheadOnOtherThreads() throws {
        let body = BodyBytes(Array(Self.objects(2_000).utf8))
        var indexer = JSONLineIndexer(body)
        _ = try indexer.advance(lines: 40, threads: 4, minimumRun: 512)
        #expect(indexer.runsJoined == 0)
        #expect(indexer.index.lineCount < 100)
    }

    @Test func theJSONTestSuiteIndexesAlikeOnFourThreads() throws {
        let files = ResponseDocumentTests.suiteFiles()
        try #require(files.count > 200, "JSONTestSuite corpus not found")
        var differing: [String] = []
        for name in files {
            let data = try Data(contentsOf: ResponseDocumentTests.suiteDirectory.appendingPathComponent(name))
            for minimumRun in [1, 3] where !ResponseDocument.indexesAlikeOnThreads(BodyBytes(data), threads: 4, minimumRun: minimumRun) {
                differing.append(name)
            }
        }
        #expect(differing.isEmpty, "differ on four threads: \(differing)")
    }
}
