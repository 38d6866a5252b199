import RequestKit

/// Where the current exchange stands.
public enum SendState: Hashable, Sendable {
    /// Nothing sent yet.
    case idle
    /// A request is in flight.
    case sending(Sending)
    /// The last request got a response.
    case received(Response)
    /// The last request failed; the message says why and what to do.
    case failed(String)
    /// The last request was cancelled by the user.
    case cancelled

    /// True while a request is in flight.
    public var isSending: Bool {
        if case .sending = self { return true }
        return false
    }
}

/// The live numbers of a request in flight.
public struct Sending: Hashable, Sendable {
    /// The number of the send, so late messages of an older send are ignored.
    public var id: Int
    /// Time since the request started.
    public var elapsed: Duration
    /// Bytes sent and received so far.
    public var progress: TransferProgress
    /// The spinner frame.
    public var tick: Int

    /// Creates the state of a send that just started.
    public init(id: Int, elapsed: Duration = .zero, progress: TransferProgress = TransferProgress(), tick: Int = 0) {
        self.id = id
        self.elapsed = elapsed
        self.progress = progress
        self.tick = tick
    }
}
