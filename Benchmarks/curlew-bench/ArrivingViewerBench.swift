import Explorer
import Foundation
import RequestKit
import TUICore

/// Times a 50 MB JSON body shown while it arrives slowly: the batches come as the app takes them from a body arriving
/// at about 10 MB/s (one `batchBytes` batch per 100 ms look), each indexed on the UI thread as it comes.
///
/// It measures the first screen (the head, then the first batch indexed and drawn), the UI thread's cost of each
/// further batch with its screen, and the hand-over to the whole response once the send has returned (off the UI
/// thread in the app, then shown): as in the app, the last batch never reaches the screen and comes with the response.
enum ArrivingViewerBench {
    /// The bytes of one batch.
    static let batchBytes = 1 << 20

    /// Runs the benchmark on `body` and returns the report lines.
    static func report(body: [UInt8]) -> String {
        let clock = ContinuousClock()
        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        let headers = [HTTPHeader(name: "Content-Type", value: "application/json")]
        var viewer = ResponseViewerState()
        viewer.setViewport(for: area)
        var batches = stride(from: 0, to: body.count, by: batchBytes).map { Array(body[$0..<min(body.count, $0 + batchBytes)]) }
        var received = 0
        var firstRows = ""
        let firstScreen = clock.measure {
            viewer.startStream(ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: headers,
                                                          body: StreamedBody(kind: .plain)),
                               progress: ResponseProgress(elapsed: 0.25))
            received += batches[0].count
            viewer.receiveStream(batches.removeFirst(), progress: ResponseProgress(elapsed: 0.35, bytesReceived: Int64(received)))
            var frame = Buffer(width: area.width, height: area.height)
            viewer.render(into: &frame, area: area, theme: .dark, focused: true)
            firstRows = frame.text(row: 3).trimmingCharacters(in: CharacterSet(charactersIn: " │")) + " / "
                + frame.text(row: 4).trimmingCharacters(in: CharacterSet(charactersIn: " │"))
        }
        var counter = ""
        var steps: [Duration] = []
        for (number, batch) in batches.dropLast().enumerated() {
            received += batch.count
            steps.append(clock.measure {
                viewer.receiveStream(batch, progress: ResponseProgress(elapsed: 0.35 + Double(number + 1) / 10, bytesReceived: Int64(received)))
                var frame = Buffer(width: area.width, height: area.height)
                viewer.render(into: &frame, area: area, theme: .dark, focused: true)
                counter = lineCounter(frame.text(row: 2))
            })
        }
        var headersTable = HTTPHeaders()
        headersTable.add(name: "Content-Type", value: "application/json")
        let response = Response(statusCode: 200, reason: "OK", headers: headersTable, body: Data(body), timings: Timings(total: 5))
        let streamed = viewer.document
        var reused = false
        var finalCounter = ""
        let handOver = clock.measure {
            let document = ResponseDocument.make(from: response, streamed: streamed, firstLines: ResponseDocument.firstScreenLines)
            reused = document.keepsArrivedIndex
            viewer.startFormatting()
            viewer.show(document)
            var frame = Buffer(width: area.width, height: area.height)
            viewer.render(into: &frame, area: area, theme: .dark, focused: true)
            finalCounter = lineCounter(frame.text(row: 2))
        }
        let sorted = steps.sorted()
        let median = sorted.isEmpty ? .zero : sorted[sorted.count / 2]
        let p95 = sorted.isEmpty ? .zero : sorted[sorted.count * 95 / 100]
        let slowest = sorted.last ?? .zero
        let total = steps.reduce(Duration.zero, +)
        return """
          arriving at about 10 MB/s in \(batches.count + 1) batches of \(ResponseFormatting.size(Int64(batchBytes))), pretty-printed as it comes:
            head + first batch to the first screen                   \(ViewerBench.ms(firstScreen))   (shows: \(firstRows))
            each further batch indexed and drawn, median             \(ViewerBench.ms(median))   p95 \(ViewerBench.ms(p95))   slowest \(ViewerBench.ms(slowest))   all \(ViewerBench.ms(total))
            line counter before the end                              \(counter)
            hand-over to the whole response with the last batch (index reused: \(reused ? "yes" : "no")) \(ViewerBench.ms(handOver))   counter \(finalCounter)
        """
    }

    /// The `line/lines` counter of the tab bar row, or "" when none is drawn.
    private static func lineCounter(_ row: String) -> String {
        row.split(separator: " ").first { word in
            let parts = word.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        }.map(String.init) ?? ""
    }
}
