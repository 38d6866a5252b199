import Foundation
import Testing

/// The real binary in tmux against a loopback server of Server-Sent Events (in the serialized tmux suite, so that
/// only one test at a time blocks a thread on tmux).
extension EndToEndTests {
    @Test("the first event is on screen while the stream is still open; Esc stops it and keeps what came")
    func firstEventWhileOpen() throws {
        let name = "tmux-\(UUID().uuidString)"
        let url = try EventStreams.url("/script?name=\(name)")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type(url)
        try tmux.keys("Enter")
        var screen = try tmux.waitFor("hello")
        #expect(screen.contains("Streaming"))
        #expect(screen.contains("greeting"))
        #expect(!screen.contains(#""text": "two""#))
        try EventStreams.acknowledgeNow(name, step: 1)
        screen = try tmux.waitFor(#""text": "two""#)
        #expect(screen.contains("2 events"))
        try tmux.keys("Escape")
        screen = try tmux.waitFor("stopped")
        #expect(screen.contains("2 events"))
        #expect(!screen.contains("line one"))
    }
}
