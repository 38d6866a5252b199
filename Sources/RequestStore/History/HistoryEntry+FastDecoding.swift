import Foundation
import RequestKit

/// Reading history entries straight from the parsed tree, without the generic `Decodable` machinery,
/// because the history is read whole each time it is listed.
extension HistoryEntry {
    /// Reads an entry from a parsed line; nil when the line has an unexpected shape (then `Decodable` explains why).
    init?(parsed node: ParsedJSON) {
        guard case .object(let members) = node.kind,
              let id = members.string("id"), let time = members.number("time"), let method = members.string("method"),
              let url = members.string("url") else { return nil }
        self.init(id: id, time: Date(timeIntervalSince1970: time / 1000), method: HTTPMethod(rawValue: method), url: url)
        status = members.number("status").map { Int($0) }
        reason = members.string("reason") ?? ""
        durationMs = members.number("durationMs")
        size = members.number("size").map { Int($0) } ?? 0
        source = members.string("source")
        error = members.string("error")
        if let request = members.value("request") {
            guard case .object(let fields) = request.kind, let headers = fields.headers("headers") else { return nil }
            self.request = HistoryRequest(
                headers: headers, body: fields.string("body"), bodySize: fields.number("bodySize").map { Int($0) } ?? 0,
                bodyNote: fields.string("bodyNote"))
        }
        if let response = members.value("response") {
            guard case .object(let fields) = response.kind, let headers = fields.headers("headers") else { return nil }
            var timings = Timings()
            if let value = fields.value("timings"), case .object(let phases) = value.kind {
                timings = Timings(
                    dns: phases.number("dns") ?? 0, connect: phases.number("connect") ?? 0, tls: phases.number("tls") ?? 0,
                    firstByte: phases.number("firstByte") ?? 0, download: phases.number("download") ?? 0, total: phases.number("total") ?? 0)
            }
            self.response = HistoryResponse(
                httpVersion: fields.string("httpVersion") ?? "HTTP/1.1", headers: headers, timings: timings,
                body: fields.string("body"), bodyEncoding: fields.string("bodyEncoding"), bodyFile: fields.string("bodyFile"),
                bodyNote: fields.string("bodyNote"))
        }
    }
}

extension Array where Element == ParsedMember {
    /// The value of a key.
    func value(_ key: String) -> ParsedJSON? {
        first { $0.key == key }?.value
    }

    /// The string value of a key.
    func string(_ key: String) -> String? {
        if let node = value(key), case .string(let text) = node.kind { return text }
        return nil
    }

    /// The numeric value of a key.
    func number(_ key: String) -> Double? {
        if let node = value(key), case .number(let text) = node.kind { return Double(text) }
        return nil
    }

    /// Header fields stored as an array of `{name, value}`; empty when absent, nil when malformed.
    func headers(_ key: String) -> HTTPHeaders? {
        guard let node = value(key) else { return HTTPHeaders() }
        guard case .array(let items) = node.kind else { return nil }
        var fields: [HTTPHeader] = []
        fields.reserveCapacity(items.count)
        for item in items {
            guard case .object(let pair) = item.kind, let name = pair.string("name"), let value = pair.string("value") else { return nil }
            fields.append(HTTPHeader(name: name, value: value))
        }
        return HTTPHeaders(fields)
    }
}
