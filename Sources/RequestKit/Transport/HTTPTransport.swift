/// What sends a request and keeps cookies between requests: `Client` (libcurl on its transport thread), or
/// `StubTransport`, which answers with responses a test gives and records what was sent.
///
/// A transport is a class because one instance is one cookie jar. Code that sends through a transport it is handed
/// (the app's effects, the runner) can be tested without a server or libcurl where the network is not the point;
/// tests of the transport itself keep talking to real servers.
public protocol HTTPTransport: AnyObject, Sendable {
    /// Sends a request in its wire form and returns the response, whatever its status. `progress` gets the
    /// transfer's counts; `stream`, when given, gets the head and then the body chunks as they arrive.
    func send(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)?,
        stream: ResponseStream?
    ) async throws(NetworkError) -> Response

    /// Starts sending a request and returns at once; `response(of:)` awaits the answer. With `after` (started by
    /// this transport), it is sent only once that one has finished; `onCompletion` runs once the outcome is in.
    func start(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)?,
        stream: ResponseStream?,
        after: PendingResponse?,
        onCompletion: (@Sendable () -> Void)?
    ) throws(NetworkError) -> PendingResponse

    /// Awaits a started request's response, whatever its status; cancelling the awaiting task aborts the transfer.
    func response(of pending: PendingResponse) async throws(NetworkError) -> Response

    /// A transport that sends as this one does, with a cookie jar of its own that starts empty.
    func withEmptyCookieJar() -> any HTTPTransport

    /// The cookies in the jar, as Netscape cookie-file lines.
    func cookieLines() async -> [String]

    /// Forgets every cookie in the jar.
    func clearCookies() async

    /// Adds cookies given as Netscape cookie-file lines to the jar and returns the jar's cookies.
    @discardableResult
    func loadCookies(_ lines: [String]) async -> [String]
}

extension HTTPTransport {
    /// Builds `request` (`prepared()`, whose errors are thrown before anything is sent) and sends it.
    public func send(
        _ request: Request,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        stream: ResponseStream? = nil
    ) async throws(NetworkError) -> Response {
        try await send(prepared: request.prepared(), options: request.options, progress: progress, stream: stream)
    }

    /// Runs `send` in a task that first waits for `after` to finish (without cancelling it), and returns at once;
    /// cancelling the pending response cancels that task.
    public func start(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)?,
        stream: ResponseStream?,
        after: PendingResponse?,
        onCompletion: (@Sendable () -> Void)?
    ) throws(NetworkError) -> PendingResponse {
        let pending = PendingResponse(onCompletion: onCompletion)
        pending.sent(by: Task {
            if let after { _ = await Task { await after.outcome() }.value }
            do throws(NetworkError) {
                if Task.isCancelled { throw NetworkError.cancelled }
                pending.complete(with: .success(try await send(prepared: prepared, options: options, progress: progress, stream: stream)))
            } catch {
                pending.complete(with: .failure(error))
            }
        })
        return pending
    }

    /// The outcome of `pending`: its response, or the error it failed with.
    public func response(of pending: PendingResponse) async throws(NetworkError) -> Response {
        try await pending.outcome().get()
    }
}

extension Client: HTTPTransport {
    /// A client with this one's configuration whose jar starts empty (no initial cookies).
    public func withEmptyCookieJar() -> any HTTPTransport {
        var configuration = configuration
        configuration.initialCookies = []
        return Client(configuration: configuration)
    }
}
