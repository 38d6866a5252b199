import Foundation
import RequestKit
import Testing
import TUICore
@testable import Explorer

/// The viewer's search and filter on a body that is still arriving: they work on what has come so far.
@Suite struct StreamSearchTests {
    @Test func searchFindsWhatHasArrivedAndAgainAfterMoreCame() {
        var viewer = StreamViewerTests.streaming("text/plain")
        viewer.receiveStream(Array((1...50).map { "line \($0)\n" }.joined().utf8))
        #expect(viewer.isStreaming)
        ViewerSearchTests.type("line 4", into: &viewer)
        ViewerSearchTests.finish(&viewer)
        #expect(viewer.search.matches.count == 11)
        viewer.receiveStream(Array((51...60).map { "line \($0)\n" }.joined().utf8))
        _ = viewer.apply(.commitLine)
        ViewerSearchTests.type("line 5", into: &viewer)
        ViewerSearchTests.finish(&viewer)
        #expect(ViewerSearchTests.matched(viewer).count == 11)
        #expect(ViewerSearchTests.matched(viewer).allSatisfy { $0 == "line 5" })
    }

    @Test func aShellFilterReadsTheBytesReceivedSoFar() async {
        var viewer = StreamViewerTests.streaming("text/plain")
        viewer.receiveStream(Array((1...30).map { "line \($0)\n" }.joined().utf8))
        await ViewerFilterTests.filter("| wc -l", in: &viewer)
        #expect(ViewerFilterTests.bodyLines(viewer).contains { $0.trimmingCharacters(in: .whitespaces) == "30" })
    }
}
