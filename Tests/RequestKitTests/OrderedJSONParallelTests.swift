import Foundation
@testable import RequestKit
import Testing

/// Reading a top-level array on several threads gives exactly the tree, or exactly the error, of one thread.
@Suite("OrderedJSON read on several threads")
struct OrderedJSONParallelTests {
    /// Texts whose cut points fall in awkward places: strings holding commas, brackets and escaped quotes,
    /// nested containers, whitespace, repeated keys, one element, empty arrays.
    static let validTexts: [String] = [
        #"[1,2,3,4,5,6,7,8,9,10]"#,
        #"  [ "a,b", "c]d", "e\"f,", {"x": [1, 2, {"y": "],["}]}, [[]], [], {}, null, true, -1.5e3 ]  "#,
        #"[{"k":1,"k":2},{"s":"\\","t":"\\\""},"\u00e9,",[1,[2,[3,[4]]]],"last"]"#,
        #"[["only one element, with, commas"]]"#,
        #"[]"#,
        "[\n" + (0..<200).map { #"  {"id": \#($0), "name": "user, \#($0)", "tags": ["a", "]"]}"# }.joined(separator: ",\n") + "\n]\n",
        #"{"count": 3, "items": [{"a": "x,]"}, [1, 2], "z", {"b": {"c": []}}, 5, 6, 7, 8], "next": null, "items": []}"#,
        #" {"items" : [ 1 , 2 , 3 , 4 , 5 , 6 , 7 , 8 , 9 ] } "#,
        "{\"data\": [" + (0..<300).map { #"{"id": \#($0), "s": "\\\"q,\\\\"}"# }.joined(separator: ", ") + "]}",
    ]

    /// Texts that are not valid JSON, some of them only across a cut point.
    static let invalidTexts: [String] = [
        #"[1,2,,3,4,5,6,7,8]"#,
        #"[1,2,3,4,5,6,7,8,]"#,
        #"[,1,2,3,4,5,6,7,8]"#,
        #"[1,2,3,4,5,6,7,8] x"#,
        #"[1,2,3,4,5,6,7,8"#,
        #"[1,2,3,4,"5,6,7,8]"#,
        #"[1,2,3,4,5,6,7,8]]"#,
        "[" + String(repeating: "1,", count: 50) + ",," + String(repeating: "2,", count: 50) + "3]",
        "[" + String(repeating: #"{"a":[1,2,3]},"#, count: 40) + #"{"a":[1,2,3}"# + "]",
        #"{"items": [1,2,3,4,,5,6,7,8,9]}"#,
        #"{"items": [1,2,3,4,5,6,7,8,9,]}"#,
        #"{"items": [1,2,3,4,5,6,7,8,9]"#,
        #"{"items": [1,2,3,4,5,6,7,8,9]} x"#,
        #"{"items": [1,2,3,4,5,6,7,8,9], }"#,
        #"{"a" 1, "items": [1,2,3,4,5,6,7,8,9]}"#,
        "{\"items\": [" + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + ", 1, 2, 3, 4, 5, 6, 7, 8]}",
    ]

    @Test("a valid text gives the same tree on 2, 3 and 4 threads as on one", arguments: validTexts)
    func sameTree(text: String) throws {
        let bytes = Array(text.utf8)
        let whole = try OrderedJSON.parse(bytes)
        for threads in 2...4 {
            #expect(try OrderedJSON.parse(bytes, threads: threads, minimumBytes: 0) == whole, "\(threads) threads")
        }
    }

    @Test("an invalid text gives the same error on several threads as on one", arguments: invalidTexts)
    func sameError(text: String) {
        let bytes = Array(text.utf8)
        var single: NetworkError?
        do { _ = try OrderedJSON.parse(bytes) } catch { single = error }
        #expect(single != nil, "the text should be invalid")
        for threads in 2...4 {
            var split: NetworkError?
            do { _ = try OrderedJSON.parse(bytes, threads: threads, minimumBytes: 0) } catch { split = error }
            #expect(split == single, "\(threads) threads")
        }
    }

    @Test("a large array is cut between elements at depth one, and only there")
    func cutPoints() {
        let text = "[" + (0..<1000).map { #"{"v":"a,[b]\"c",\#("\"n\""):\#($0)}"# }.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        let runs = bytes.withUnsafeBufferPointer { OrderedJSON.splitTopLevelArray($0, parts: 4) }
        #expect(runs?.count == 4)
        for run in runs ?? [] {
            #expect(run.first == UInt8(ascii: "[") && run.last == UInt8(ascii: "]"))
            #expect(String(decoding: run.dropFirst().prefix(6), as: UTF8.self) == #"{"v":""#)
        }
        #expect(bytes.withUnsafeBufferPointer { OrderedJSON.splitTopLevelArray($0, parts: 2) }.map(\.count) == 2)
        #expect(Array(#"{"a":[1,2,3]}"#.utf8).withUnsafeBufferPointer { OrderedJSON.splitTopLevelArray($0, parts: 2) } == nil)
    }

    @Test("an array member holding most of a top-level object is cut, the object kept around it with the member's place")
    func memberCutPoints() throws {
        let text = #"{"total": 1000, "items": ["# + (0..<1000).map { #"{"v":"a,[b]\"c","n":\#($0)}"# }.joined(separator: ",") + #"], "more": false}"#
        let bytes = Array(text.utf8)
        let split = try #require(bytes.withUnsafeBufferPointer { OrderedJSON.splitArrayMember($0, parts: 3) })
        #expect(split.runs.count == 3)
        #expect(split.shell?.member == 1)
        #expect(split.shell.map { String(decoding: $0.bytes, as: UTF8.self) } == #"{"total": 1000, "items": [], "more": false}"#)
        #expect(try OrderedJSON.parse(bytes, threads: 3, minimumBytes: 0) == OrderedJSON.parse(bytes))
        let small = Array(#"{"items": [1, 2, 3], "padding": "\#(String(repeating: "x", count: 100))"}"#.utf8)
        #expect(small.withUnsafeBufferPointer { OrderedJSON.splitArrayMember($0, parts: 2) } == nil, "an array of less than half the text is not cut")
    }
}
