import Foundation
import RequestKit

/// Reads a history line straight from `JSONScanner` tokens into a `HistoryEntry`, without building a tree
/// and without the generic `Decodable` machinery, because the history is read whole each time it is listed.
///
/// It understands the canonical layout `HistoryEntry.encode(to:)` writes. A line of another shape
/// (a required field missing, a value of the wrong type) throws `HistoryLineReader.Mismatch`; the
/// caller then decodes it with `Decodable`, which either reads it or says exactly what is wrong.
struct HistoryLineReader {
    /// The line is valid JSON so far but not in the shape this reader knows.
    struct Mismatch: Error {}

    private let input: UnsafeBufferPointer<UInt8>
    private var scanner = JSONScanner()

    /// Reads one line; throws `JSONSyntaxError` for text that is not JSON and `Mismatch` for another shape.
    static func entry(in line: UnsafeBufferPointer<UInt8>) throws -> HistoryEntry {
        var reader = HistoryLineReader(input: line)
        let (summary, request, response) = try reader.read(whole: true, lineRange: 0..<line.count, lineNumber: 0)
        return HistoryEntry(
            id: summary.id, time: summary.time, method: summary.method, url: summary.url, status: summary.status, reason: summary.reason,
            durationMs: summary.durationMs, size: summary.size, request: request ?? HistoryRequest(), response: response,
            error: summary.error, source: summary.source)
    }

    /// Reads the summary fields of a line, skipping the request and response by their brackets (checked when the entry is read whole).
    static func summary(of line: HistoryFile.Line) throws -> HistorySummary {
        var reader = HistoryLineReader(input: line.bytes)
        return try reader.read(whole: false, lineRange: line.range, lineNumber: line.number).summary
    }

