import Testing
import TUICore
@testable import Terminal

/// Clusters an ncurses cell cannot hold are written whole over ncurses's frame, with the cursor saved and restored.
@Suite struct ClusterOverlayTests {
    @Test(arguments: [("🇯🇵", true), ("👨‍👩‍👧", true), ("👍🏽", true), ("e\u{301}", false), ("❤️", false), ("a", false), ("中", false)])
    func onlyClustersOfSeveralSpacingCharactersNeedTheOverlay(symbol: String, needs: Bool) {
        #expect(ClusterOverlay.needsOverlay(symbol) == needs)
    }

    @Test func theSequenceSavesMovesDrawsAndRestores() {
        let cell = Cell("🇯🇵", style: Style(fg: .ansi(.red), bg: .indexed(236), modifiers: [.bold]))
        let text = ClusterOverlay.sequence([ClusterOverlay.Placement(x: 4, y: 2, cell: cell)], depth: .indexed256, directColor: false)
        #expect(text == "\u{1B}7\u{1B}[3;5H\u{1B}[0;1;31;48;5;236m🇯🇵\u{1B}[0m\u{1B}8")
        #expect(ClusterOverlay.sequence([], depth: .indexed256, directColor: false).isEmpty)
    }

    @Test func colorsFollowTheTerminal() {
        let style = Style(fg: .rgb(1, 2, 3), bg: .ansi(.brightBlue))
        #expect(ClusterOverlay.sgr(style, depth: .trueColor, directColor: true) == "0;38;2;1;2;3;104")
        #expect(ClusterOverlay.sgr(style, depth: .none, directColor: false) == "0")
    }
}
