import CCurl
import Foundation
import Locking
import Wakeup

/// Sends requests over libcurl's multi interface on one transport thread; many requests may be in flight at once.
///
/// A client keeps connections, cookies, DNS answers and TLS sessions between its requests. Cancelling the
/// task that awaits `send` aborts the transfer.
public final class Client: Sendable {
    /// Settings that apply to every request of a client.
    public struct Configuration: Sendable {
        /// Called when a server's certificate is not trusted or its key matches no pin.
        public var tlsValidationFailed: (@Sendable (NetworkError) -> Void)?
        /// Whether the client keeps a cookie jar: cookies a response sets are sent by its later requests.
        /// When false, no cookie is stored and none is sent unless a request's own headers carry it.
        public var cookies: Bool
        /// Cookies the jar starts with, as Netscape cookie-file lines (see `CookieJarFile` in RequestStore);
        /// ignored when `cookies` is false.
        public var initialCookies: [String]

        /// Creates a configuration.
        public init(tlsValidationFailed: (@Sendable (NetworkError) -> Void)? = nil, cookies: Bool = true, initialCookies: [String] = []) {
            self.tlsValidationFailed = tlsValidationFailed
            self.cookies = cookies
            self.initialCookies = initialCookies
        }
    }

    /// The settings this client was made with.
    public let configuration: Configuration
    /// The hand-over to the transport thread; nil when libcurl could not create a multi handle.
    private let mailbox: TransportMailbox?
    /// The bearer token the convenience methods send; see `token`.
    let tokenStorage = Locked<String?>(nil)

    /// Creates a client and starts its transport thread.
    public init(configuration: Configuration = Configuration()) {
        CurlLibrary.initializeOnce()
        self.configuration = configuration
        guard let wakeup = try? WakeupPipe() else {
            self.mailbox = nil
            return
        }
        guard let multi = ccurl_multi_init() else {
            self.mailbox = nil
            return
        }
        let handoff = MultiHandoff(multi)
        let mailbox = TransportMailbox(wakeup: wakeup)
        self.mailbox = mailbox
        if configuration.cookies, !configuration.initialCookies.isEmpty {
            mailbox.submit(CookieTask(kind: .load(configuration.initialCookies)) { _ in })
        }
        let cookies = configuration.cookies
        let thread = Thread {
            // The handle was put in just above and is taken out only here.
            guard let multi = handoff.take() else { return }
            TransportEngine(multi: multi, mailbox: mailbox, cookies: cookies).run()
        }
        thread.name = "curlew.transport"
        thread.start()
    }

    deinit {
        mailbox?.requestShutdown()
    }

    /// Sends a request and returns the response, whatever its status.
    ///
    /// The request is built with `prepared()` first; building errors (invalid URL, unreadable files)
    /// are thrown before anything is sent. `progress` is called on the transport thread, at most every 100 ms.
    /// `stream`, when given, receives the head and the body chunks as they arrive (see `ResponseStream`).
    public func send(
        _ request: Request,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        stream: ResponseStream? = nil
    ) async throws(NetworkError) -> Response {
        try await send(prepared: request.prepared(), options: request.options, progress: progress, stream: stream)
    }

    /// Sends a request already reduced to its wire form and returns the response, whatever its status.
    ///
    /// Body files are checked before anything is sent: a missing or unreadable one fails with `.unreadableFile`.
    /// `stream`, when given, receives the head as soon as it is parsed and then each decoded body chunk, in
    /// order, on the transport thread; `stream.stop()` ends the transfer and returns what came. Without it,
    /// nothing extra is done per chunk.
    public func send(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        stream: ResponseStream? = nil
    ) async throws(NetworkError) -> Response {
        if Task.isCancelled { throw NetworkError.cancelled }
        let pending = try start(prepared: prepared, options: options, progress: progress, stream: stream)
        return try await response(of: pending)
    }

