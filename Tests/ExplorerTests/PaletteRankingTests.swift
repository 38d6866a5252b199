import Testing
@testable import Explorer

/// The palette ranks by a fuzzy score that prefers word starts and whole words, and reads an action's id too.
@Suite struct PaletteRankingTests {
    /// The titles the palette lists for `query`, best first.
    private func titles(_ query: String) -> [String] {
        PaletteEntry.matching(query, in: PaletteEntry.all(for: AppState())).map(\.title)
    }

    @Test func bodyJSONRanksTheBodyModeFirst() throws {
        let ranked = titles("body: json")
        let mode = try #require(ranked.firstIndex(of: "Body: JSON"))
        let format = try #require(ranked.firstIndex { $0.contains("Format JSON") })
        #expect(mode < format, "\(ranked.prefix(5))")
        #expect(ranked.first == "Body: JSON")
    }

    @Test func runRanksRunningTheCollectionAboveTheRunResultsKeys() throws {
        let ranked = titles("run")
        let collection = try #require(ranked.firstIndex(of: "Run the collection"))
        if let results = ranked.firstIndex(where: { $0.hasPrefix("Run results:") }) {
            #expect(collection < results, "\(ranked.prefix(6))")
        }
        #expect(ranked.first == "Run the collection", "\(ranked.prefix(6))")
    }

    @Test func modeFindsTheBodyModesByTheirActionIDs() {
        #expect(titles("mode").contains("Body: none"))
    }

    @Test func wordStartsBeatScatteredLetters() throws {
        let start = try #require(FuzzyScore.term("tc", in: "the collection"))
        let scattered = try #require(FuzzyScore.term("tc", in: "attic"))
        #expect(start > scattered)
        #expect(FuzzyScore.term("xyz", in: "the collection") == nil)
        let whole = try #require(FuzzyScore.term("json", in: "Body: JSON"))
        let part = try #require(FuzzyScore.term("json", in: "Body: JSONPath"))
        #expect(whole > part)
    }
}
