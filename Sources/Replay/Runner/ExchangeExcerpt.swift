import Foundation
import RequestKit
import RequestStore

/// What a report shows of one exchange: both heads, the timings and the start of each body, with every
/// secret masked as the history masks it (secret values, and credentials in `Authorization`, `Cookie` and
/// `Set-Cookie` wherever else they appear). Its size is bounded whatever the bodies' size.
public struct ExchangeExcerpt: Hashable, Sendable {
    /// When the attempt started.
    public var startedAt: Date
    /// The method sent.
    public var method: String
    /// The URL as sent, secrets masked.
    public var url: String
    /// The request's header fields as sent, sensitive ones `[redacted]`.
    public var requestHeaders: HTTPHeaders
    /// The start of the request body.
    public var requestBody: BodyExcerpt
    /// The response, when one came.
    public var response: ResponseExcerpt?

    /// How many bytes of each body a report keeps by default.
    public static let defaultBodyBytes = 4096
    /// The largest number of body bytes an excerpt may keep.
    public static let bodyBytesRange = 0...1_048_576
}

/// The response part of an excerpt.
public struct ResponseExcerpt: Hashable, Sendable {
    /// "HTTP/1.1", "HTTP/2".
    public var httpVersion: String
    /// The status code.
    public var statusCode: Int
    /// The reason phrase.
    public var reason: String
    /// The header fields, sensitive ones `[redacted]`.
    public var headers: HTTPHeaders
    /// The start of the body.
    public var body: BodyExcerpt
    /// Where the time went.
    public var timings: Timings
    /// The URL of the last response after redirects, secrets masked.
    public var effectiveURL: String
    /// How many redirects were followed.
    public var redirectCount: Int
}

/// The start of a body as text, or why none is shown.
public struct BodyExcerpt: Hashable, Sendable {
    /// The first bytes as text, secrets masked; nil when the body is empty, binary or was not kept.
    public var text: String?
    /// The whole body's size in bytes.
    public var size: Int64
    /// Whether `text` stops before the end of the body.
    public var isCut: Bool
    /// Why no text is shown, or what else the body holds ("binary", "written to FILE", a file part).
    public var note: String?

    /// Creates an excerpt.
    public init(text: String?, size: Int64, isCut: Bool = false, note: String? = nil) {
        self.text = text
        self.size = size
        self.isCut = isCut
        self.note = note
    }

    /// An empty body.
    public static let empty = BodyExcerpt(text: nil, size: 0)
}

extension ExchangeExcerpt {
    /// The excerpt of an attempt: `secrets` are the values masked in the run's other outputs; the credentials
    /// the heads carry are masked too.
    static func make(
        prepared: PreparedRequest, response: Response?, startedAt: Date, secrets: [String], url: String, bodyBytes: Int
    ) -> ExchangeExcerpt {
        let credentials = Redaction.credentials(of: prepared) + Redaction.credentials(in: response?.headers ?? [])
        let redaction = Redaction(secrets: secrets + credentials)
        let limit = min(max(bodyBytes, 0), bodyBytesRange.upperBound)
        var excerpt = ExchangeExcerpt(
            startedAt: startedAt, method: prepared.method.rawValue, url: url, requestHeaders: redaction.headers(prepared.headers),
            requestBody: requestBody(prepared.body, redaction: redaction, limit: limit))
        if let response {
            let body: BodyExcerpt
            if let path = response.bodyPath {
                body = BodyExcerpt(text: nil, size: response.bytesReceived, note: "written to \(redaction.text(path))")
            } else if response.temporaryBody != nil {
                body = BodyExcerpt(text: nil, size: response.bytesReceived, note: "larger than curlew keeps in memory; not kept")
            } else {
                body = Self.text(of: response.body, size: Int64(response.body.count) + response.droppedBodyBytes, redaction: redaction, limit: limit)
            }
            excerpt.response = ResponseExcerpt(
                httpVersion: response.httpVersion, statusCode: response.statusCode, reason: redaction.text(response.reason),
                headers: redaction.headers(response.headers), body: body, timings: response.timings,
                effectiveURL: redaction.text(response.effectiveURL), redirectCount: response.redirectCount)
        }
        return excerpt
    }

    /// The request body's excerpt: its byte segments as text, each file segment named with its size.
    private static func requestBody(_ segments: [BodySegment], redaction: Redaction, limit: Int) -> BodyExcerpt {
        var bytes = Data()
        var size: Int64 = 0
        var files: [String] = []
        let window = limit + (redaction.secrets.first?.utf8.count ?? 0)
        for segment in segments {
            switch segment {
            case .bytes(let data):
                size += Int64(data.count)
                if bytes.count < window { bytes.append(data.prefix(window - bytes.count)) }
            case .file(let path):
                let fileSize = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int64) ?? 0
                size += fileSize
                files.append("file \((path as NSString).lastPathComponent) (\(fileSize) bytes)")
            }
        }
        var excerpt = text(of: bytes, size: size, redaction: redaction, limit: limit)
        if !files.isEmpty {
            excerpt.note = ([excerpt.note].compactMap { $0 } + ["streamed from " + files.joined(separator: ", ")]).joined(separator: "; ")
            excerpt.isCut = true
        }
        return excerpt
    }

    /// The first `limit` bytes of a body as masked text, or a note saying it is binary.
    static func text(of body: Data, size: Int64, redaction: Redaction, limit: Int) -> BodyExcerpt {
        guard !body.isEmpty else { return BodyExcerpt(text: nil, size: size) }
        // A secret that starts before the cut is masked whole: the text is masked over a window past the cut.
        let window = limit + (redaction.secrets.first?.utf8.count ?? 0)
        var head = Array(body.prefix(window))
        let cutInWindow = head.count < body.count
        var decoded = String(validating: head, as: UTF8.self)
        var dropped = 0
        while decoded == nil, cutInWindow, dropped < 3, !head.isEmpty {
            head.removeLast()
            dropped += 1
            decoded = String(validating: head, as: UTF8.self)
        }
        guard let decoded else { return BodyExcerpt(text: nil, size: size, note: "binary, \(size) bytes") }
        let masked = redaction.text(decoded)
        var shown = ""
        var count = 0
        for scalar in masked.unicodeScalars {
            let width = UTF8.width(scalar)
            if count + width > limit { break }
            shown.unicodeScalars.append(scalar)
            count += width
        }
        let isCut = shown.unicodeScalars.count < masked.unicodeScalars.count || Int64(head.count + dropped) < size
        return BodyExcerpt(text: shown, size: size, isCut: isCut)
    }
}
