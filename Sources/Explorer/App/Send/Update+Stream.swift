import RequestKit
import TUICore

extension ExplorerProgram {
    /// Shows the next part of a streamed body: the first batch (with the head) starts the stream view.
    func receiveStream(_ batch: StreamBoard.Batch, progress: ResponseProgress?, _ s: inout AppState) {
        if let request = batch.request { s.lastRequest = request }
        if let head = batch.head {
            let document = ResponseDocument.streaming(statusCode: head.statusCode, reason: head.reason, httpVersion: head.httpVersion,
                                                      headers: head.headers.all, effectiveURL: s.lastRequest?.url ?? "",
                                                      body: StreamedBody(kind: batch.kind))
            // A JSON body is held for formatting while it arrives only up to the large-body threshold: past it the
            // transport writes it to a file, which the viewer maps once it has all come.
            s.viewer.startStream(document, progress: progress ?? ResponseProgress(), jsonLimit: Int(clamping: effects.largeBodyThreshold))
        }
        s.viewer.receiveStream(batch.bytes, events: batch.events, eventTotal: batch.eventCount, skipped: batch.skipped, progress: progress)
    }
}

extension ResponseProgress {
    /// The progress of a transfer `elapsed` after it started.
    init(elapsed: Duration, transfer: TransferProgress) {
        self.init(elapsed: StreamBoard.seconds(elapsed), bytesSent: transfer.bytesSent, bytesReceived: transfer.bytesReceived)
    }
}
