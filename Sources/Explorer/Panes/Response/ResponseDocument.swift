import BodyIndex
import Foundation
import RequestKit

/// A response made ready to view: the body classified and formatted, every tab's lines indexed.
///
/// Building one reads the whole body (pretty-printing JSON, indexing lines), so for big bodies
/// build it off the UI thread: `ResponseDocument.make(from:)` is a pure function to run in a
/// `Command.perform`. Drawing afterwards touches only the visible lines.
public struct ResponseDocument: Equatable, Sendable {
    /// The status code, e.g. 200.
    public let statusCode: Int
    /// The reason phrase, e.g. "OK".
    public let reason: String
    /// The protocol version, e.g. "HTTP/2".
    public let httpVersion: String
    /// The header fields, in the order received, duplicates kept.
    public let headers: [HTTPHeader]
    /// The final URL, after redirects.
    public let effectiveURL: String
    /// How long each phase took.
    public let timings: Timings
    /// The server's address and port, when known.
    public let remoteAddress: String?
    /// How many redirects were followed.
    public let redirectCount: Int
    /// The `Content-Type` header, or "" when there is none.
    public let contentType: String
    /// How the body is shown.
    public internal(set) var bodyKind: ResponseBodyKind
    /// The body bytes as received (decoded from any Content-Encoding); for a stream, the part its window keeps.
    public var body: BodyBytes { stream?.keptBytes ?? storedBody }
    /// The body bytes of a response that arrived whole: the response's own, or the mapping of its file, never a copy.
    let storedBody: BodyBytes
    /// The body as it arrives, for a response shown while streaming (and a stored stream of events), else nil.
    public let stream: StreamedBody?
    /// Where the transport wrote the body, when the request sent it to a file or the body outgrew memory.
    public let bodyPath: String?
    /// The temporary file of a body too large for memory, kept while this document is shown.
    public let temporaryBody: TemporaryBodyFile?

    /// The Body tab's lines.
    var bodyText: PaneText
    /// The Headers tab's lines.
    let headersText: PaneText
    /// The Raw tab's lines.
    let rawText: PaneText
    /// The indexing of a JSON body still under way, nil once every line is indexed (see `continued(lines:)`).
    var bodyIndexer: JSONLineIndexer? = nil

    /// Whether this document came from `continued(lines:)`: more lines of a document already shown, not a new one.
    public internal(set) var continuesIndexing = false

    /// Whether this is the whole response of a JSON body shown pretty-printed while it arrived, its first lines those
    /// already shown (see `make(from:streamed:firstLines:)`), so the viewer keeps its place.
    public internal(set) var continuesStream = false

    /// Whether the JSON body's line index is the one built while the body arrived, taken over with nothing indexed again.
    public internal(set) var keepsArrivedIndex = false

    /// Whether the body's lines are still being indexed: the Body tab shows the first lines and more follow.
    public var isIndexing: Bool { bodyIndexer != nil }

    /// How many lines of a JSON body `make(from:firstLines:)` indexes at first: more than any screen shows.
    public static let firstScreenLines = 512

    /// The number of body bytes (for a stream, every byte that arrived).
    public var bodySize: Int64 { stream?.totalBytes ?? Int64(storedBody.count) }

