import Foundation
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Flags, ZWJ families and combining marks reach the screen whole, one cell each with their display width,
/// in Body and Raw, for JSON and plain text, while controls beside them are still drawn as symbols.
@Suite struct GraphemeClusterBodyTests {
    typealias F = ResponseFixtures

    /// The clusters of the tests: a flag, a ZWJ family, an emoji with a skin tone, a letter with a combining accent.
    static let clusters = ["🇯🇵", "👨‍👩‍👧", "👍🏽", "e\u{301}"]

    @Test(arguments: ["application/json", "text/plain"])
    func clustersAreWholeInBodyAndRaw(contentType: String) throws {
        let body = #"{"flag": "🇯🇵", "family": "👨‍👩‍👧", "thumb": "👍🏽", "accent": "e\#u{301}", "esc": "\#u{1B}[2J"}"#
        var state = F.viewer(F.response(body, contentType: contentType))
        for tab in [ResponseTab.body, .raw] {
            _ = state.apply(.selectTab(tab))
            let buffer = F.render(state)
            for cluster in Self.clusters {
                let cell = try #require(buffer.cells.first { $0.symbol == cluster }, "\(cluster) is not one cell in \(contentType) \(tab)")
                #expect(cell.width == DisplayWidth.of(Character(cluster)))
            }
            let symbols = buffer.cells.map(\.symbol)
            #expect(!symbols.contains("🇯"), "a flag cut to its first letter in \(contentType) \(tab)")
            #expect(!symbols.contains("👨"), "a family cut to its first person in \(contentType) \(tab)")
            #expect(ScreenText.position(of: "␛[2J", in: buffer) != nil)
        }
    }

    @Test func theWidthsAreThoseTerminalsDraw() {
        #expect(DisplayWidth.of(Character("🇯🇵")) == 2)
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect("🇯🇵 ok".displayWidth == 5)
    }
}
