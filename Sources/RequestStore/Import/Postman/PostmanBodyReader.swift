import Foundation
import RequestKit

/// Reads Postman's `body` objects into saved bodies.
enum PostmanBodyReader {
    /// Content types Postman sends for `raw` bodies of each language when no header says otherwise.
    static let languageTypes = [
        "json": "application/json", "text": "text/plain", "javascript": "application/javascript",
        "html": "text/html", "xml": "application/xml",
    ]

    /// The body and the header rows left once a Content-Type the body kind implies is taken out.
    static func body(_ value: OrderedJSON?, headers: [KeyValueRow], item: String, warnings: inout [ConversionWarning]) -> (SavedBody, [KeyValueRow]) {
        guard let value, let mode = value["mode"]?.postmanText else { return (.none, headers) }
        if value["disabled"]?.postmanBool == true {
            warnings.append(ConversionWarning(.note, at: item, "the body is switched off in Postman; not imported"))
            return (.none, headers)
        }
        switch mode {
        case "raw":
            return raw(value, headers: headers)
        case "urlencoded":
            let rows = (value["urlencoded"]?.postmanArray ?? []).map(row)
            return (.form(rows), removing(contentType: "application/x-www-form-urlencoded", from: headers))
        case "formdata":
            let parts = (value["formdata"]?.postmanArray ?? []).map { multipartRow($0, item: item, warnings: &warnings) }
            return (.multipart(parts), removing(contentType: "multipart/form-data", from: headers))
        case "file":
            let (contentType, rest) = SavedBodyInference.takeContentType(from: headers)
            let source = value["file"]?["src"]?.postmanText ?? ""
            if source.isEmpty { warnings.append(ConversionWarning(.unsupported, at: item, "the file body names no file; the path is empty")) }
            return (.file(path: source, contentType: contentType), rest)
        case "graphql":
            warnings.append(ConversionWarning(.note, at: item, "the GraphQL body is imported as the JSON that Postman sends"))
            return (.json(graphQLText(value["graphql"])), removing(contentType: "application/json", from: headers))
        default:
            warnings.append(ConversionWarning(.unsupported, at: item, "the body mode '\(mode)' is not supported; not imported"))
            return (.none, headers)
        }
    }

    private static func raw(_ value: OrderedJSON, headers: [KeyValueRow]) -> (SavedBody, [KeyValueRow]) {
        let text = value["raw"]?.postmanText ?? ""
        if text.isEmpty { return (.none, headers) }
        let language = value["options"]?["raw"]?["language"]?.postmanText
        let hasContentType = headers.contains { $0.enabled && $0.name.lowercased() == "content-type" }
        if hasContentType { return SavedBodyInference.body(text: text, headers: headers) }
        if language == "json" { return (.json(text), headers) }
        return (.raw(text: text, contentType: languageTypes[language ?? "text"] ?? "text/plain"), headers)
    }

    private static func row(_ value: OrderedJSON) -> KeyValueRow {
        KeyValueRow(name: value["key"]?.postmanText ?? "", value: value["value"]?.postmanText ?? "", enabled: value["disabled"]?.postmanBool != true)
    }

    private static func multipartRow(_ value: OrderedJSON, item: String, warnings: inout [ConversionWarning]) -> MultipartRow {
        let name = value["key"]?.postmanText ?? ""
        let enabled = value["disabled"]?.postmanBool != true
        let contentType = value["contentType"]?.postmanText
        guard value["type"]?.postmanText == "file" else {
            if contentType != nil {
                warnings.append(ConversionWarning(.note, at: item, "the Content-Type of the text part '\(name)' is not kept"))
            }
            return .field(name: name, value: value["value"]?.postmanText ?? "", enabled: enabled)
        }
        var path = value["src"]?.postmanText ?? ""
        let sources = value["src"]?.postmanArray.compactMap(\.postmanText) ?? []
        if let first = sources.first {
            path = first
            if sources.count > 1 {
                warnings.append(ConversionWarning(.unsupported, at: item, "the part '\(name)' lists \(sources.count) files; only the first is kept"))
            }
        }
        if path.isEmpty {
            warnings.append(ConversionWarning(.unsupported, at: item, "the file part '\(name)' names no file; choose one before sending"))
        }
        return .file(name: name, path: path, fileName: nil, contentType: contentType, enabled: enabled)
    }

    private static func removing(contentType: String, from headers: [KeyValueRow]) -> [KeyValueRow] {
        headers.filter { !($0.enabled && $0.name.lowercased() == "content-type" && $0.value.lowercased().trimmingCharacters(in: .whitespaces) == contentType) }
    }

    /// The JSON text Postman sends for a GraphQL body: `{"query": …, "variables": …}`.
    private static func graphQLText(_ value: OrderedJSON?) -> String {
        let query = value?["query"]?.postmanText ?? ""
        let variables = value?["variables"]?.postmanText?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let quoted = (try? JSONSerialization.data(withJSONObject: query, options: [.fragmentsAllowed, .withoutEscapingSlashes]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return "{\"query\": \(quoted), \"variables\": \(variables.isEmpty ? "{}" : variables)}"
    }
}
