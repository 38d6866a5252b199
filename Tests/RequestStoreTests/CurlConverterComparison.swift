import Foundation
import RequestKit
@testable import RequestStore

/// Compares an imported request with curlconverter's expectations and lists every difference.
enum CurlConverterComparison {
    /// Differences from a `expected-json/X.json` object (curlconverter's JSON generator output).
    static func differences(_ imported: ImportedCurlRequest, generatorOutput expected: [String: Any]) -> [String] {
        var problems: [String] = []
        let request = imported.request
        let (base, query) = split(request.url)
        for (key, value) in expected {
            switch key {
            case "method":
                if (value as? String) != request.method.rawValue.lowercased() {
                    problems.append("method: expected \(value), got \(request.method.rawValue)")
                }
            case "raw_url":
                if let raw = value as? String, trimmedSlash(raw) != trimmedSlash(request.url) {
                    problems.append("raw_url: expected \(raw), got \(request.url)")
                }
            case "url":
                if let url = value as? String {
                    let mine = expected["queries"] == nil ? request.url : base
                    if trimmedSlash(url) != trimmedSlash(mine) { problems.append("url: expected \(url), got \(mine)") }
                }
            case "queries":
                let mine = groupedPairs(query.map(formPairs) ?? [])
                if !NSDictionary(dictionary: mine).isEqual(to: value as? [String: Any] ?? [:]) {
                    problems.append("queries: expected \(value), got \(mine)")
                }
            case "headers":
                let mine = Dictionary(request.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
                if (value as? [String: String]) != mine { problems.append("headers: expected \(value), got \(mine)") }
            case "data":
                problems += dataDifferences(request, expected: value)
            case "files":
                var files: [String: String] = [:]
                if case .multipart(let form) = request.body { for file in form.files { files[file.name] = file.path } }
                if (value as? [String: String]) != files { problems.append("files: expected \(value), got \(files)") }
            case "insecure":
                if (value as? Bool) != request.options.verifyTLS { problems.append("insecure: expected \(value), verifyTLS is \(request.options.verifyTLS)") }
            default:
                problems.append("\(key): not compared by this test")
            }
        }
        if expected["headers"] == nil, !request.headers.isEmpty { problems.append("headers: expected none, got \(request.headers.all)") }
        if expected["data"] == nil, expected["files"] == nil, !request.body.isEmpty { problems.append("body: expected none, got \(request.body)") }
        if expected["insecure"] == nil, !request.options.verifyTLS { problems.append("insecure: not expected") }
        return problems
    }

    /// Differences from a `extra-parser/expected/X.json` array (curlconverter's internal parse).
    static func differences(_ imported: [ImportedCurlRequest], parserOutput expected: [[String: Any]]) -> [String] {
        guard imported.count == expected.count else { return ["expected \(expected.count) requests, got \(imported.count)"] }
        var problems: [String] = []
        for (mine, theirs) in zip(imported, expected) {
            let request = mine.request
            if let url = (theirs["urls"] as? [[String: Any]])?.first {
                if let expectedURL = url["url"] as? String, expectedURL != request.url {
                    problems.append("url: expected \(expectedURL), got \(request.url)")
                }
                if let method = url["method"] as? String, method != request.method.rawValue {
                    problems.append("method: expected \(method), got \(request.method.rawValue)")
                }
            }
            let expectedHeaders = ((theirs["headers"] as? [String: Any])?["headers"] as? [[String]]) ?? []
            let headers = request.headers.map { [$0.name, $0.value] }
            if expectedHeaders != headers { problems.append("headers: expected \(expectedHeaders), got \(headers)") }
            if let data = theirs["data"] as? String, bodyText(request) != data {
                problems.append("data: expected \(data), got \(bodyText(request) ?? "no body")")
            }
            if theirs["data"] == nil, !request.body.isEmpty { problems.append("body: expected none, got \(request.body)") }
            if let files = theirs["cookieFiles"] as? [String] {
                for file in files where !mine.warnings.contains(where: { $0.message.contains(file) && $0.severity == .unsupported }) {
                    problems.append("cookie file \(file): no warning reports it")
                }
            }
            if theirs["compressed"] as? Bool == true, !mine.warnings.contains(where: { $0.location == "--compressed" }) {
                problems.append("--compressed: no note reports it")
            }
        }
        return problems
    }

    private static func dataDifferences(_ request: Request, expected: Any) -> [String] {
        if let text = expected as? String {
            return bodyText(request) == text ? [] : ["data: expected \(text), got \(bodyText(request) ?? "no body")"]
        }
        guard let object = expected as? [String: Any] else { return ["data: unexpected shape \(expected)"] }
        let mine: [String: Any]
        switch request.body {
        case .multipart(let form):
            mine = groupedPairs(form.fields.map { ($0.name, $0.value) })
        case .raw(let data, _):
            let text = String(decoding: data, as: UTF8.self)
            if request.headers.value(for: "Content-Type")?.hasPrefix("application/json") == true,
               let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                mine = json
            } else {
                mine = groupedPairs(formPairs(text))
            }
        default:
            return ["data: expected \(object), got \(request.body)"]
        }
        return NSDictionary(dictionary: mine).isEqual(to: object) ? [] : ["data: expected \(object), got \(mine)"]
    }

    /// The body as text when it is held in memory.
    static func bodyText(_ request: Request) -> String? {
        switch request.body {
        case .raw(let data, _): return String(decoding: data, as: UTF8.self)
        case .json(let text): return text
        default: return nil
        }
    }

    private static func split(_ url: String) -> (String, String?) {
        guard let mark = url.firstIndex(of: "?") else { return (url, nil) }
        return (String(url[..<mark]), String(url[url.index(after: mark)...]))
    }

    private static func trimmedSlash(_ url: String) -> String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    private static func formPairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }

    /// Pairs as curlconverter groups them: one value as a string, repeated names as an array.
    private static func groupedPairs(_ pairs: [(String, String)]) -> [String: Any] {
        var grouped: [String: [String]] = [:]
        for (name, value) in pairs { grouped[name, default: []].append(value) }
        return grouped.mapValues { $0.count == 1 ? $0[0] as Any : $0 as Any }
    }
}
