/// The status line and header fields of a response, known before its body.
public struct ResponseHead: Hashable, Sendable {
    /// The status code, e.g. 200.
    public var statusCode: Int
    /// The reason phrase, e.g. "OK" (HTTP/2 has none, so a standard one is filled in).
    public var reason: String
    /// The protocol version, e.g. "HTTP/1.1" or "HTTP/2".
    public var httpVersion: String
    /// Header fields of the final response, in order.
    public var headers: HTTPHeaders

    /// Creates a head.
    public init(statusCode: Int, reason: String = "", httpVersion: String = "HTTP/1.1", headers: HTTPHeaders = []) {
        self.statusCode = statusCode
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
    }
}