    /// Builds the viewable form of `response`; may take a while for big bodies, so run it off the UI thread.
    /// `events` are the Server-Sent Events stored with the response (with their times), when it was a stream of them.
    ///
    /// With `firstLines`, only about that many lines of a JSON body are indexed, so the document is ready at once
    /// whatever the body's size; `isIndexing` then says more lines follow, and `continued(lines:)` indexes them.
    public static func make(from response: Response, events: [StreamedEvent]? = nil, firstLines: Int = .max) -> ResponseDocument {
        // A body that went to a file (past the transport's memory part or the app's `largeBodyThreshold`) is
        // read from the file mapped, so it is not held twice while the viewer takes it in.
        let spilled = response.body.isEmpty ? response.temporaryBody.flatMap { try? MappedFile.data(atPath: $0.path) } : nil
        let body = BodyBytes(spilled ?? response.body)
        let contentType = response.headers.value(for: "Content-Type") ?? ""
        let streamKind = StreamKind(contentType: contentType)
        if streamKind.isStreamType, !body.isEmpty, !BodyClassification.looksBinary(body) {
            return stored(response, body: body.array, kind: streamKind, events: events)
        }
        var (kind, bodyPart, rawLines, indexer) = bodyParts(body: body, contentType: contentType, bodyPath: spilled == nil ? response.bodyPath : nil,
                                                            temporary: spilled == nil && response.temporaryBody != nil, firstLines: firstLines)
        if response.droppedBodyBytes > 0 {
            let total = ResponseFormatting.size(Int64(body.count) + response.droppedBodyBytes)
            bodyPart.insert(.text(["Only the first \(ResponseFormatting.size(Int64(body.count))) of this \(total) body were kept (the response size limit, `maxFileSize` in settings.json)."],
                                  coloring: .notice(.warning)), at: 0)
        }
        let headers = response.headers.all
        let statusLine = "\(response.httpVersion) \(response.statusCode)\(response.reason.isEmpty ? "" : " " + response.reason)"
        return ResponseDocument(
            statusCode: response.statusCode,
            reason: response.reason,
            httpVersion: response.httpVersion,
            headers: headers,
            effectiveURL: response.effectiveURL,
            timings: response.timings,
            remoteAddress: response.remoteAddress,
            redirectCount: response.redirectCount,
            contentType: contentType,
            bodyKind: kind,
            storedBody: body,
            stream: nil,
            bodyPath: spilled == nil ? response.bodyPath : nil,
            temporaryBody: response.temporaryBody,
            bodyText: PaneText(bodyPart),
            headersText: PaneText([headerTable(headers)]),
            rawText: PaneText(rawParts(statusLine: statusLine, headers: headers, bodyLines: rawLines, bodyNotice: bodyPart)),
            bodyIndexer: indexer
        )
    }

    /// This document with about `lines` more lines of its JSON body indexed, or all of them when the body ends there.
    ///
    /// A syntax error found further on shows the body as text instead, as `make(from:)` would have.
    public func continued(lines: Int) -> ResponseDocument {
        guard var indexer = bodyIndexer else { return self }
        var next = self
        next.continuesIndexing = true
        do {
            let complete = try indexer.advance(lines: lines, threads: OrderedJSON.parallelParsingThreads)
            next.bodyText = PaneText(bodyText.parts.dropLast() + [PanePart(json: indexer.index)])
            next.bodyIndexer = complete ? nil : indexer
        } catch {
            let asReceived = rawText.parts.last.map { [$0] } ?? []
            let (kind, parts) = Self.invalidJSONParts(error, declaredJSON: BodyClassification.isJSONType(contentType), asReceived: asReceived, body: body)
            next.bodyKind = kind
            next.bodyText = PaneText(bodyText.parts.dropLast() + parts)
            next.bodyIndexer = nil
        }
        return next
    }

    /// The number of lines the viewer shows a JSON body in (pretty-printed, long lines cut), or nil when it is not valid JSON.
    ///
    /// It builds the whole line index the Body tab uses, on the body's own bytes and as many threads (unless told
    /// otherwise), so it also measures how fast that is.
    public static func prettyLineCount(ofJSON body: BodyBytes, threads: Int = OrderedJSON.parallelParsingThreads) -> Int? {
        try? JSONLineIndexer.index(body, threads: threads).get().lineCount
    }

    /// Whether the line index of `body` built on `threads` threads, with runs of at least `minimumRun` bytes, is exactly
    /// the one built on one thread, or the error the same (the property the fuzzer checks).
    public static func indexesAlikeOnThreads(_ body: BodyBytes, threads: Int, minimumRun: Int) -> Bool {
        JSONLineIndexer.index(body, threads: 1) == JSONLineIndexer.index(body, threads: threads, minimumRun: minimumRun)
    }

