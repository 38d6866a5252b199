import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Screen snapshots of the response viewer's search and filter at 80×24 and 120×40 (record with RECORD_SNAPSHOTS=1).
@Suite struct ViewerSearchSnapshotTests {
    typealias F = ResponseFixtures

    static let sizes = [(80, 24), (120, 40)]

    /// The sample viewer at a size.
    static func viewer(width: Int, height: Int) -> ResponseViewerState {
        F.viewer(ResponseSnapshotTests.sample(), area: Rect(x: 0, y: 0, width: width, height: height))
    }

    @Test func searchLineOpen() throws {
        for (width, height) in Self.sizes {
            var state = Self.viewer(width: width, height: height)
            ViewerSearchTests.type("user 1", into: &state)
            ViewerSearchTests.finish(&state)
            _ = state.apply(.nextMatch)
            state.setViewport(for: Rect(x: 0, y: 0, width: width, height: height))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "viewer-search-open-\(width)x\(height)")
        }
        var state = Self.viewer(width: 80, height: 24)
        ViewerSearchTests.type("user 1", into: &state)
        ViewerSearchTests.finish(&state)
        try Snapshot.assert(F.render(state), named: "viewer-search-open-80x24-styled", styled: true)
    }

    @Test func searchKeptAfterEnter() throws {
        for (width, height) in Self.sizes {
            var state = Self.viewer(width: width, height: height)
            ViewerSearchTests.type(#""score": \d+\.5"#, regex: true, into: &state)
            ViewerSearchTests.finish(&state)
            _ = state.apply(.commitLine)
            state.setViewport(for: Rect(x: 0, y: 0, width: width, height: height))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "viewer-search-kept-\(width)x\(height)")
        }
    }

    @Test func filterOutputAndLine() async throws {
        for (width, height) in Self.sizes {
            var state = Self.viewer(width: width, height: height)
            await ViewerFilterTests.filter("$.users[?@.active == false].name", in: &state)
            try Snapshot.assert(F.render(state, width: width, height: height), named: "viewer-filter-output-\(width)x\(height)")
            _ = state.apply(.openFilter)
            state.setViewport(for: Rect(x: 0, y: 0, width: width, height: height))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "viewer-filter-line-\(width)x\(height)")
        }
    }

    @Test func filterError() async throws {
        for (width, height) in Self.sizes {
            var state = Self.viewer(width: width, height: height)
            await ViewerFilterTests.filter("$.users[?@.score >]", in: &state)
            try Snapshot.assert(F.render(state, width: width, height: height), named: "viewer-filter-error-\(width)x\(height)")
        }
    }
}