    /// The `id` of a line that is one JSON object whose first `id` member is a string; nil for any other valid JSON.
    static func id(in line: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> String? {
        var scanner = JSONScanner()
        guard try scanner.required(in: line).kind == .beginObject else { return nil }
        var id: String?
        var seen = false
        while let key = try scanner.nextKey(in: line) {
            let value = try scanner.required(in: line)
            if !seen, try JSONScanner.string(of: key, in: line) == "id" {
                seen = true
                if value.kind == .string { id = try JSONScanner.string(of: value, in: line) }
            }
            try scanner.skipValue(startingWith: value, in: line)
        }
        try scanner.finish(in: line)
        return id
    }

    private init(input: UnsafeBufferPointer<UInt8>) { self.input = input }

    /// Reads the line's object: the summary fields, and the request and response when `whole` (else they are skipped unchecked).
    private mutating func read(
        whole: Bool, lineRange: Range<Int>, lineNumber: Int
    ) throws -> (summary: HistorySummary, request: HistoryRequest?, response: HistoryResponse?) {
        guard try scanner.required(in: input).kind == .beginObject else { throw Mismatch() }
        var id: String?, time: Double?, method: String?, url: String?
        var status: Int?, reason: String?, durationMs: Double?, size: Int?, source: String?, error: String?
        var request: HistoryRequest?, response: HistoryResponse?
        while let key = try scanner.nextKey(in: input) {
            let value = try scanner.required(in: input)
            switch try JSONScanner.keyName(of: key, in: input) {
            case "id": id = try string(value)
            case "time": time = try number(value)
            case "method": method = try string(value)
            case "url": url = try string(value)
            case "status": status = try integer(value)
            case "reason": reason = try string(value)
            case "durationMs": durationMs = try number(value)
            case "size": size = try integer(value)
            case "source": source = try string(value)
            case "error": error = try string(value)
            case "request" where whole: request = try requestSide(value)
            case "response" where whole: response = try responseSide(value)
            case "request", "response": try scanner.skipContainerUnchecked(startingWith: value, in: input)
            default: try scanner.skipValue(startingWith: value, in: input)
            }
        }
        try scanner.finish(in: input)
        guard let id, let time, let method, let url else { throw Mismatch() }
        let summary = HistorySummary(
            id: id, time: Date(timeIntervalSince1970: time / 1000), method: HTTPMethod(rawValue: method), url: url, status: status,
            reason: reason ?? "", durationMs: durationMs, size: size ?? 0, source: source, error: error, lineRange: lineRange, lineNumber: lineNumber)
        return (summary, request, response)
    }

    private mutating func requestSide(_ token: JSONToken) throws -> HistoryRequest? {
        if token.kind == .null { return nil }
        guard token.kind == .beginObject else { throw Mismatch() }
        var side = HistoryRequest()
        while let key = try scanner.nextKey(in: input) {
            let value = try scanner.required(in: input)
            switch try JSONScanner.keyName(of: key, in: input) {
            case "headers": side.headers = try headers(value)
            case "body": side.body = try string(value)
            case "bodySize": side.bodySize = try integer(value) ?? 0
            case "bodyNote": side.bodyNote = try string(value)
            case "template": side.template = try template(value)
            case "collection": side.collection = try string(value)
            case "environment": side.environment = try string(value)
            default: try scanner.skipValue(startingWith: value, in: input)
            }
        }
        return side
    }

    /// The request as written, with its secrets as variables.
    private mutating func template(_ token: JSONToken) throws -> HistoryTemplate? {
        if token.kind == .null { return nil }
        guard token.kind == .beginObject else { throw Mismatch() }
        var url: String?, headers = HTTPHeaders(), body: String?
        while let key = try scanner.nextKey(in: input) {
            let value = try scanner.required(in: input)
            switch try JSONScanner.keyName(of: key, in: input) {
            case "url": url = try string(value)
            case "headers": headers = try self.headers(value)
            case "body": body = try string(value)
            default: try scanner.skipValue(startingWith: value, in: input)
            }
        }
        guard let url else { throw Mismatch() }
        return HistoryTemplate(url: url, headers: headers, body: body)
    }

    private mutating func responseSide(_ token: JSONToken) throws -> HistoryResponse? {
        if token.kind == .null { return nil }
        guard token.kind == .beginObject else { throw Mismatch() }
        var side = HistoryResponse()
        while let key = try scanner.nextKey(in: input) {
            let value = try scanner.required(in: input)
            switch try JSONScanner.keyName(of: key, in: input) {
            case "httpVersion": side.httpVersion = try string(value) ?? "HTTP/1.1"
            case "headers": side.headers = try headers(value)
            case "timings": side.timings = try timings(value)
            case "body": side.body = try string(value)
            case "bodyEncoding": side.bodyEncoding = try string(value)
            case "bodyFile": side.bodyFile = try string(value)
            case "bodyNote": side.bodyNote = try string(value)
            case "stoppedEarly": side.stoppedEarly = try boolean(value)
            case "events": side.events = try events(value)
            case "eventsNote": side.eventsNote = try string(value)
            default: try scanner.skipValue(startingWith: value, in: input)
            }
        }
        return side
    }

    /// The events of a streamed response: an array of `{"t", "event", "id", "data", "retry", "truncated"}` objects.
    private mutating func events(_ token: JSONToken) throws -> [HistoryEvent]? {
        if token.kind == .null { return nil }
        guard token.kind == .beginArray else { throw Mismatch() }
        var events: [HistoryEvent] = []
        while let item = try scanner.nextElement(in: input) {
            guard item.kind == .beginObject else { throw Mismatch() }
            var event = HistoryEvent(offset: 0, data: "")
            while let key = try scanner.nextKey(in: input) {
                let field = try scanner.required(in: input)
                switch try JSONScanner.keyName(of: key, in: input) {
                case "t": event.offset = try number(field) ?? 0
                case "event": event.event = try string(field) ?? "message"
                case "id": event.id = try string(field)
                case "data": event.data = try string(field) ?? ""
                case "retry": event.retry = try integer(field)
                case "truncated": event.truncated = try boolean(field)
                default: try scanner.skipValue(startingWith: field, in: input)
                }
            }
            events.append(event)
        }
        return events
    }

    /// A boolean value, nil for null; another kind of value is a mismatch.
    private func boolean(_ token: JSONToken) throws -> Bool? {
        switch token.kind {
        case .boolean: return input[token.range.lowerBound] == UInt8(ascii: "t")
        case .null: return nil
        default: throw Mismatch()
        }
    }

    /// Header fields stored as an array of `{"name", "value"}` objects.
    private mutating func headers(_ token: JSONToken) throws -> HTTPHeaders {
        guard token.kind == .beginArray else { throw Mismatch() }
        var fields: [HTTPHeader] = []
        fields.reserveCapacity(8)
        while let item = try scanner.nextElement(in: input) {
            guard item.kind == .beginObject else { throw Mismatch() }
            var name: String?, value: String?
            while let key = try scanner.nextKey(in: input) {
                let field = try scanner.required(in: input)
                switch try JSONScanner.keyName(of: key, in: input) {
                case "name": name = try string(field)
                case "value": value = try string(field)
                default: try scanner.skipValue(startingWith: field, in: input)
                }
            }
            guard let name, let value else { throw Mismatch() }
            fields.append(HTTPHeader(name: name, value: value))
        }
        return HTTPHeaders(fields)
    }

    /// The phase timings, in seconds; a phase left out is zero.
    private mutating func timings(_ token: JSONToken) throws -> Timings {
        guard token.kind == .beginObject else { throw Mismatch() }
        var timings = Timings()
        while let key = try scanner.nextKey(in: input) {
            let value = try scanner.required(in: input)
            let seconds = try number(value) ?? 0
            switch try JSONScanner.keyName(of: key, in: input) {
            case "dns": timings.dns = seconds
            case "connect": timings.connect = seconds
            case "tls": timings.tls = seconds
            case "firstByte": timings.firstByte = seconds
            case "download": timings.download = seconds
            case "total": timings.total = seconds
            default: try scanner.skipValue(startingWith: value, in: input)
            }
        }
        return timings
    }

    /// A string value, nil for null; another kind of value is a mismatch.
    private func string(_ token: JSONToken) throws -> String? {
        switch token.kind {
        case .string: return try JSONScanner.string(of: token, in: input)
        case .null: return nil
        default: throw Mismatch()
        }
    }

    /// A number value, nil for null; another kind of value is a mismatch.
    private func number(_ token: JSONToken) throws -> Double? {
        switch token.kind {
        case .number:
            guard let number = JSONScanner.double(of: token, in: input) else { throw Mismatch() }
            return number
        case .null: return nil
        default: throw Mismatch()
        }
    }

    /// A whole number value, nil for null; a fraction or another kind of value is a mismatch.
    private func integer(_ token: JSONToken) throws -> Int? {
        guard let number = try number(token) else { return nil }
        guard let integer = Int(exactly: number) else { throw Mismatch() }
        return integer
    }
}
