import Explorer
import Foundation
import RequestKit
import Synchronization
import TUICore
import Wakeup

/// Times streamed responses in the whole app (run loop, real client, loopback server): how long an event takes
/// from the server's write to a flushed frame showing it, and how many frames a flood of 10,000 events a second
/// costs, with the event count checked at the end.
enum StreamBench {
    /// A screen kept in memory that notes when a frame showing an awaited text is flushed.
    final class WatchingBackend: Backend {
        let size = Size(width: 120, height: 40)
        let capabilities = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
        private var screen = Buffer(width: 120, height: 40)
        private var started = false
        /// The URL the app sends to once it starts.
        let url: String
        /// The shared part: what the server waits to see, and whether to quit.
        let watch: Watch

        init(url: String, watch: Watch) {
            self.url = url
            self.watch = watch
        }

        func draw(_ changes: [CellChange]) {
            for change in changes { screen[change.x, change.y] = change.cell }
        }

        func clear() {}

        func flush() {
            let now = ContinuousClock.now
            watch.frames.withLock { $0.append(now) }
            guard let text = watch.awaited.withLock({ $0 }) else { return }
            let rows = (0..<screen.height).map { screen.text(row: $0) }
            if rows.contains(where: { $0.contains(text) }) {
                watch.awaited.withLock { $0 = nil }
                watch.seen.withLock { $0 = now }
                watch.screenShowed.signal()
            }
        }

        func setCursor(_ position: Position?) {}
        func writeClipboard(_ text: String) {}
        func pause() {}
        func resume() {}
        func suspendProcess() {}

        func readEvents(wakeup: WakeupPipe, timeout: Duration?) -> [Event] {
            if !started {
                started = true
                return [.paste(url), .key(KeyEvent(.enter))]
            }
            if watch.quit.withLock({ $0 }) { return [.key(KeyEvent(.char("c"), modifiers: .ctrl))] }
            _ = wakeup.wait(timeout: .milliseconds(50))
            return []
        }
    }

    /// What the server thread and the screen share.
    final class Watch: Sendable {
        /// The text the server waits to see on screen.
        let awaited = Mutex<String?>(nil)
        /// When the frame showing it was flushed.
        let seen = Mutex<ContinuousClock.Instant?>(nil)
        /// Every flush.
        let frames = Mutex<[ContinuousClock.Instant]>([])
        /// Set to end the app.
        let quit = Mutex(false)
        /// Signalled when the awaited text is on screen.
        let screenShowed = DispatchSemaphore(value: 0)

        /// Waits (up to five seconds) until `text` is on screen; returns when the frame was flushed.
        func waitFor(_ text: String) -> ContinuousClock.Instant? {
            awaited.withLock { $0 = text }
            guard screenShowed.wait(timeout: .now() + 5) == .success else { return nil }
            return seen.withLock { $0 }
        }
    }

    /// Runs the app against a server that calls `serve(connection, watch)` on the one connection it accepts.
    static func runApp(_ serve: @escaping @Sendable (Int32, Watch) -> Void) throws -> AppState {
        let watch = Watch()
        let server = try BenchSocket.listen()
        Thread {
            let connection = BenchSocket.acceptAndReadHead(server.descriptor)
            serve(connection, watch)
            close(connection)
            watch.quit.withLock { $0 = true }
        }.start()
        let backend = WatchingBackend(url: "http://127.0.0.1:\(server.port)/stream", watch: watch)
        let program = ExplorerProgram(effects: Effects(client: Client(), draftPath: nil))
        let runtime = try Runtime(program: program, state: AppState(size: backend.size), backend: backend, theme: .dark)
        return runtime.run()
    }

    /// The head of an event stream.
    static let head = Array("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n".utf8)

