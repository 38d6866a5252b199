import Explorer
import Foundation
import RequestKit
import RequestStore
import TUICore
import Wakeup

/// Times the whole app's screen: a full 200×60 frame of `AppView`, and one keystroke from event to changed cells.
enum AppBench {
    /// A backend that keeps nothing: it only counts what the runtime sends to it.
    final class CountingBackend: Backend {
        var size: Size
        let capabilities = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
        var drawnCells = 0

        init(size: Size) { self.size = size }
        func draw(_ changes: [CellChange]) { drawnCells += changes.count }
        func clear() {}
        func flush() {}
        func setCursor(_ position: Position?) {}
        func writeClipboard(_ text: String) {}
        func readEvents(wakeup: WakeupPipe, timeout: Duration?) -> [Event] { [] }
        func pause() {}
        func resume() {}
        func suspendProcess() {}
    }

    /// A state with a JSON response of 2,000 lines on screen and a filled request.
    static func busyState(size: Size) -> AppState {
        var state = AppState(draft: RequestDraft(saved: SavedRequest(
            name: "bench", method: .post, url: "http://127.0.0.1:8080/anything?page=2&sort=name",
            headers: [KeyValueRow(name: "Accept", value: "application/json")], body: .json("{\"name\": \"Ann\"}"))), size: size)
        let body = "{\"items\": [" + (0..<2000).map { "{\"id\": \($0), \"name\": \"item \($0) 名前\", \"ok\": true}" }.joined(separator: ",") + "]}"
        let response = Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json"], body: Data(body.utf8),
                                timings: Timings(dns: 0.001, connect: 0.001, firstByte: 0.01, download: 0.002, total: 0.014))
        state.viewer.startSending()
        state.viewer.show(ResponseDocument.make(from: response))
        state.focus = .response
        return state
    }

    /// Median and p95 of a full frame draw (view into a fresh buffer) at 200×60, and of key-to-cells.
    static func report() -> String {
        let size = Size(width: 200, height: 60)
        let program = ExplorerProgram(effects: Effects(client: Client(), draftPath: nil))
        let clock = ContinuousClock()
        var frames: [Duration] = []
        var state = busyState(size: size)
        state.viewer.setViewport(for: AppLayout(state).response)
        for i in 0..<200 {
            if let effect = state.viewer.apply(.scrollDown(1)) { _ = effect }
            _ = i
            frames.append(clock.measure {
                var frame = Frame(size: size, theme: .dark, capabilities: .full)
                program.view(state, into: &frame)
            })
        }
        let backend = CountingBackend(size: size)
        var keys: [Duration] = []
        if let runtime = try? Runtime(program: program, state: busyState(size: size), backend: backend, theme: .dark) {
            runtime.start()
            for i in 0..<200 {
                let event: Event = .key(KeyEvent(i % 2 == 0 ? .down : .char("j")))
                keys.append(clock.measure { runtime.send(event) })
            }
        }
        func ms(_ values: [Duration], _ p: Int) -> String {
            guard !values.isEmpty else { return "n/a" }
            let sorted = values.sorted()
            let d = sorted[min(sorted.count - 1, sorted.count * p / 100)]
            return String(format: "%.3f ms", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        }
        return """
        app frame 200x60 (view of the whole app, JSON response on screen): median \(ms(frames, 50)), p95 \(ms(frames, 95))
        app keystroke to changed cells (update + view + diff, 200x60): median \(ms(keys, 50)), p95 \(ms(keys, 95))
        """
    }
}
