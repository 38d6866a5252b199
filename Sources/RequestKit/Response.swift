import Foundation

/// How long each phase of a transfer took, in seconds; each is the phase alone, not cumulative.
public struct Timings: Hashable, Sendable, Codable {
    /// Name resolution.
    public var dns: Double
    /// TCP connect.
    public var connect: Double
    /// TLS handshake (zero for cleartext).
    public var tls: Double
    /// From the request being sent to the first response byte.
    public var firstByte: Double
    /// From the first response byte to the last.
    public var download: Double
    /// The whole transfer, redirects included.
    public var total: Double

    /// Creates timings.
    public init(dns: Double = 0, connect: Double = 0, tls: Double = 0, firstByte: Double = 0, download: Double = 0, total: Double = 0) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.download = download
        self.total = total
    }
}

/// A response as received, whatever its status.
public struct Response: Hashable, Sendable {
    /// The status code, e.g. 200.
    public var statusCode: Int
    /// The reason phrase, e.g. "OK" (HTTP/2 has none, so a standard one is filled in).
    public var reason: String
    /// The protocol version, e.g. "HTTP/1.1" or "HTTP/2".
    public var httpVersion: String
    /// Header fields of the final response, in order.
    public var headers: HTTPHeaders
    /// The body, decoded from any Content-Encoding; empty when it went to `bodyPath`.
    public var body: Data
    /// Where the body was written: the request's output file, or a temporary file when the body
    /// outgrew memory (see `temporaryBody`).
    public var bodyPath: String?
    /// The temporary file holding a body too large for memory; it is removed when the last copy of
    /// this response goes away, so read `bodyPath` while holding the response.
    public var temporaryBody: TemporaryBodyFile?
    /// The URL of the final response, after redirects.
    public var effectiveURL: String
    /// How many redirects were followed.
    public var redirectCount: Int
    /// The redirects followed, in order: each one's status and the absolute URL it led to.
    public var redirects: [RedirectStep] = []
    /// The server's address and port, e.g. "127.0.0.1:8080".
    public var remoteAddress: String?
    /// How long each phase took.
    public var timings: Timings
    /// Bytes of request sent (headers and body).
    public var bytesSent: Int64
    /// Bytes of response received (headers and body as on the wire).
    public var bytesReceived: Int64
    /// Decoded body bytes that were streamed to an observer but not kept (see `StreamedBodyKeeping.first`).
    public var droppedBodyBytes: Int64
    /// Whether the caller ended the transfer (`ResponseStream.stop()`) before the server finished the body.
    public var stoppedEarly: Bool
    /// The body as it came off the wire, before its Content-Encoding was undone (Hurl's `rawbytes`).
    public var receivedBody: ReceivedBody = .sameAsBody
    /// Why the body's Content-Encoding could not be undone, when `RequestOptions.keepsUndecodableBody` kept it as it
    /// came (`receivedBody`); `body` then holds what decoded, if anything.
    public var contentDecodingFailure: String?
    /// The server's certificate, when `RequestOptions.recordsCertificate` asked for it and the exchange used TLS.
    public var certificate: ServerCertificate?

    /// Creates a response.
    public init(
        statusCode: Int,
        reason: String = "",
        httpVersion: String = "HTTP/1.1",
        headers: HTTPHeaders = [],
        body: Data = Data(),
        bodyPath: String? = nil,
        temporaryBody: TemporaryBodyFile? = nil,
        effectiveURL: String = "",
        redirectCount: Int = 0,
        remoteAddress: String? = nil,
        timings: Timings = Timings(),
        bytesSent: Int64 = 0,
        bytesReceived: Int64 = 0,
        droppedBodyBytes: Int64 = 0,
        stoppedEarly: Bool = false
    ) {
        self.statusCode = statusCode
        self.reason = reason
        self.httpVersion = httpVersion
        self.headers = headers
        self.body = body
        self.bodyPath = bodyPath
        self.temporaryBody = temporaryBody
        self.effectiveURL = effectiveURL
        self.redirectCount = redirectCount
        self.remoteAddress = remoteAddress
        self.timings = timings
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.droppedBodyBytes = droppedBodyBytes
        self.stoppedEarly = stoppedEarly
    }

    /// Whether the status is in 200–299.
    public var isSuccess: Bool { (200...299).contains(statusCode) }

    /// The body as UTF-8 text, with invalid bytes replaced.
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The status line and headers alone.
    public var head: ResponseHead {
        ResponseHead(statusCode: statusCode, reason: reason, httpVersion: httpVersion, headers: headers)
    }
}

/// The body of a response as it came off the wire.
public enum ReceivedBody: Hashable, Sendable {
    /// It had no Content-Encoding to undo, so it is the response's `body`.
    case sameAsBody
    /// The coded bytes as received.
    case bytes(Data)
    /// It was larger than `ResponseSizeLimit.memoryPart` and not kept; `bytes` came in all.
    case notKept(bytes: Int64)
}

/// How far a transfer has got; totals are zero while unknown.
public struct TransferProgress: Hashable, Sendable {
    /// Request body bytes sent so far.
    public var bytesSent: Int64
    /// Request body bytes to send, or zero when unknown.
    public var totalToSend: Int64
    /// Response body bytes received so far.
    public var bytesReceived: Int64
    /// Response body bytes expected, or zero when unknown.
    public var totalToReceive: Int64

    /// Creates a progress report.
    public init(bytesSent: Int64 = 0, totalToSend: Int64 = 0, bytesReceived: Int64 = 0, totalToReceive: Int64 = 0) {
        self.bytesSent = bytesSent
        self.totalToSend = totalToSend
        self.bytesReceived = bytesReceived
        self.totalToReceive = totalToReceive
    }
}

/// One redirect a transfer followed.
public struct RedirectStep: Hashable, Sendable {
    /// The redirect's status, e.g. 301 or 302.
    public var status: Int
    /// The absolute URL its `Location` led to.
    public var location: String

    /// Creates a step.
    public init(status: Int, location: String) {
        self.status = status
        self.location = location
    }
}
