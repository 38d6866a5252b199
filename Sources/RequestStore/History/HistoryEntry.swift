import Foundation
import RequestKit

/// One exchange in the history: the request as sent, and the response or the error.
public struct HistoryEntry: Hashable, Sendable {
    /// A unique, time-ordered identifier, e.g. `mfx3k2p1-7q2c`.
    public var id: String
    /// When the request was sent.
    public var time: Date
    /// The method.
    public var method: HTTPMethod
    /// The final URL, query included, with variables resolved.
    public var url: String
    /// The response status, or nil when no response came.
    public var status: Int?
    /// The reason phrase.
    public var reason: String
    /// How long the whole exchange took, in milliseconds.
    public var durationMs: Double?
    /// The response body size in bytes.
    public var size: Int
    /// The request's headers and body.
    public var request: HistoryRequest
    /// The response's headers, timings and body, or nil when the request failed.
    public var response: HistoryResponse?
    /// What went wrong when there is no response.
    public var error: String?
    /// The saved request this was sent from, as `collection/Folder/Name`, if any.
    public var source: String?

    /// Creates an entry.
    public init(
        id: String = HistoryEntry.makeID(), time: Date = Date(), method: HTTPMethod, url: String, status: Int? = nil, reason: String = "",
        durationMs: Double? = nil, size: Int = 0, request: HistoryRequest = HistoryRequest(), response: HistoryResponse? = nil,
        error: String? = nil, source: String? = nil
    ) {
        self.id = id
        self.time = time
        self.method = method
        self.url = url
        self.status = status
        self.reason = reason
        self.durationMs = durationMs
        self.size = size
        self.request = request
        self.response = response
        self.error = error
        self.source = source
    }

    /// A new identifier: milliseconds since 1970 in base 36, a dash, and four random base-36 digits.
    public static func makeID(now: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        let random = String(UInt32.random(in: 0..<1_679_616), radix: 36)
        return String(milliseconds, radix: 36) + "-" + String(repeating: "0", count: 4 - random.count) + random
    }

    /// Whether `id` has the shape of an entry id: 1 to 64 lowercase letters, digits and dashes.
    public static func isWellFormedID(_ id: String) -> Bool {
        (1...64).contains(id.utf8.count) && id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
    }
}

/// The request side of a history entry.
public struct HistoryRequest: Hashable, Sendable, Codable {
    /// Headers as sent (redacted when redaction is on).
    public var headers: HTTPHeaders
    /// The body as text, up to the inline limit; nil when there was none or it was not text.
    public var body: String?
    /// The body size in bytes.
    public var bodySize: Int
    /// Why the body is missing or cut, e.g. "file /tmp/x.bin (1.2 MB)".
    public var bodyNote: String?
    /// The request as written, for sending it again: each masked value that came from a variable is written
    /// `{{name}}`; nil when nothing from a variable was masked (and in entries written before it existed).
    public var template: HistoryTemplate?
    /// The collection file the request was sent from, as an absolute path; nil when it was typed.
    public var collection: String?
    /// The environment its variables were resolved with, by name; nil when none was chosen.
    public var environment: String?

    /// Creates the request side.
    public init(
        headers: HTTPHeaders = [], body: String? = nil, bodySize: Int = 0, bodyNote: String? = nil, template: HistoryTemplate? = nil,
        collection: String? = nil, environment: String? = nil
    ) {
        self.headers = headers
        self.body = body
        self.bodySize = bodySize
        self.bodyNote = bodyNote
        self.template = template
        self.collection = collection
        self.environment = environment
    }
}

/// A stored request with its secrets written as the variables they came from (`Bearer {{token}}`), and
/// literal secrets as `[redacted]`; a basic credential is kept decoded (`Basic alice:{{password}}`).
public struct HistoryTemplate: Hashable, Sendable, Codable {
    /// The URL.
    public var url: String
    /// The headers.
    public var headers: HTTPHeaders
    /// The text body, when the entry keeps one.
    public var body: String?

    /// Creates a template.
    public init(url: String, headers: HTTPHeaders = [], body: String? = nil) {
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The response side of a history entry.
public struct HistoryResponse: Hashable, Sendable, Codable {
    /// The protocol version, e.g. "HTTP/2".
    public var httpVersion: String
    /// Headers as received (redacted when redaction is on).
    public var headers: HTTPHeaders
    /// How long each phase took.
    public var timings: Timings
    /// The body inline: UTF-8 text, or base64 when `bodyEncoding` is "base64"; nil when kept in a side file or dropped.
    public var body: String?
    /// "base64" when the inline body is not text.
    public var bodyEncoding: String?
    /// The side file holding a large body, relative to the history-bodies folder.
    public var bodyFile: String?
    /// Why the body is missing or only partly kept.
    public var bodyNote: String?
    /// True when the stream was stopped by the user (Ctrl+C, Esc) before the server ended it.
    public var stoppedEarly: Bool?
    /// The Server-Sent Events of a `text/event-stream` body, in order, with their arrival times; nil for other bodies.
    public var events: [HistoryEvent]?
    /// Why some events are missing, when there were more than the history keeps.
    public var eventsNote: String?

    /// Creates the response side.
    public init(
        httpVersion: String = "HTTP/1.1", headers: HTTPHeaders = [], timings: Timings = Timings(), body: String? = nil,
        bodyEncoding: String? = nil, bodyFile: String? = nil, bodyNote: String? = nil, stoppedEarly: Bool? = nil,
        events: [HistoryEvent]? = nil, eventsNote: String? = nil
    ) {
        self.httpVersion = httpVersion
        self.headers = headers
        self.timings = timings
        self.body = body
        self.bodyEncoding = bodyEncoding
        self.bodyFile = bodyFile
        self.bodyNote = bodyNote
        self.stoppedEarly = stoppedEarly
        self.events = events
        self.eventsNote = eventsNote
    }
}

extension HistoryEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, time, method, url, status, reason, durationMs, size, source, error, request, response
    }

    /// Decodes an entry; `time` is milliseconds since 1970.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        time = Date(timeIntervalSince1970: Double(try container.decode(Int64.self, forKey: .time)) / 1000)
        method = try container.decode(HTTPMethod.self, forKey: .method)
        url = try container.decode(String.self, forKey: .url)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
        durationMs = try container.decodeIfPresent(Double.self, forKey: .durationMs)
        size = try container.decodeIfPresent(Int.self, forKey: .size) ?? 0
        source = try container.decodeIfPresent(String.self, forKey: .source)
        error = try container.decodeIfPresent(String.self, forKey: .error)
        request = try container.decodeIfPresent(HistoryRequest.self, forKey: .request) ?? HistoryRequest()
        response = try container.decodeIfPresent(HistoryResponse.self, forKey: .response)
    }

    /// Encodes the summary first (id, time, method, url, status, reason, durationMs, size, source, error), then request and response.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(Int64((time.timeIntervalSince1970 * 1000).rounded()), forKey: .time)
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(status, forKey: .status)
        if !reason.isEmpty { try container.encode(reason, forKey: .reason) }
        try container.encodeIfPresent(durationMs, forKey: .durationMs)
        try container.encode(size, forKey: .size)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encode(request, forKey: .request)
        try container.encodeIfPresent(response, forKey: .response)
    }
}
