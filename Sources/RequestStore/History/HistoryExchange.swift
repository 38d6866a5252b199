import Foundation
import RequestKit

/// One exchange to record: what was sent, and what came back or went wrong.
public struct HistoryExchange: Sendable {
    /// When the request was sent.
    public var time: Date
    /// The method.
    public var method: HTTPMethod
    /// The final URL.
    public var url: String
    /// Every header sent.
    public var headers: HTTPHeaders
    /// The body as sent: bytes and files.
    public var body: [BodySegment]
    /// The response, when one came.
    public var response: Response?
    /// The error message, when no response came.
    public var error: String?
    /// The saved request it came from, as `collection/Folder/Name`.
    public var source: String?
    /// Values of secret variables used, to be redacted.
    public var secrets: [String]
    /// The Server-Sent Events of a streamed `text/event-stream` response, as they arrived.
    public var events: [TimedServerSentEvent] = []
    /// The variable each secret value came from (value to name), so the entry can be sent again with
    /// the variable resolved anew.
    public var secretVariables: [String: String]
    /// The collection file the request was sent from, as an absolute path, so that it can be sent again with
    /// the variables beside it.
    public var collection: String?
    /// The environment the variables were resolved with.
    public var environment: String?

    /// Creates an exchange from the wire form of a request.
    public init(prepared: PreparedRequest, response: Response?, error: String? = nil, source: String? = nil, secrets: [String] = [], secretVariables: [String: String] = [:], time: Date = Date()) {
        self.time = time
        self.method = prepared.method
        self.url = prepared.url
        self.headers = prepared.headers
        self.body = prepared.body
        self.response = response
        self.error = error
        self.source = source
        // A scheme's password never reaches a header, but an echoed body may hold it.
        self.secrets = secrets + ((prepared.credentials.map { [$0.password] } ?? []) + prepared.maskedValues).filter { $0.count >= 6 }
        self.secretVariables = secretVariables
    }

    /// Creates an exchange from its parts.
    public init(
        method: HTTPMethod, url: String, headers: HTTPHeaders = [], body: [BodySegment] = [], response: Response?,
        error: String? = nil, source: String? = nil, secrets: [String] = [], secretVariables: [String: String] = [:], time: Date = Date()
    ) {
        self.time = time
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.response = response
        self.error = error
        self.source = source
        self.secrets = secrets
        self.secretVariables = secretVariables
    }
}
