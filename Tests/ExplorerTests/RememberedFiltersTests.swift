import Testing
@testable import Explorer

/// The filters remembered per request: the least recently used one goes first once the list is full.
@Suite struct RememberedFiltersTests {
    @Test func pastTheLimitTheLeastRecentlyUsedFilterIsForgotten() {
        var filters = RememberedFilters()
        for index in 0..<RememberedFilters.limit { filters.remember("$.a\(index)", for: "r\(index)") }
        #expect(filters.use("r0") == "$.a0")
        filters.remember("$.new", for: "new")
        #expect(filters.count == RememberedFilters.limit)
        #expect(filters["r0"] == "$.a0", "used a moment ago, so kept")
        #expect(filters["r1"] == nil, "the least recently used")
        #expect(filters["new"] == "$.new")
    }

    @Test func rememberingAgainReplacesTheFilterAndForgettingRemovesIt() {
        var filters = RememberedFilters()
        filters.remember("$.a", for: "r")
        filters.remember("$.b", for: "r")
        #expect(filters["r"] == "$.b")
        #expect(filters.count == 1)
        filters.forget("r")
        #expect(filters["r"] == nil)
        #expect(filters.count == 0)
    }
}
