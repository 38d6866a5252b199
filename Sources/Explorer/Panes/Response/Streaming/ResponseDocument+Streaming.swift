import RequestKit

extension ResponseDocument {
    /// A document for a response whose head has come and whose body is still arriving (or a stored stream).
    ///
    /// Building it touches only the segments of the body, never its bytes, so it is cheap to do on each batch.
    public static func streaming(statusCode: Int, reason: String, httpVersion: String, headers: [HTTPHeader], effectiveURL: String = "",
                                 timings: Timings = Timings(), remoteAddress: String? = nil, redirectCount: Int = 0,
                                 body: StreamedBody) -> ResponseDocument {
        let contentType = headers.first { $0.name.lowercased() == "content-type" }?.value ?? ""
        let statusLine = "\(httpVersion) \(statusCode)\(reason.isEmpty ? "" : " " + reason)"
        let notice = droppedNotice(body)
        let rawBody = PaneText(body.receivedParts())
        let bodyParts = (body.showsFormattedJSON ? [] : notice) + body.bodyParts()
        return ResponseDocument(
            statusCode: statusCode, reason: reason, httpVersion: httpVersion, headers: headers, effectiveURL: effectiveURL,
            timings: timings, remoteAddress: remoteAddress, redirectCount: redirectCount, contentType: contentType,
            bodyKind: streamingKind(body), storedBody: [], stream: body, bodyPath: nil, temporaryBody: nil,
            bodyText: PaneText(bodyParts),
            headersText: PaneText([headerTable(headers)]),
            rawText: PaneText(rawParts(statusLine: statusLine, headers: headers, bodyLines: nil,
                                       bodyNotice: notice + rawBody.parts))
        )
    }

    /// A whole response of a streaming type (events or JSON lines), as read back from history or received at once:
    /// the events are parsed from the body; when each came is not known.
    /// `events`, when given (the history keeps them with their times), are used instead of parsing the body again.
    static func stored(_ response: Response, body: [UInt8], kind: StreamKind, events given: [StreamedEvent]? = nil) -> ResponseDocument {
        var stream = StreamedBody(kind: kind)
        var events = given ?? []
        if kind == .serverSentEvents, given == nil {
            var parser = ServerSentEventParser()
            events = parser.feed(body).map { StreamedEvent(offset: nil, name: $0.event, id: $0.id, data: $0.data) }
        }
        _ = stream.append(body, events: events, eventTotal: events.count, skipped: response.droppedBodyBytes)
        _ = stream.finish(stopped: response.stoppedEarly)
        return .streaming(statusCode: response.statusCode, reason: response.reason, httpVersion: response.httpVersion,
                          headers: response.headers.all, effectiveURL: response.effectiveURL, timings: response.timings,
                          remoteAddress: response.remoteAddress, redirectCount: response.redirectCount, body: stream)
    }

    /// The same response with its streamed body grown (or finished) to `body`.
    func replacingStream(_ body: StreamedBody, timings: Timings? = nil) -> ResponseDocument {
        .streaming(statusCode: statusCode, reason: reason, httpVersion: httpVersion, headers: headers, effectiveURL: effectiveURL,
                   timings: timings ?? self.timings, remoteAddress: remoteAddress, redirectCount: redirectCount, body: body)
    }

    /// How a body still arriving is shown: empty, pretty JSON while it is being formatted, invalid JSON, or text.
    private static func streamingKind(_ body: StreamedBody) -> ResponseBodyKind {
        if body.totalBytes == 0 { return .empty }
        if case .invalid(let message) = body.json?.state, body.json?.declared == true { return .invalidJSON(message) }
        return body.showsFormattedJSON ? .json : .text
    }

    /// A one-line notice above a body whose start no longer fits the viewer's window.
    private static func droppedNotice(_ body: StreamedBody) -> [PanePart] {
        guard body.droppedBytes > 0 else { return [] }
        let text = "… \(ResponseFormatting.size(body.droppedBytes)) before this line are no longer kept (the viewer keeps the last \(StreamedBody.textLimit >> 20) MiB)."
        return [.text([text], coloring: .notice(.muted))]
    }
}
