import RequestKit

/// Works out the base URL of an OpenAPI or Swagger description.
enum OpenAPIServer {
    /// The URL of a 3.x Server Object with each `{variable}` replaced by its default, without a trailing `/`.
    static func url(of server: OrderedJSON) -> String? {
        guard var url = DescriptionDocument.text(server["url"]) else { return nil }
        if case .object(let variables)? = server["variables"] {
            for variable in variables {
                let value = DescriptionDocument.text(variable.value["default"])
                    ?? (variable.value["enum"].flatMap { if case .array(let items) = $0 { return items.first } else { return nil } }.flatMap { DescriptionDocument.text($0) })
                    ?? ""
                url = url.replacingOccurrences(of: "{" + variable.key + "}", with: value)
            }
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Swagger 2.0's `schemes[0]://host` followed by `basePath`; a missing scheme is https, and without a
    /// host only the base path is left.
    static func swaggerURL(of root: OrderedJSON) -> String {
        var scheme = "https"
        if case .array(let schemes)? = root["schemes"], let first = schemes.first.flatMap({ DescriptionDocument.text($0) }) { scheme = first }
        var url = ""
        if let host = DescriptionDocument.text(root["host"]), !host.isEmpty { url = scheme + "://" + host }
        if let basePath = DescriptionDocument.text(root["basePath"]) { url += basePath.hasPrefix("/") ? basePath : "/" + basePath }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Whether a URL names a host (has a scheme), so that requests built on it can be sent.
    static func isAbsolute(_ url: String) -> Bool {
        url.contains("://")
    }
}
