import Foundation

/// A request reduced to what goes on the wire: final URL, every header, and the body as segments.
public struct PreparedRequest: Hashable, Sendable {
    /// The method on the request line.
    public var method: HTTPMethod
    /// The final, percent-encoded URL with the whole query.
    public var url: String
    /// Every header to send, Content-Type and Authorization included.
    public var headers: HTTPHeaders
    /// The body, as bytes in memory and files read from disk at send time.
    public var body: [BodySegment]
    /// Things the user should know that do not stop the request (e.g. files on a GET).
    public var warnings: [String]
    /// The user and password libcurl uses in an authentication scheme of its own; nil for none.
    public var credentials: SchemeCredentials?
    /// Secret values that travel in ordinary headers, the query or cookies, masked wherever the exchange is shown or kept.
    public var maskedValues: [String] = []

    /// Creates a prepared request.
    public init(method: HTTPMethod, url: String, headers: HTTPHeaders = [], body: [BodySegment] = [], warnings: [String] = [],
                credentials: SchemeCredentials? = nil) {
        self.credentials = credentials
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.warnings = warnings
    }
}

/// One piece of a body: bytes held in memory, or a whole file streamed from disk.
public enum BodySegment: Hashable, Sendable {
    /// Bytes sent as they are.
    case bytes(Data)
    /// The contents of a file, read in chunks while sending.
    case file(path: String)
}
