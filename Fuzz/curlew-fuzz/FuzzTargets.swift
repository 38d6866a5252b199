import CommandLineArguments
import Explorer
import Foundation
import RequestKit
import RequestStore
import Replay
import TUICore

/// The parsers the fuzzer drives: each takes any bytes and must return or throw, never crash.
enum FuzzTargets {
    /// Every target by name.
    static let all: [String: @Sendable (Data) -> Void] = [
        "json-scanner": { data in
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
        "json-parallel": { data in
            // A text read on several threads (its top-level array, or an array member of its top-level object, cut)
            // must give the tree, or the error, of one thread.
            let single = Result { () throws(NetworkError) in try OrderedJSON.parse(data) }
            let split = Result { () throws(NetworkError) in try OrderedJSON.parse(data, threads: 3, minimumBytes: 0) }
            precondition(single == split, "the parse on three threads differs from the parse on one")
        },
        "json-arriving": { data in
            // A JSON body reaching the viewer in batches whose sizes the first byte picks, then handed over whole.
            let bytes = [UInt8](data.dropFirst())
            let step = max(1, Int(data.first ?? 7) % 64)
            var viewer = ResponseViewerState()
            viewer.setViewport(for: Rect(x: 0, y: 0, width: 60, height: 20))
            let headers = [HTTPHeader(name: "Content-Type", value: "application/json")]
            viewer.startStream(ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: headers,
                                                          body: StreamedBody(kind: .plain)), progress: ResponseProgress(), jsonLimit: 1 << 20)
            var frame = Buffer(width: 60, height: 20)
            var offset = 0
            while offset < bytes.count {
                viewer.receiveStream(Array(bytes[offset..<min(bytes.count, offset + step)]))
                viewer.render(into: &frame, area: Rect(x: 0, y: 0, width: 60, height: 20), theme: .dark, focused: true)
                offset += step
            }
            let response = Response(statusCode: 200, reason: "OK", headers: HTTPHeaders(headers), body: Data(bytes))
            viewer.show(ResponseDocument.make(from: response, streamed: viewer.document, firstLines: .max))
            viewer.render(into: &frame, area: Rect(x: 0, y: 0, width: 60, height: 20), theme: .dark, focused: true)
        },
        "json-line-index": { data in
            // The viewer's own token reader and line index, with the scanner it falls back to on an error.
            _ = ResponseDocument.prettyLineCount(ofJSON: BodyBytes(data))
        },
        "json-index-parallel": { data in
            // The line index built on several threads, its cuts guessed, must be the index, or the error, of one thread.
            let threads = 2 + Int(data.first ?? 0) % 3
            let minimumRun = 1 + Int(data.dropFirst().first ?? 0) % 32
            let body = BodyBytes(data.dropFirst(2))
            precondition(ResponseDocument.indexesAlikeOnThreads(body, threads: threads, minimumRun: minimumRun),
                         "the line index on \(threads) threads differs from the index on one")
        },
        "markup-outline": { data in
            let bytes = [UInt8](data)
            _ = try? MarkupOutline.read(bytes, html: false)
            _ = try? MarkupOutline.read(bytes, html: true)
        },
        "data-rows": { data in
            _ = try? DataFile.parse([UInt8](data), csv: true, file: "fuzz.csv")
            _ = try? DataFile.parse([UInt8](data), csv: false, file: "fuzz.json")
        },
        "curl-import": { data in _ = try? CurlImporter.parse(String(decoding: data, as: UTF8.self)) },
        "http-import": { data in
            let result = HTTPFileParser.parse(String(decoding: data, as: UTF8.self), collectionName: "fuzz")
            _ = try? result.collection.encoded()
        },
        "hurl-reader": { data in
            if let document = try? HurlReader.read(data, file: "fuzz.hurl") {
                _ = try? HurlReader.collection(of: document, file: "fuzz.hurl").encoded()
            }
        },
        "postman-import": { data in
            if let imported = try? PostmanImporter.parse(data) { _ = try? imported.collection.encoded() }
        },
        "yaml-reader": { data in _ = try? YAMLReader.read(data, file: "fuzz.yaml") },
        "openapi-import": { data in
            if let imported = try? OpenAPIImporter.parse(data, file: "fuzz.yaml") { _ = try? imported.collection.encoded() }
        },
        "insomnia-import": { data in
            if let imported = try? InsomniaImporter.parse(data, file: "fuzz.json") { _ = try? imported.collection.encoded() }
        },
        "collection-reader": { data in
            if let collection = try? RequestCollection.decode(from: data, file: "fuzz.json") { _ = try? collection.encoded() }
        },
        "history-reader": { data in
            _ = HistoryFile.parse(data).entries.count
            let index = HistoryFile.index(of: data, path: "fuzz.jsonl")
            for summary in index.summaries { _ = try? index.entry(summary) }
        },
        "send-arguments": { data in
            // Arguments are separated by NUL bytes, as the kernel hands them over.
            let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard let (_, rest) = try? SendStoreOptions.extract(from: arguments), let parsed = try? SendArguments.parse(rest) else { return }
            _ = parsed.request().curlCommand.count
        },
        "cookie-jar": { data in
            // A jar that reads must be written and read back to the same cookies.
            guard let cookies = try? CookieJarFile.parse(data, file: "fuzz.txt") else { return }
            let again = try? CookieJarFile.parse(Data(CookieJarFile.render(cookies).utf8), file: "fuzz.txt")
            if again != cookies { preconditionFailure("a cookie jar did not survive writing and reading") }
        },
        "graphql-envelope": { data in
            // A recognised envelope, written again, must be recognised as the same operation.
            guard let body = GraphQLBody.recognize(json: String(decoding: data, as: UTF8.self)) else { return }
            if GraphQLBody.recognize(json: body.envelope) != body { preconditionFailure("a GraphQL envelope did not survive writing and reading") }
        },
        "keymap-reader": { data in _ = try? KeyMap.decodeOverrides(data, knownActions: ["send", "quit", "save"]) },
        "theme-reader": { data in _ = try? Theme.decode(data) },
        "check-parser": { data in
            let text = String(decoding: data, as: UTF8.self)
            _ = try? Check.parse(text)
            _ = try? CaptureRule.parse(text)
        },
        "sse-parser": { data in
            // The same bytes whole and in pieces of every size from 1 to 7 must give the same events.
            var whole = ServerSentEventParser(limits: .init(line: 64, eventData: 256))
            let expected = whole.feed(data)
            for size in 1...7 {
                var pieces = ServerSentEventParser(limits: .init(line: 64, eventData: 256))
                var events: [ServerSentEvent] = []
                var start = data.startIndex
                while start < data.endIndex {
                    let end = data.index(start, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
                    events += pieces.feed(data[start..<end])
                    start = end
                }
                if events != expected { preconditionFailure("chunking by \(size) changed the events") }
                if events.contains(where: { $0.data.unicodeScalars.count > 256 }) { preconditionFailure("event data past its limit") }
            }
        },
        "url-ascii": { data in
            // The byte-wise parse of an ASCII URL must give the URL, or the error, of the character-wise parse.
            let text = String(decoding: data, as: UTF8.self)
            for candidate in [text, "http://" + text, "https://h" + text] {
                precondition(RequestURL.parsesAlikeByBytesAndCharacters(candidate), "the two URL parses differ on \(candidate.debugDescription)")
            }
        },
        "jsonpath-parser": { data in _ = try? JSONPath.parse(String(decoding: data, as: UTF8.self)) },
        "number-reader": { data in
            let text = String(decoding: data, as: UTF8.self)
            _ = NumberReading.seconds(text)
            _ = NumberReading.byteCount(text)
            _ = NumberReading.count(text, in: 0...1000, of: "things")
        },
    ]
}
