/// How far a request in flight has got, as the app measures it; the viewer only shows it.
public struct ResponseProgress: Hashable, Sendable {
    /// Time since the request started, in seconds.
    public var elapsed: Double
    /// Request bytes sent so far.
    public var bytesSent: Int64
    /// Response bytes received so far.
    public var bytesReceived: Int64

    /// Creates a progress report.
    public init(elapsed: Double = 0, bytesSent: Int64 = 0, bytesReceived: Int64 = 0) {
        self.elapsed = elapsed
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
    }
}

/// What the response area is showing.
public enum ResponsePhase: Hashable, Sendable {
    /// Nothing sent yet.
    case idle
    /// A request is in flight (a previous document, if any, stays visible below).
    case sending(ResponseProgress)
    /// The head arrived and the body is shown as it arrives.
    case streaming(ResponseProgress)
    /// A response arrived and is being formatted off the UI thread.
    case formatting
    /// The document is shown.
    case received
    /// The request failed with this message.
    case failed(String)
}
