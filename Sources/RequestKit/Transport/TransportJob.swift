/// One request handed to the transport thread, with everything the thread needs and where the answer goes.
struct TransportJob: Sendable {
    /// The identity used for cancellation.
    var id: UInt64
    /// The method, URL and headers to send.
    var prepared: PreparedRequest
    /// The body, already checked and measured.
    var body: [SizedSegment]
    /// Timeouts, redirects, TLS and limits.
    var options: RequestOptions
    /// Every accepted public key as `sha256//…`, pinned certificate included.
    var pinnedPublicKeys: [String]
    /// Receives transfer progress, throttled; nil when nobody listens.
    var progress: (@Sendable (TransferProgress) -> Void)?
    /// Receives the head and body chunks as they arrive; nil when the caller waits for the whole response.
    var stream: ResponseStream?
    /// Resumed exactly once with the outcome.
    var continuation: CheckedContinuation<Result<Response, NetworkError>, Never>
}
