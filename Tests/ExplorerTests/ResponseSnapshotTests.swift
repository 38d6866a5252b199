import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Screen snapshots of every response tab at 80×24 and 120×40 (record with RECORD_SNAPSHOTS=1).
@Suite struct ResponseSnapshotTests {
    typealias F = ResponseFixtures

    static let sizes = [(80, 24), (120, 40)]

    /// A response with a JSON body long enough to fill the screen, duplicate headers and real-looking timings.
    static func sample() -> Response {
        let users = (1...30).map { #"{"id":\#($0),"name":"User \#($0)","active":\#($0 % 3 != 0),"score":\#(Double($0) * 1.5),"manager":null}"# }
        return F.response(#"{"page":2,"users":["# + users.joined(separator: ",") + "]}",
                          extraHeaders: [("Set-Cookie", "session=abc; HttpOnly"), ("Set-Cookie", "theme=dark"), ("Cache-Control", "no-store")])
    }

    @Test(arguments: [ResponseTab.body, .headers, .timing, .raw])
    func tabs(tab: ResponseTab) throws {
        for (width, height) in Self.sizes {
            var state = F.viewer(Self.sample(), area: Rect(x: 0, y: 0, width: width, height: height))
            _ = state.apply(.selectTab(tab))
            try Snapshot.assert(F.render(state, width: width, height: height), named: "response-\(tab.rawValue)-\(width)x\(height)")
        }
    }

    @Test func bodyColors() throws {
        try Snapshot.assert(F.render(F.viewer(Self.sample())), named: "response-body-80x24-styled", styled: true)
    }

    @Test func sendingAndError() throws {
        var sending = ResponseViewerState()
        sending.startSending()
        sending.updateProgress(ResponseProgress(elapsed: 0.42, bytesSent: 512, bytesReceived: 0))
        try Snapshot.assert(F.render(sending), named: "response-sending-80x24")
        var failed = ResponseViewerState()
        failed.fail("Could not connect to 127.0.0.1 port 9: connection refused. Check that the server is running and the port is right.")
        try Snapshot.assert(F.render(failed), named: "response-error-80x24")
    }
}
