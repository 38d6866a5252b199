import Locking

/// A caller's view of one response while it arrives: an observer for its head and body chunks, how much of
/// the body the final `Response` keeps, and a way to end the transfer early and keep what came.
///
/// Pass it to `Client.send(prepared:options:progress:stream:)`; use one stream for one send.
/// The observer runs on the client's transport thread, in order, before `send` returns: keep it short
/// (hand the bytes to a queue, a pipe or a lock) since every transfer of the client waits for it.
public final class ResponseStream: Sendable {
    /// How much of the body the final response keeps, unless `keepingForHead` decides otherwise.
    public let keeping: StreamedBodyKeeping
    /// Decides how much of the body to keep once the head is known (by status or Content-Type); nil keeps `keeping`.
    public let keepingForHead: (@Sendable (ResponseHead) -> StreamedBodyKeeping)?
    /// Receives the head, then each body chunk, on the transport thread.
    public let observer: @Sendable (ResponseStreamEvent) -> Void
    /// The transfer this stream is bound to once sent, and whether `stop()` came first.
    private let control = Locked(Control())

    /// Where `stop()` goes.
    private struct Control {
        /// The mailbox and job id of the send, once it has started.
        var target: (mailbox: TransportMailbox, id: UInt64)?
        /// Whether `stop()` was called before the send started.
        var stopRequested = false
    }

    /// Creates a stream that hands every event to `observer` and keeps the body as `keeping` says, or as
    /// `keepingForHead` says when it is given (it runs on the transport thread just before the head is delivered).
    public init(
        keeping: StreamedBodyKeeping = .whole,
        keepingForHead: (@Sendable (ResponseHead) -> StreamedBodyKeeping)? = nil,
        observer: @escaping @Sendable (ResponseStreamEvent) -> Void
    ) {
        self.keeping = keeping
        self.keepingForHead = keepingForHead
        self.observer = observer
    }

    /// Ends the transfer now. When the head has arrived, `send` returns the response with the body received
    /// so far (`Response.stoppedEarly` is true); before that, `send` throws `NetworkError.cancelled`.
    /// Harmless after the transfer has ended; may be called from any thread, also from a signal-watching one.
    public func stop() {
        let target = control.withLock { control -> (mailbox: TransportMailbox, id: UInt64)? in
            control.stopRequested = true
            return control.target
        }
        if let target { target.mailbox.stop(target.id) }
    }

    /// Ties the stream to a send about to be submitted, so that a later `stop()` reaches it; a `stop()` that came
    /// before the transport thread starts the transfer is seen there through `isStopRequested`.
    func bind(mailbox: TransportMailbox, id: UInt64) {
        control.withLock { control in control.target = (mailbox, id) }
    }

    /// Whether `stop()` has been called; read by the transport thread just before it starts the transfer.
    var isStopRequested: Bool {
        control.withLock { $0.stopRequested }
    }
}
