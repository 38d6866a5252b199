import Foundation
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The viewer never passes an earlier response off as the current one: counts go after a failure, the body
/// under a new send is marked, a cancel is not an error, and durations read alike everywhere.
@Suite struct ResponseStalenessTests {
    typealias F = ResponseFixtures

    /// The rows of a rendered viewer.
    private func rows(_ state: ResponseViewerState) -> [String] {
        let buffer = F.render(state)
        return (0..<buffer.height).map { buffer.text(row: $0) }
    }

    /// A viewer showing a JSON body of several lines.
    private func shown() -> ResponseViewerState {
        F.viewer(F.response(#"{"a": 1, "b": [1, 2, 3], "c": {"d": "e"}}"#, contentType: "application/json"))
    }

    @Test func aFailureDropsTheEarlierResponsesCounts() {
        var state = shown()
        let before = rows(state).joined(separator: "\n")
        #expect(before.range(of: #"\d+/\d+"#, options: .regularExpression) != nil)
        state.fail("Could not connect to 127.0.0.1:1")
        let after = rows(state).joined(separator: "\n")
        #expect(after.contains("✗ Request failed"))
        #expect(after.range(of: #"\d+/\d+"#, options: .regularExpression) == nil, "\(after)")
        #expect(after.range(of: #"Headers \d"#, options: .regularExpression) == nil, "\(after)")
    }

    @Test func theEarlierBodyUnderANewSendIsMarkedAndDimmed() throws {
        var state = shown()
        state.startSending()
        let buffer = F.render(state)
        let text = (0..<buffer.height).map { buffer.text(row: $0) }.joined(separator: "\n")
        #expect(text.contains("the previous response below"))
        let key = try #require(ScreenText.position(of: "\"a\"", in: buffer))
        #expect(buffer[key.x, key.y].style.modifiers.contains(.dim))
    }

    @Test func aCancelIsNotDrawnAsAFailure() {
        var state = shown()
        state.cancel("Cancelled. Nothing you typed was lost; press Ctrl+R to send again.")
        let text = rows(state).joined(separator: "\n")
        #expect(text.contains("■ Cancelled"))
        #expect(!text.contains("Request failed"))
        state.fail("timeout")
        #expect(rows(state).joined(separator: "\n").contains("✗ Request failed"))
    }

    @Test func runResultsWriteDurationsAsTheViewerDoes() {
        #expect(RunResultsState.formatSeconds(1.001) == "1.00 s")
        #expect(RunResultsState.formatSeconds(1.001) == ResponseFormatting.duration(1.001))
        #expect(RunResultsState.formatSeconds(0.34) == "340 ms")
    }

    @Test func jsonLinesServedAsJSONAreOneValuePerLine() {
        let body = (0..<5).map { #"{"id": \#($0), "url": "http://127.0.0.1/stream/5"}"# }.joined(separator: "\n") + "\n"
        let state = F.viewer(F.response(body, contentType: "application/json"))
        let text = rows(state).joined(separator: "\n")
        #expect(text.contains("JSON Lines: 5 values, one per line."), "\(text)")
        #expect(!text.contains("Not valid JSON"))
        #expect(text.contains(#"{"id": 4, "url": "http://127.0.0.1/stream/5"}"#))
        let broken = F.viewer(F.response("{\"a\": 1}\n{oops\n", contentType: "application/json"))
        #expect(rows(broken).joined(separator: "\n").contains("Not valid JSON"))
    }
}