    /// Hands a request to the transport thread and returns at once; await `response(of:)` (or the pending
    /// response's `outcome()`) for the answer.
    ///
    /// With `after` (started by this client), the transfer starts only once that one has finished, however it
    /// ended: a lane of requests sent one after another without a round trip through the caller between them. A
    /// request cancelled while it waits is never sent, and those queued behind it keep their place. `onCompletion` runs on the
    /// transport thread as soon as the outcome is in; keep it short. Body files are checked first: a missing or
    /// unreadable one fails with `.unreadableFile`, and a certificate or key that is not a regular file with
    /// `.unusableTLSFile`; nothing is sent then. `stream` is as for `send`.
    public func start(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)? = nil,
        stream: ResponseStream? = nil,
        after: PendingResponse? = nil,
        onCompletion: (@Sendable () -> Void)? = nil
    ) throws(NetworkError) -> PendingResponse {
        let body = try BodyMeasurer.measure(prepared.body)
        try TLSFileCheck.check(options)
        var pins = options.pinnedPublicKeys
        if let certificate = options.pinnedCertificatePath {
            pins.append(try CertificatePin.pin(forCertificateAt: certificate))
        }
        guard let mailbox = self.mailbox else {
            if let problem = ccurl_library_error() { throw NetworkError.transport(code: 2, message: String(cString: problem)) }
            throw NetworkError.transport(code: 27, message: "libcurl could not start (out of memory); close other programs and retry")
        }
        let id = mailbox.register()
        let pending = PendingResponse(id: id, mailbox: mailbox, onCompletion: onCompletion)
        stream?.bind(mailbox: mailbox, id: id)
        mailbox.submit(TransportJob(
            id: id,
            prepared: prepared,
            body: body,
            options: options,
            pinnedPublicKeys: pins,
            progress: progress,
            after: after.flatMap { $0.mailbox === mailbox ? $0.id : nil },
            stream: stream,
            pending: pending
        ))
        return pending
    }

    /// The cookies in the client's jar, as Netscape cookie-file lines (`#HttpOnly_` prefixed for HTTP-only ones);
    /// empty for a client without cookies. Every request whose response has arrived has left its cookies in it.
    public func cookieLines() async -> [String] {
        await cookieTask(.list)
    }

    /// Forgets every cookie in the client's jar.
    public func clearCookies() async {
        _ = await cookieTask(.clear)
    }

    /// Adds cookies given as Netscape cookie-file lines to the jar (one with the same domain, path and name is
    /// replaced) and returns the jar's cookies.
    @discardableResult
    public func loadCookies(_ lines: [String]) async -> [String] {
        await cookieTask(.load(lines))
    }

    /// Runs a cookie task on the transport thread and returns the jar's cookies after it.
    ///
    /// The cookies come back through a lock rather than the continuation, so that ThreadSanitizer sees the hand-over
    /// from the transport thread (it does not follow a continuation resumed outside Swift's own executors).
    private func cookieTask(_ kind: CookieTask.Kind) async -> [String] {
        guard let mailbox else { return [] }
        let handed = Locked<[String]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            mailbox.submit(CookieTask(kind: kind) { lines in
                handed.withLock { $0 = lines }
                continuation.resume()
            })
        }
        return handed.withLock { $0 }
    }

    /// Awaits a started request's response, whatever its status; cancelling the awaiting task aborts the transfer.
    public func response(of pending: PendingResponse) async throws(NetworkError) -> Response {
        switch await pending.outcome() {
        case .success(let response):
            return response
        case .failure(let error):
            switch error {
            case .pinMismatch, .certificateNotTrusted:
                configuration.tlsValidationFailed?(error)
            default:
                break
            }
            throw error
        }
    }
}

/// libcurl's process-wide set-up, done once before the first handle is made.
enum CurlLibrary {
    private static let initialized: Bool = ccurl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

    /// Initialises libcurl if no client has done so yet.
    static func initializeOnce() {
        _ = initialized
    }
}
