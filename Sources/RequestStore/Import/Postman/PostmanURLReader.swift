import RequestKit
/// Reads Postman's `url`, a string or an object with `raw`, `host`, `path`, `query` and `variable`.
enum PostmanURLReader {
    /// What a Postman URL becomes.
    struct Result {
        /// The URL text without the query when the query became rows.
        var url: String
        /// Query rows, disabled ones included.
        var query: [KeyValueRow]
        /// Path variables (`:id`) turned into `{{id}}`, with their values.
        var pathVariables: [Variable]
    }

    /// Reads a URL; path variables such as `/:petId` become `{{petId}}` placeholders.
    static func read(_ value: OrderedJSON?, item: String, warnings: inout [ConversionWarning]) -> Result {
        guard let value else { return Result(url: "", query: [], pathVariables: []) }
        if let text = value.postmanText { return Result(url: text, query: [], pathVariables: []) }
        var raw = value["raw"]?.postmanText ?? assembled(value)
        var pathVariables: [Variable] = []
        for variable in value["variable"]?.postmanArray ?? [] {
            guard let name = (variable["key"] ?? variable["name"])?.postmanText else { continue }
            let placeholder = ":" + name
            if raw.contains(placeholder) {
                raw = replacingPathVariable(placeholder, in: raw, with: "{{\(name)}}")
                pathVariables.append(Variable(name: name, value: variable["value"]?.postmanText ?? ""))
            }
        }
        let entries = value["query"]?.postmanArray ?? []
        guard !entries.isEmpty else { return Result(url: raw, query: [], pathVariables: pathVariables) }
        var rows: [KeyValueRow] = []
        var splittable = true
        for entry in entries {
            let name = entry["key"]?.postmanText ?? ""
            let text = entry["value"]?.postmanText ?? ""
            guard !name.contains("+"), !text.contains("+"),
                  let decodedName = PercentDecoding.decode(name), let decodedValue = PercentDecoding.decode(text) else {
                splittable = false
                break
            }
            rows.append(KeyValueRow(name: decodedName, value: decodedValue, enabled: entry["disabled"]?.postmanBool != true))
        }
        if splittable {
            return Result(url: withoutQuery(raw), query: rows, pathVariables: pathVariables)
        }
        let disabled = entries.filter { $0["disabled"]?.postmanBool == true }.count
        if disabled > 0 {
            warnings.append(ConversionWarning(.unsupported, at: item, "the query stays in the URL as written ('+' or invalid escapes), so its \(disabled) disabled parameter(s) are dropped"))
        }
        return Result(url: raw, query: [], pathVariables: pathVariables)
    }

    /// A URL built from `protocol`, `host`, `port` and `path` when `raw` is missing.
    static func assembled(_ value: OrderedJSON) -> String {
        var text = ""
        if let scheme = value["protocol"]?.postmanText { text += scheme + "://" }
        if let host = value["host"] {
            text += host.postmanText ?? host.postmanArray.compactMap(\.postmanText).joined(separator: ".")
        }
        if let port = value["port"]?.postmanText { text += ":" + port }
        if let path = value["path"] {
            let segments = path.postmanText.map { [$0] } ?? path.postmanArray.compactMap { $0.postmanText ?? $0["value"]?.postmanText }
            if !segments.isEmpty { text += "/" + segments.joined(separator: "/").drop { $0 == "/" } }
        }
        return text
    }

    private static func withoutQuery(_ raw: String) -> String {
        guard let mark = raw.firstIndex(of: "?") else { return raw }
        let hash = raw[mark...].firstIndex(of: "#")
        return String(raw[..<mark]) + (hash.map { String(raw[$0...]) } ?? "")
    }

    /// Replaces `:name` where it is a whole path segment.
    private static func replacingPathVariable(_ placeholder: String, in raw: String, with replacement: String) -> String {
        var output = ""
        var rest = Substring(raw)
        while let range = rest.range(of: placeholder) {
            let after = rest[range.upperBound...].first
            let isWhole = after == nil || after == "/" || after == "?" || after == "#"
            output += rest[..<range.lowerBound] + (isWhole ? replacement : placeholder)
            rest = rest[range.upperBound...]
        }
        return output + rest
    }
}

/// Decodes `%XX` escapes, keeping everything else (Postman stores query values as typed) and `{{placeholders}}`
/// as they are.
enum PercentDecoding {
    /// The decoded text, or nil when an escape is malformed or the bytes are not UTF-8.
    static func decode(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let all = Array(text.utf8)
        var placeholders = VariableResolver.placeholderOffsets(in: text)[...]
        var iterator = all[...]
        while let byte = iterator.popFirst() {
            let offset = all.count - iterator.count - 1
            if let placeholder = placeholders.first, placeholder.lowerBound == offset {
                bytes += all[placeholder]
                iterator = all[placeholder.upperBound...]
                placeholders.removeFirst()
                continue
            }
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard iterator.count >= 2, let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            iterator = iterator.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
