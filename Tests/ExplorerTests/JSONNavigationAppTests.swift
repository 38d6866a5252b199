import Explorer
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting

/// The JSON cursor keys through the whole app: the key map, the `y` chord and its footer, the clipboard, and screens.
@Suite struct JSONNavigationAppTests {
    /// A body with nested arrays, a key that needs quoting and enough lines to scroll.
    static let body = #"{"data":[{"id":1,"email":"a@example.test","odd key":{"it's":[true,null]}},{"id":2,"email":"b@example.test","odd key":{}}],"#
        + #""items":["# + (0..<30).map { "\($0)" }.joined(separator: ",") + #"],"next":null}"#

    /// A harness showing `body` as a received response, with the response pane focused.
    static func harness(_ width: Int, _ height: Int) -> AppHarness {
        var app = AppHarness(width: width, height: height)
        app.send(.action("request.send"))
        let response = Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json"], body: Data(body.utf8),
                                effectiveURL: "http://127.0.0.1:8080/users",
                                timings: Timings(dns: 0.001, connect: 0.002, tls: 0, firstByte: 0.010, download: 0.001, total: 0.014))
        app.send(.sendFinished(id: app.state.send.count, result: .success(response), history: nil))
        app.send(.responseFormatted(id: app.state.send.count, document: ResponseDocument.make(from: response)))
        app.state.focus = .response
        return app
    }

    @Test func keysFoldJumpNumberAndCopyThroughTheApp() throws {
        var app = Self.harness(120, 40)
        app.press("j", "j", "j", "j", "j", "j")
        #expect(app.state.viewer.navigation.cursor == 6)
        app.press("y")
        #expect(app.clipboard == nil)
        let footer = try #require(app.screen().last)
        #expect(footer.contains("y copy body") && footer.contains("p copy JSONPath") && footer.contains("v copy value") && footer.contains("esc cancel"))
        app.press("p")
        #expect(app.clipboard == #"$.data[0]['odd key']['it\'s']"#)
        app.press("y", "v")
        #expect(app.clipboard == "[true,null]")
        app.press("y", "y")
        #expect(app.clipboard == Self.body)
        app.press("y", "esc")
        #expect(app.clipboard == nil)
        #expect(!app.state.viewer.navigation.pendingCopy)
        app.press("y", "j")
        #expect(app.clipboard == nil)
        #expect(app.state.viewer.navigation.cursor == 7, "a key that is not a copy key forgets the copy and does its own work")
        #expect(try #require(app.screen().last).contains("y copy body/path/value"))

        app.press("z")
        #expect(app.screen().contains { $0.contains(#""it's": […] 2 items"#) })
        #expect(app.state.viewer.navigation.cursor == 6)
        app.press("z", "%")
        #expect(app.state.viewer.navigation.cursor == 9)
        app.press("%")
        #expect(app.state.viewer.navigation.cursor == 6)
        app.press("g", "j", "Z")
        #expect(app.screen().contains { $0.contains(#""data": […], 2 items"#) })
        #expect(app.screen().contains { $0.contains(#""items": […], 30 items"#) })
        app.press("U")
        #expect(!app.screen().contains { $0.contains("…") })
        app.press("#")
        #expect(app.screen().contains { $0.contains("  1 {") })
    }

    @Test("screens with folds, line numbers and the copy keys", arguments: [(80, 24), (120, 40)])
    func screens(size: (Int, Int)) throws {
        var app = Self.harness(size.0, size.1)
        app.press("j", "j", "j", "j", "j", "j", "z", "k", "k", "k", "k", "z", "#", "G", "k", "k", "y")
        try Snapshot.assert(app.screen().joined(separator: "\n"), named: "app-response-json-navigation-\(size.0)x\(size.1)")
    }

    @Test("viewer screens with the cursor styled", arguments: [(80, 24), (120, 40)])
    func styledViewer(size: (Int, Int)) throws {
        let area = Rect(x: 0, y: 0, width: size.0, height: size.1)
        var viewer = ResponseViewerState()
        viewer.setViewport(for: area)
        let response = Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json"], body: Data(Self.body.utf8),
                                effectiveURL: "http://127.0.0.1:8080/users",
                                timings: Timings(dns: 0.001, connect: 0.002, tls: 0, firstByte: 0.010, download: 0.001, total: 0.014))
        viewer.show(ResponseDocument.make(from: response))
        for action in [ResponseAction.scrollDown(2), .toggleFold, .toggleLineNumbers, .scrollDown(1), .matchBracket] { _ = viewer.apply(action) }
        var buffer = Buffer(width: size.0, height: size.1)
        viewer.render(into: &buffer, area: area, theme: .dark, focused: true)
        try Snapshot.assert(buffer, named: "response-json-navigation-\(size.0)x\(size.1)", styled: true)
    }
}
