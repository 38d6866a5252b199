import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The whole app (in-memory screen, real client) showing a JSON body pretty-printed while a loopback server still
/// holds the rest of it back.
@Suite("A JSON body formatted as it arrives, in the app", .serialized, .timeLimit(.minutes(10)))
struct ArrivingJSONAppTests {
    /// The number of lines of the Body tab.
    static func bodyLines(_ runtime: Runtime<ExplorerProgram>) -> Int {
        runtime.state.viewer.text(for: .body).lineCount
    }

    @Test func theFirstScreenIsPrettyPrintedWhileTheBodyArrivesAndTheLineCountGrows() async throws {
        let name = "json-\(UUID().uuidString)"
        let (runtime, backend) = try StreamAppTests.app(url: try EventStreams.url("/json?name=\(name)"))
        runtime.send(message: .action("request.send"))
        await StreamAppTests.run(runtime, until: "the first pretty lines") {
            StreamAppTests.screen(backend).contains(#""name": "item 1""#)
        }
        var screen = StreamAppTests.screen(backend)
        #expect(screen.contains("Streaming"))
        #expect(screen.contains(#"  "items": ["#))
        #expect(screen.contains(#"      "id": 0,"#))
        #expect(!screen.contains("item 30"), "the second part is still held by the server")
        #expect(runtime.state.viewer.isStreaming)
        // 2 lines before the items, 4 for each of items 0…28, and item 29 up to its closing brace (its comma may go on).
        #expect(Self.bodyLines(runtime) == 121)
        #expect(screen.contains("1/121"))

        try await EventStreams.acknowledge(name, step: 1)
        await StreamAppTests.run(runtime, until: "the line count after the second part") {
            StreamAppTests.screen(backend).contains("1/241")
        }
        #expect(runtime.state.viewer.isStreaming)
        screen = StreamAppTests.screen(backend)
        #expect(screen.contains(#"  "items": ["#), "the view stays on the first screen")

        try await EventStreams.acknowledge(name, step: 2)
        await StreamAppTests.run(runtime, until: "the whole response") {
            runtime.state.viewer.document?.stream == nil && runtime.state.viewer.phase == .received
        }
        let document = try #require(runtime.state.viewer.document)
        #expect(document.continuesStream)
        #expect(document.keepsArrivedIndex, "the index built while the body arrived is the whole body's")
        #expect(!document.isIndexing)
        #expect(Self.bodyLines(runtime) == 364)
        await runtime.settle()
        screen = StreamAppTests.screen(backend)
        #expect(screen.contains("1/364"))
        #expect(screen.contains(#"  "items": ["#))
        #expect(!screen.contains("Streaming"))
    }
}
