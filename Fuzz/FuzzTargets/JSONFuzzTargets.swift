import BodyIndex
import Explorer
import Foundation
import RequestKit
import TUICore

/// The JSON scanner, parser, pretty printer and the viewer's line index.
enum JSONFuzzTargets {
    /// The JSON parsing corpus every JSON target starts from.
    static let corpus = ["Tests/Fixtures/JSONTestSuite/test_parsing"]

    /// The JSON targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("json-scanner", seeds: corpus) { data in
            data.withUnsafeBytes { raw in
                let input = raw.bindMemory(to: UInt8.self)
                var scanner = JSONScanner()
                while let token = try? scanner.next(in: input) {
                    _ = try? JSONScanner.string(of: token, in: input)
                    _ = JSONScanner.double(of: token, in: input)
                }
            }
            _ = try? OrderedJSON.parse(data)
            if let pretty = try? JSONPrettyPrinter(theme: .terminal).format(data) { _ = pretty.count }
        },
        FuzzTarget("json-line-index", seeds: corpus) { data in
            // The viewer's own token reader and line index, with the scanner it falls back to on an error.
            _ = ResponseDocument.prettyLineCount(ofJSON: BodyBytes(data))
        },
        FuzzTarget("json-parallel", seeds: corpus) { data throws(FuzzViolation) in
            // A text read on several threads (its top-level array, or an array member of its top-level object, cut)
            // must give the tree, or the error, of one thread.
            let single = Result { () throws(NetworkError) in try OrderedJSON.parse(data) }
            let split = Result { () throws(NetworkError) in try OrderedJSON.parse(data, threads: 3, minimumBytes: 0) }
            try FuzzViolation.require(single == split, "the parse on three threads differs from the parse on one")
        },
        FuzzTarget("json-index-parallel", seeds: corpus) { data throws(FuzzViolation) in
            // The line index built on several threads, its cuts guessed, must be the index, or the error, of one thread.
            let threads = 2 + Int(data.first ?? 0) % 3
            let minimumRun = 1 + Int(data.dropFirst().first ?? 0) % 32
            let body = BodyBytes(data.dropFirst(2))
            try FuzzViolation.require(ResponseDocument.indexesAlikeOnThreads(body, threads: threads, minimumRun: minimumRun),
                                      "the line index on \(threads) threads differs from the index on one")
        },
        FuzzTarget("json-arriving", seeds: corpus) { data in
            // A JSON body reaching the viewer in batches whose sizes the first byte picks, drawn after each, then handed over whole.
            let bytes = [UInt8](data.dropFirst())
            let step = max(1, Int(data.first ?? 7) % 64)
            let area = Rect(x: 0, y: 0, width: 60, height: 20)
            var viewer = ResponseViewerState()
            viewer.setViewport(for: area)
            let headers = [HTTPHeader(name: "Content-Type", value: "application/json")]
            viewer.startStream(ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: headers,
                                                          body: StreamedBody(kind: .plain)), progress: ResponseProgress(), jsonLimit: 1 << 20)
            var frame = Buffer(width: 60, height: 20)
            var offset = 0
            while offset < bytes.count {
                viewer.receiveStream(Array(bytes[offset..<min(bytes.count, offset + step)]))
                viewer.render(into: &frame, area: area, theme: .dark, focused: true)
                offset += step
            }
            let response = Response(statusCode: 200, reason: "OK", headers: HTTPHeaders(headers), body: Data(bytes))
            viewer.show(ResponseDocument.make(from: response, streamed: viewer.document, firstLines: .max))
            viewer.render(into: &frame, area: area, theme: .dark, focused: true)
        },
    ]
}
