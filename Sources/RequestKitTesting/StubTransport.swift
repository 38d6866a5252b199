import Foundation
import Locking
import RequestKit

/// A transport that sends nothing: each request is recorded and answered by the test's `answer` function, so code
/// that sends through an `HTTPTransport` can be tested without a server or libcurl.
///
/// It behaves as `Client` does where a caller can tell: a body file that cannot be read fails with
/// `.unreadableFile` before anything is recorded, a cancelled task gets `.cancelled`, a `ResponseStream` gets the
/// head and then the body, and `progress` gets the final counts. The cookie jar is a list of lines.
public final class StubTransport: HTTPTransport {
    /// A request as the stub received it, with its body read (files included) as it would have been sent.
    public struct SentRequest: Hashable, Sendable {
        /// The request in its wire form.
        public var prepared: PreparedRequest
        /// Its transfer options.
        public var options: RequestOptions
        /// The body bytes, files read at send time.
        public var body: Data

        /// The method sent.
        public var method: HTTPMethod { prepared.method }
        /// The URL sent.
        public var url: String { prepared.url }
        /// The headers sent.
        public var headers: HTTPHeaders { prepared.headers }
    }

    /// Makes the answer to each request: a response, or the error the send fails with.
    private let answer: @Sendable (SentRequest) -> Result<Response, NetworkError>
    /// What was sent, in order, shared with the stubs made by `withEmptyCookieJar()`.
    private let record: Locked<[SentRequest]>
    /// The cookie jar's lines.
    private let cookies = Locked<[String]>([])

    /// A stub whose answers come from `answer`, called once per request in the order they are sent.
    public init(answer: @escaping @Sendable (SentRequest) -> Result<Response, NetworkError>) {
        self.answer = answer
        self.record = Locked([])
    }

    /// A stub answering with `answer` into `record`, with a jar of its own.
    private init(answer: @escaping @Sendable (SentRequest) -> Result<Response, NetworkError>, record: Locked<[SentRequest]>) {
        self.answer = answer
        self.record = record
    }

    /// A stub with the same answers whose jar starts empty; what it sends joins this one's `sent`.
    public func withEmptyCookieJar() -> any HTTPTransport {
        StubTransport(answer: answer, record: record)
    }

    /// A stub that answers every request with `response` (its `effectiveURL`, when empty, becomes the request's URL).
    public convenience init(always response: Response) {
        self.init { _ in .success(response) }
    }

    /// A stub that answers every request with `status`, a body of `body` and its `Content-Type` when given.
    public convenience init(status: Int, body: String = "", contentType: String? = nil) {
        var headers: HTTPHeaders = []
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        self.init(always: Response(statusCode: status, reason: HTTPStatusPhrase.phrase(for: status), headers: headers, body: Data(body.utf8)))
    }

    /// A stub that answers every request with 200 and a `text/plain` body echoing it: the request line, the
    /// headers one a line, a blank line, then the body bytes.
    public static func echoing() -> StubTransport {
        StubTransport { request in
            var text = "\(request.method.rawValue) \(request.url)\n"
            for header in request.headers { text += "\(header.name): \(header.value)\n" }
            var body = Data((text + "\n").utf8)
            body.append(request.body)
            return .success(Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "text/plain"], body: body))
        }
    }

    /// Every request sent so far, in order.
    public var sent: [SentRequest] {
        record.withLock { $0 }
    }

    /// Records the request and returns (or throws) the test's answer, after handing it to `stream` and `progress`.
    public func send(
        prepared: PreparedRequest,
        options: RequestOptions,
        progress: (@Sendable (TransferProgress) -> Void)?,
        stream: ResponseStream?
    ) async throws(NetworkError) -> Response {
        if Task.isCancelled { throw NetworkError.cancelled }
        let body = try prepared.bodyBytes()
        let request = SentRequest(prepared: prepared, options: options, body: body)
        record.withLock { $0.append(request) }
        var response = try answer(request).get()
        if response.effectiveURL.isEmpty { response.effectiveURL = prepared.url }
        response.bytesSent = Int64(body.count)
        response.bytesReceived = Int64(response.body.count)
        if let stream {
            stream.observer(.head(response.head))
            if !response.body.isEmpty { stream.observer(.body(response.body)) }
        }
        progress?(TransferProgress(bytesSent: response.bytesSent, totalToSend: response.bytesSent,
                                   bytesReceived: response.bytesReceived, totalToReceive: response.bytesReceived))
        return response
    }

    /// The jar's lines.
    public func cookieLines() async -> [String] {
        cookies.withLock { $0 }
    }

    /// Empties the jar.
    public func clearCookies() async {
        cookies.withLock { $0.removeAll() }
    }

    /// Adds the lines not already in the jar and returns the jar's lines.
    @discardableResult
    public func loadCookies(_ lines: [String]) async -> [String] {
        cookies.withLock { cookies in
            for line in lines where !cookies.contains(line) { cookies.append(line) }
            return cookies
        }
    }
}
