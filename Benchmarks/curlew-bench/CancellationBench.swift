import Foundation
import RequestKit

/// Time from cancelling the task of a send to that send throwing `.cancelled`, while the server holds the request unanswered.
enum CancellationBench {
    /// The latency a user should not notice when pressing Esc on a request in flight.
    static let target: Duration = .milliseconds(100)

    /// Sends `runs` GETs on one client to a server that never answers, cancels each once the server has
    /// the request, and prints the median and 95th percentile of the time until the send returned.
    static func run(runs: Int) async -> Int32 {
        let server: SilentServer
        do {
            server = try SilentServer.start()
        } catch {
            FileHandle.standardError.write(Data("curlew-bench transport cancel: \(error)\n".utf8))
            return 1
        }
        let client = Client()
        let request = PreparedRequest(method: .get, url: "http://127.0.0.1:\(server.port)/never-answered")
        let options = RequestOptions(timeout: 60)
        var arrivals = server.requests.makeAsyncIterator()
        var samples: [Duration] = []
        let clock = ContinuousClock()
        for index in 0..<runs {
            let task = Task { () async -> NetworkError? in
                do throws(NetworkError) {
                    _ = try await client.send(prepared: request, options: options)
                    return nil
                } catch {
                    return error
                }
            }
            guard await arrivals.next() != nil else {
                FileHandle.standardError.write(Data("curlew-bench transport cancel: the server stopped\n".utf8))
                return 1
            }
            let cancelledAt = clock.now
            task.cancel()
            let outcome = await task.value
            samples.append(clock.now - cancelledAt)
            guard outcome == .cancelled else {
                FileHandle.standardError.write(Data("curlew-bench transport cancel: run \(index) ended with \(outcome.map(\.message) ?? "a response") instead of .cancelled\n".utf8))
                return 1
            }
        }
        samples.sort()
        let median = percentile(samples, 0.5)
        let p95 = percentile(samples, 0.95)
        let verdict = p95 < target ? "met" : "MISSED"
        print("cancel to .cancelled, \(runs) runs:  median \(milliseconds(median)) ms, p95 \(milliseconds(p95)) ms, max \(milliseconds(samples[samples.count - 1])) ms (target < 100 ms: \(verdict))")
        return 0
    }

    /// The sample at fraction `q` of a sorted list (nearest rank).
    private static func percentile(_ sorted: [Duration], _ q: Double) -> Duration {
        let rank = Int((q * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
    }
}
