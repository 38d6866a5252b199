/// What sends a request and keeps cookies between requests: `Client` (libcurl on its transport thread), or
/// `StubTransport`, which answers with responses a test gives and records what was sent.
///
/// Code that sends through a transport it is handed (the app's effects) can be tested without a server or libcurl
/// where the network is not the point; tests of the transport itself keep talking to real servers.
public protocol HTTPTransport: Sendable {
    /// Sends a request in its wire form and returns the response, whatever its status. `progress` gets the
    /// transfer's counts; `stream`, when given, gets the head and then the body chunks as they arrive.
    func send(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)?,
        stream: ResponseStream?
    ) async throws(NetworkError) -> Response

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
}

extension Client: HTTPTransport {}