    static func report() -> String {
        var lines = ["== stream (120x40, the app's run loop and client against a loopback event stream)"]
        do {
            // Latency: one event at a time, 50 ms apart (slower than a frame), each waited for on screen.
            let samples = Mutex<[Double]>([])
            _ = try runApp { connection, watch in
                BenchSocket.write(connection, head)
                for n in 1...60 {
                    Thread.sleep(forTimeInterval: 0.05)
                    let marker = "mark-\(n + 1000)-end"
                    let sent = ContinuousClock.now
                    BenchSocket.write(connection, Array("id: \(n)\ndata: {\"marker\":\"\(marker)\"}\n\n".utf8))
                    guard let shown = watch.waitFor(marker) else { return }
                    if n > 10 { samples.withLock { $0.append(Double((shown - sent).components.attoseconds) / 1e15 + Double((shown - sent).components.seconds) * 1000) } }
                }
            }
            let sorted = samples.withLock { $0 }.sorted()
            guard !sorted.isEmpty else { throw BenchSocket.Failure(description: "no event reached the screen") }
            let median = sorted[sorted.count / 2]
            let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
            lines.append(String(format: "   event written to the socket → frame flushed showing it: median %.2f ms, p95 %.2f ms (%d events)", median, p95, sorted.count))

            // Flood: 10,000 small events a second for 3 s, written 100 every 10 ms.
            let perTick = 100
            let ticks = 300
            let window = Mutex<(ContinuousClock.Instant, ContinuousClock.Instant)?>(nil)
            let framesSeen = Mutex<[ContinuousClock.Instant]>([])
            let finalState = try runApp { connection, watch in
                BenchSocket.write(connection, head)
                let start = ContinuousClock.now
                var n = 0
                for tick in 0..<ticks {
                    var chunk = ""
                    for _ in 0..<perTick {
                        n += 1
                        chunk += "id: \(n)\ndata: {\"n\":\(n)}\n\n"
                    }
                    BenchSocket.write(connection, Array(chunk.utf8))
                    let next = start + .milliseconds(10 * (tick + 1))
                    let wait = next - ContinuousClock.now
                    if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18) }
                }
                let end = ContinuousClock.now
                window.withLock { $0 = (start, end) }
                _ = watch.waitFor("30,000 events")
                framesSeen.withLock { $0 = watch.frames.withLock { $0 } }
            }
            let count = finalState.viewer.document?.stream?.eventCount ?? -1
            guard let (start, end) = window.withLock({ $0 }) else { throw BenchSocket.Failure(description: "the flood did not run") }
            let frames = framesSeen.withLock { $0 }.filter { $0 >= start && $0 <= end }.count
            let seconds = Double((end - start).components.seconds) + Double((end - start).components.attoseconds) / 1e18
            let fps = Double(frames) / seconds
            lines.append(String(format: "   %d events at 10,000/s over %.2f s: %.1f frames/s drawn; events counted %d of %d", ticks * perTick, seconds, fps, count, ticks * perTick))
            lines.append(String(format: "STREAM latency_median_ms=%.2f latency_p95_ms=%.2f fps=%.1f count_missing=%d", median, p95, fps, ticks * perTick - count))
        } catch {
            lines.append("   stream bench failed: \(error)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The few socket calls the stream benchmark's server needs.
enum BenchSocket {
    /// Why the server could not run.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Listens on a free loopback port.
    static func listen() throws -> (descriptor: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(listener, raw, length) == 0 && Glibc.listen(listener, 8) == 0 && getsockname(listener, raw, &length) == 0
            }
        }
        guard ok else { throw Failure(description: "cannot listen on loopback") }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Accepts one connection and reads its request head.
    static func acceptAndReadHead(_ listener: Int32) -> Int32 {
        let connection = accept(listener, nil, nil)
        close(listener)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = buffer.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        var one: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return connection
    }

    /// Writes all of `bytes`.
    static func write(_ connection: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(connection, $0.baseAddress, $0.count) }
            if written <= 0 { return }
            offset += written
        }
    }
}
