import CommandLineArguments
import Foundation
import RequestKit
import Locking

/// The response stream of one `curlew send` and the printer it feeds, shared between the transport thread
/// (which writes the body as it arrives) and the command (which finishes the output and records the history).
final class LiveOutput: Sendable {
    /// The printer behind a lock, in an object the stream's closures can hold.
    private final class Shared: Sendable {
        /// The printer; only the transport thread uses it until the send has returned.
        let printer: Locked<StreamedBodyPrinter>

        init(_ printer: StreamedBodyPrinter) {
            self.printer = Locked(printer)
        }
    }

    /// The stream handed to `Client.send`; `stop()` on Ctrl+C.
    let stream: ResponseStream
    private let shared: Shared

    /// Creates the stream and printer for the options of a send, starting its clock now; `holdingUnauthorized` writes
    /// nothing of a 401 as it arrives.
    init(parsed: SendArguments, toTerminal: Bool, holdingUnauthorized: Bool = false) {
        let shared = Shared(StreamedBodyPrinter(
            toTerminal: toTerminal, include: parsed.include, format: parsed.format,
            failOnErrorStatus: parsed.failOnErrorStatus, started: .now, holdsUnauthorized: holdingUnauthorized))
        self.shared = shared
        stream = ResponseStream(keeping: .first(StreamedBodyPrinter.keptBytes)) { head in
            shared.printer.withLock { $0.keeping(for: head) }
        } observer: { event in
            shared.printer.withLock { $0.receive(event) }
        }
    }

    /// The Server-Sent Events received, with their times (bounded).
    var events: [TimedServerSentEvent] { shared.printer.withLock { $0.events } }

    /// Writes what the printer held back; returns whether the whole response is still to be written.
    func finish() -> Bool {
        shared.printer.withLock { $0.finish() }
    }
}
