import BodyIndex
import CommandLineArguments
import Foundation
import Replay
import RequestKit
import Terminal
import TUICore

/// Short texts from the command line, a server or the terminal: URLs, numbers, JSONPath, event streams,
/// `curlew send` arguments, data rows, XML and HTML, and the terminal's input.
enum TextFuzzTargets {
    /// The text targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("send-arguments", seeds: ["Tests/Fuzz/seeds/send-arguments"]) { data in
            // Arguments are separated by NUL bytes, as the kernel hands them over.
            let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            guard let (_, rest) = try? SendStoreOptions.extract(from: arguments), let parsed = try? SendArguments.parse(rest) else { return }
            _ = parsed.request().curlCommand.count
        },
        FuzzTarget("url-ascii", seeds: ["Tests/Fuzz/seeds/urls"]) { data throws(FuzzViolation) in
            // The byte-wise parse of an ASCII URL must give the URL, or the error, of the character-wise parse.
            let text = String(decoding: data, as: UTF8.self)
            for candidate in [text, "http://" + text, "https://h" + text] {
                try FuzzViolation.require(RequestURL.parsesAlikeByBytesAndCharacters(candidate), "the two URL parses differ on \(candidate.debugDescription)")
            }
        },
        FuzzTarget("number-reader", seeds: ["Tests/Fuzz/seeds/numbers"]) { data in
            let text = String(decoding: data, as: UTF8.self)
            _ = NumberReading.seconds(text)
            _ = NumberReading.byteCount(text)
            _ = NumberReading.count(text, in: 0...1000, of: "things")
        },
        FuzzTarget("jsonpath-parser", seeds: ["Tests/Fuzz/seeds/jsonpath"]) { data in
            _ = try? JSONPath.parse(String(decoding: data, as: UTF8.self))
        },
        FuzzTarget("sse-parser", seeds: ["Tests/Fuzz/seeds/sse"]) { data throws(FuzzViolation) in
            // The same bytes whole and in pieces of every size from 1 to 7 must give the same events, within their limits.
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
                try FuzzViolation.require(events == expected, "chunking by \(size) changed the events")
                try FuzzViolation.require(!events.contains { $0.data.unicodeScalars.count > 256 }, "event data past its limit")
            }
        },
        FuzzTarget("data-rows", seeds: ["Tests/Fuzz/seeds/data-rows"]) { data in
            _ = try? DataFile.parse([UInt8](data), csv: true, file: "fuzz.csv")
            _ = try? DataFile.parse([UInt8](data), csv: false, file: "fuzz.json")
        },
        FuzzTarget("markup-outline", seeds: ["Tests/Fuzz/seeds/markup"]) { data in
            let bytes = [UInt8](data)
            _ = try? MarkupOutline.read(bytes, html: false)
            _ = try? MarkupOutline.read(bytes, html: true)
        },
        FuzzTarget("input-decoder", seeds: ["Tests/Fuzz/seeds/input"]) { data in
            // Terminal input in reads separated by 0xFF bytes (the end of available input after each); a read that
            // starts with 0xFE is a key ncurses named. Neither byte occurs in UTF-8.
            var decoder = InputDecoder()
            var events: [Event] = []
            for read in data.split(separator: 0xFF, omittingEmptySubsequences: false) {
                if read.first == 0xFE {
                    events += decoder.feed(.key(name: String(decoding: read.dropFirst(), as: UTF8.self)))
                } else {
                    for scalar in String(decoding: read, as: UTF8.self).unicodeScalars { events += decoder.feed(.scalar(scalar)) }
                }
                events += decoder.endOfInput()
            }
            _ = PasteBurst.coalesce(events)
        },
    ]
}
