import BodyIndex
import Foundation
import RequestKit

extension ResponseDocument {
    /// The document of a whole response, going on from `streamed`, the document shown while its body arrived.
    ///
    /// When the JSON body was pretty-printed as it arrived and every byte that reached the viewer is the start of
    /// the response's body, the index built on the way is taken over: the bytes that had not reached the screen
    /// (the app hands over no last batch of such a body) are appended, the last lines indexed, and nothing before
    /// them is indexed again. When bytes were skipped on the way, the body is indexed again from its start (the
    /// index so far has gaps), at least as far as the lines already shown. Either way the document says
    /// `continuesStream`, so the viewer keeps its scroll position and cursor: the lines shown while the body
    /// arrived are the first lines of the whole one. Any other body is made as usual.
    public static func make(from response: Response, streamed: ResponseDocument?, firstLines: Int) -> ResponseDocument {
        guard let stream = streamed?.stream, var json = stream.json, stream.showsFormattedJSON, !response.stoppedEarly,
              response.droppedBodyBytes == 0 else {
            return make(from: response, firstLines: firstLines)
        }
        let body = response.body.isEmpty ? response.temporaryBody.flatMap { try? MappedFile.data(atPath: $0.path) } : response.body
        let arrived = json.bytes
        guard let body, Self.starts(body, with: arrived) else { return make(from: response, firstLines: firstLines) }
        if json.state == .formatting {
            json.append([UInt8](body[(body.startIndex + arrived.count)...]), skipped: 0, lines: 0)
            // The hand-over runs off the UI thread: the rest is indexed whole, on every processor.
            json.finish(stopped: false, lines: .max, threads: OrderedJSON.parallelParsingThreads)
            if json.coversWholeBody { return whole(response, index: json.index) }
        }
        var document = make(from: response, firstLines: max(firstLines, json.index.lineCount + ResponseDocument.firstScreenLines))
        if case .json = document.bodyKind { document.continuesStream = true }
        return document
    }

    /// The document of `response`, whose JSON body `index` covers whole.
    private static func whole(_ response: Response, index: JSONLineIndex) -> ResponseDocument {
        let headers = response.headers.all
        let statusLine = "\(response.httpVersion) \(response.statusCode)\(response.reason.isEmpty ? "" : " " + response.reason)"
        let rawLines = TextLines(index.bytes)
        var document = ResponseDocument(
            statusCode: response.statusCode, reason: response.reason, httpVersion: response.httpVersion, headers: headers,
            effectiveURL: response.effectiveURL, timings: response.timings, remoteAddress: response.remoteAddress,
            redirectCount: response.redirectCount, contentType: response.headers.value(for: "Content-Type") ?? "",
            bodyKind: .json, storedBody: index.bytes, stream: nil,
            bodyPath: response.temporaryBody == nil ? response.bodyPath : nil, temporaryBody: response.temporaryBody,
            bodyText: PaneText([PanePart(json: index)]),
            headersText: PaneText([headerTable(headers)]),
            rawText: PaneText(rawParts(statusLine: statusLine, headers: headers, bodyLines: rawLines, bodyNotice: []))
        )
        document.continuesStream = true
        document.keepsArrivedIndex = true
        return document
    }

    /// Whether `body` starts with `bytes`.
    private static func starts(_ body: Data, with bytes: BodyBytes) -> Bool {
        guard body.count >= bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return body.withUnsafeBytes { whole in
            bytes.data.withUnsafeBytes { arrived in
                guard let left = whole.baseAddress, let right = arrived.baseAddress else { return false }
                return memcmp(left, right, arrived.count) == 0
            }
        }
    }
}
