import RequestKit
import Testing

/// The "did you mean" suggestion: the nearest known word within a small edit distance.
@Suite struct NearestWordTests {
    @Test(arguments: [
        ("sned", "send"),
        ("methd", "method"),
        ("hedaers", "headers"),
        ("RNU", "run"),
        ("histroy", "history"),
    ])
    func aCloseMisspellingFindsItsWord(typed: String, expected: String) {
        #expect(NearestWord.suggestion(for: typed, among: ["send", "run", "import", "export", "history", "method", "headers"]) == expected)
    }

    @Test func aWordFarFromEveryCandidateGetsNoSuggestion() {
        #expect(NearestWord.suggestion(for: "zebra", among: ["send", "run", "import"]) == nil)
        #expect(NearestWord.suggestion(for: "", among: ["send"]) == nil)
        #expect(NearestWord.suggestion(for: "send", among: ["send"]) == nil)
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(NearestWord.editDistance(Array("sned"), Array("send")) == 1)
        #expect(NearestWord.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(NearestWord.editDistance(Array(""), Array("abc")) == 3)
    }
}
