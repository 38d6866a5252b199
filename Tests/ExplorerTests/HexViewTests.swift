import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The hex view of binary bodies in the viewer: lazy rows, scrolling and the notice naming the save key.
@Suite struct HexViewTests {
    typealias F = ResponseFixtures

    @Test func theBodyTabOfABinaryBodyShowsTheNoticeAndTheRows() {
        let bytes: [UInt8] = [0x89] + Array("PNG".utf8) + [0x0D, 0x0A, 0x1A, 0x0A] + (0..<40).map { UInt8($0) }
        let state = F.viewer(F.response(bytes: bytes, contentType: "image/png"))
        let rows = F.contentRows(F.render(state))
        #expect(rows[0].contains("Binary body: 48 B of image/png"))
        #expect(rows[1] == "Press s to save it to a file.")
        #expect(rows[2] == "00000000  89 50 4e 47 0d 0a 1a 0a  00 01 02 03 04 05 06 07  .PNG............")
        #expect(rows.count == 2 + 3)
    }

    @Test func scrollingToTheEndOfAMegabyteBodyShowsItsLastRow() {
        var bytes = [UInt8](repeating: 0xAB, count: 1 << 20)
        bytes[bytes.count - 1] = 0x41
        var state = F.viewer(F.response(bytes: bytes, contentType: "application/octet-stream"))
        _ = state.apply(.bottom)
        let rows = F.contentRows(F.render(state))
        #expect(rows.last == "000ffff0  ab ab ab ab ab ab ab ab  ab ab ab ab ab ab ab 41  ...............A")
        #expect(state.position.line == ResponseViewerState.hexLineCount(HexDump(bytes)) - state.viewport.height)
        _ = state.apply(.pageUp)
        _ = state.apply(.top)
        #expect(state.position.line == 0)
    }

    @Test func aNarrowPaneScrollsRowsSidewaysWhateverTheWrapSetting() {
        var state = F.viewer(F.response(bytes: [UInt8](repeating: 0, count: 64), contentType: "application/octet-stream"),
                             area: Rect(x: 0, y: 0, width: 40, height: 12))
        #expect(state.wrap)
        _ = state.apply(.scrollRight(8))
        #expect(state.position.column == 8)
        let rows = F.contentRows(F.render(state, width: 40, height: 12))
        #expect(rows[2].hasPrefix("  00 00 00"), "the eight offset digits are scrolled past")
    }

    @Test func theRawTabNamesTheSaveKey() {
        var state = F.viewer(F.response(bytes: [0, 1, 2], contentType: "application/octet-stream"))
        _ = state.apply(.selectTab(.raw))
        #expect(F.contentRows(F.render(state)).contains { $0.contains("press s to save it") })
    }

    @Test func snapshots() throws {
        let bytes = (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) }
        for (width, height) in [(80, 24), (120, 40)] {
            let state = F.viewer(F.response(bytes: bytes, contentType: "application/octet-stream"), area: Rect(x: 0, y: 0, width: width, height: height))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "response-hex-\(width)x\(height)")
        }
    }
}
