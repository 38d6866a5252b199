import Foundation
import RequestKit
import Testing

/// The one JSON scanner: walking members and elements, decoding strings, skipping values.
@Suite struct JSONScannerTests {
    /// Runs `body` over the UTF-8 bytes of a text.
    func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try Array(text.utf8).withUnsafeBufferPointer(body)
    }

    @Test func walksMembersAndElements() throws {
        let keys: [String] = try withBytes(#"{"a": [1, 2], "b": {"c": null}, "d": "x"}"#) { input in
            var scanner = JSONScanner()
            #expect(try scanner.required(in: input).kind == .beginObject)
            var keys: [String] = []
            while let key = try scanner.nextKey(in: input) {
                keys.append(try JSONScanner.string(of: key, in: input))
                let value = try scanner.required(in: input)
                if key.range.count == 3, input[key.range.lowerBound + 1] == UInt8(ascii: "a") {
                    var elements: [String] = []
                    while let element = try scanner.nextElement(in: input) { elements.append(JSONScanner.text(of: element, in: input)) }
                    #expect(elements == ["1", "2"])
                } else {
                    try scanner.skipValue(startingWith: value, in: input)
                }
            }
            try scanner.finish(in: input)
            return keys
        }
        #expect(keys == ["a", "b", "d"])
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""é\n\t\"\\\/""#, "é\n\t\"\\/"), (#""\u00e9\ud83d\ude00""#, "é😀"), (#""\ud800x""#, "\u{FFFD}x"),
    ])
    func decodesStrings(json: String, text: String) throws {
        let decoded = try withBytes(json) { input in
            var scanner = JSONScanner()
            let token = try scanner.required(in: input)
            #expect(token.isPlainASCII == (json == #""plain""#))
            return try JSONScanner.string(of: token, in: input)
        }
        #expect(decoded == text)
    }

    @Test func rejectsInvalidUTF8WhenDecoding() throws {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        bytes += [0xC3, 0x28]
        bytes.append(UInt8(ascii: "\""))
        try bytes.withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            let token = try scanner.required(in: input)
            #expect(throws: JSONSyntaxError.self) { try JSONScanner.string(of: token, in: input) }
        }
    }

    @Test func skipsContainersUncheckedButNotATextCutShort() throws {
        let skipped = try withBytes(#"{"a": {"s": "x\"}]{", "n": [1, {}]}, "b": 2}"#) { input in
            var scanner = JSONScanner()
            _ = try scanner.required(in: input)
            var seen: [String] = []
            while let key = try scanner.nextKey(in: input) {
                seen.append(try JSONScanner.string(of: key, in: input))
                try scanner.skipContainerUnchecked(startingWith: try scanner.required(in: input), in: input)
            }
            try scanner.finish(in: input)
            return seen
        }
        #expect(skipped == ["a", "b"])
        #expect(throws: JSONSyntaxError.self) {
            try withBytes(#"{"a": {"s": "x\"}"#) { input in
                var scanner = JSONScanner()
                _ = try scanner.required(in: input)
                _ = try scanner.nextKey(in: input)
                try scanner.skipContainerUnchecked(startingWith: try scanner.required(in: input), in: input)
            }
        }
    }

    @Test func startsAfterAByteOrderMarkWhenAsked() throws {
        let kinds = try withBytes("\u{FEFF}[true]") { input in
            var scanner = JSONScanner(startingAt: 3)
            var kinds: [JSONTokenKind] = []
            while let token = try scanner.next(in: input) { kinds.append(token.kind) }
            return kinds
        }
        #expect(kinds == [.beginArray, .boolean, .endArray])
    }

    @Test func errorsSayWhereAndWhat() throws {
        let error = try #require(throws: JSONSyntaxError.self) {
            try withBytes(#"{"a" 1}"#) { input in
                var scanner = JSONScanner()
                while try scanner.next(in: input) != nil {}
            }
        }
        #expect(error.offset == 5)
        #expect(error.reason == "expected ':' after an object key, found '1'")
    }

    @Test func longStringsWithEscapesAreScannedWhole() throws {
        let content = String(repeating: #"lorem \"ipsum\" é "#, count: 40)
        let decoded = try withBytes("\"" + content + "\"") { input in
            var scanner = JSONScanner()
            let token = try scanner.required(in: input)
            try scanner.finish(in: input)
            return try JSONScanner.string(of: token, in: input)
        }
        #expect(decoded == content.replacingOccurrences(of: #"\""#, with: "\""))
    }
}
