import Foundation
import RequestKit

extension ResponseDocument {
    /// The document of a whole response, going on from `streamed`, the document shown while its body arrived.
    ///
    /// When the JSON body was pretty-printed as it arrived and every byte reached the viewer, its line index is
    /// already whole and is used as it is: nothing is indexed again. When bytes were skipped on the way, the body
    /// is indexed again from its start (the index so far has gaps), at least as far as the lines already shown.
    /// Either way the document says `continuesStream`, so the viewer keeps its scroll position and cursor: the
    /// lines shown while the body arrived are the first lines of the whole one. Any other body is made as usual.
    public static func make(from response: Response, streamed: ResponseDocument?, firstLines: Int) -> ResponseDocument {
        guard let stream = streamed?.stream, var json = stream.json, stream.showsFormattedJSON, !response.stoppedEarly,
              response.droppedBodyBytes == 0 else {
            return make(from: response, firstLines: firstLines)
        }
        // The last token (and the line it ends) is read once it is known that no more bytes follow.
        json.finish(stopped: false)
        if json.coversWholeBody, Self.holds(response, exactly: json.bytes) {
            return whole(response, index: json.index)
        }
        let shownLines = json.index.lineCount
        var document = make(from: response, firstLines: max(firstLines, shownLines + ResponseDocument.firstScreenLines))
        if case .json = document.bodyKind, Self.startsWith(response, json.bytes) { document.continuesStream = true }
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

    /// Whether the response's body is `bytes` (for a body in a temporary file, one of the same size: the viewer saw
    /// every byte the transport wrote there).
    private static func holds(_ response: Response, exactly bytes: [UInt8]) -> Bool {
        if response.body.isEmpty, let file = response.temporaryBody {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            return size == bytes.count
        }
        return response.body.count == bytes.count && startsWith(response, bytes)
    }

    /// Whether the response's body starts with `bytes` (a body in a temporary file is read back by `make` and not compared).
    private static func startsWith(_ response: Response, _ bytes: [UInt8]) -> Bool {
        if response.body.isEmpty, response.temporaryBody != nil { return true }
        guard response.body.count >= bytes.count else { return false }
        guard !bytes.isEmpty else { return true }
        return response.body.withUnsafeBytes { body in
            bytes.withUnsafeBytes { arrived in
                guard let left = body.baseAddress, let right = arrived.baseAddress else { return false }
                return memcmp(left, right, arrived.count) == 0
            }
        }
    }
}