    /// The Body tab of a body that is not valid JSON: the error above the text when it was declared JSON, else the text.
    /// A body of JSON Lines is text with a note saying so, not an error.
    private static func invalidJSONParts(_ error: JSONSyntaxError, declaredJSON: Bool, asReceived: [PanePart], body: BodyBytes) -> (ResponseBodyKind, [PanePart]) {
        guard declaredJSON else { return (.text, asReceived) }
        if let count = JSONLines.valueCount(in: body) {
            return (.text, [.text(["JSON Lines: \(count) values, one per line."], coloring: .notice(.muted))] + asReceived)
        }
        let message = "Not valid JSON (\(error.description)); shown as text."
        return (.invalidJSON(error.description), [.text([message], coloring: .notice(.warning))] + asReceived)
    }

    /// Classifies the body and builds the Body tab's parts, with the body's own lines when it is text.
    private static func bodyParts(body: BodyBytes, contentType: String, bodyPath: String?, temporary: Bool,
                                  firstLines: Int) -> (ResponseBodyKind, [PanePart], TextLines?, JSONLineIndexer?) {
        if body.isEmpty {
            var note = bodyPath.map { "The body was saved to \($0)." } ?? "(empty body)"
            if temporary, let bodyPath {
                note = "The body went to \(bodyPath), which could not be read back; check that the file is still there."
            }
            return (.empty, [.text([note], coloring: .notice(.muted))], nil, nil)
        }
        if BodyClassification.showsAsBinary(body, contentType: contentType) {
            let type = contentType.isEmpty ? "unknown type" : BodyClassification.essence(contentType)
            return (.binary, [.text([
                "Binary body: \(ResponseFormatting.size(Int64(body.count))) of \(type).",
                "The Body tab shows it as hex; press s to save it to a file.",
            ], coloring: .notice(.muted))], nil, nil)
        }
        let asReceived = TextLines(body)
        let declaredJSON = BodyClassification.isJSONType(contentType)
        if declaredJSON || BodyClassification.startsLikeJSON(body) {
            var indexer = JSONLineIndexer(body)
            do {
                let complete = try indexer.advance(lines: firstLines, threads: OrderedJSON.parallelParsingThreads)
                return (.json, [PanePart(json: indexer.index)], asReceived, complete ? nil : indexer)
            } catch where declaredJSON {
                let (kind, parts) = invalidJSONParts(error, declaredJSON: declaredJSON, asReceived: [PanePart(lines: asReceived, coloring: .plain)], body: body)
                return (kind, parts, asReceived, nil)
            } catch {
                // Not declared JSON and not JSON after all: shown as markup or text below.
            }
        }
        if let form = MarkupBodyLayout.form(contentType: contentType, body: body) {
            return (.text, MarkupBodyLayout.parts(body, form: form, asReceived: asReceived), asReceived, nil)
        }
        return (.text, [PanePart(lines: asReceived, coloring: .plain)], asReceived, nil)
    }

    /// The Headers tab: one `Name: value` line per field, values aligned.
    static func headerTable(_ headers: [HTTPHeader]) -> PanePart {
        guard !headers.isEmpty else { return .text(["(no headers)"], coloring: .notice(.muted)) }
        let nameWidth = min(40, headers.map { $0.name.utf8.count }.max() ?? 0)
        let lines = headers.map { header -> String in
            let padding = max(1, nameWidth - header.name.utf8.count + 1)
            return header.name + ":" + String(repeating: " ", count: padding) + header.value
        }
        return .text(lines, coloring: .header)
    }

    /// The Raw tab: status line, headers, a blank line and the body as received.
    static func rawParts(statusLine: String, headers: [HTTPHeader], bodyLines: TextLines?, bodyNotice: [PanePart]) -> [PanePart] {
        var parts: [PanePart] = [.text([statusLine], coloring: .emphasis)]
        if !headers.isEmpty {
            parts.append(.text(headers.map { "\($0.name): \($0.value)" }, coloring: .header))
        }
        parts.append(.text([""]))
        if let bodyLines {
            parts.append(PanePart(lines: bodyLines, coloring: .plain))
        } else {
            parts.append(contentsOf: bodyNotice)
        }
        return parts
    }
}
