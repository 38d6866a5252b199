import Foundation

/// A collection written as a `.http` file, with what the format cannot hold.
public struct HTTPFileExport: Hashable, Sendable {
    /// The file's text.
    public var text: String
    /// Settings that were left out, per request.
    public var warnings: [ConversionWarning]
}

/// Writes collections in the `.http` format of VS Code's REST Client and JetBrains' HTTP Client.
///
/// The format has no inheritance, so each request carries the headers and auth it inherits.
/// Collection variables become `@name = value` lines (secret ones with an empty value);
/// folders are kept in a `# @folder A/B` comment that `HTTPFileParser` reads back.
public enum HTTPFileWriter {
    /// Writes every request of a collection, or only those given.
    public static func write(_ collection: RequestCollection, only selected: [LocatedRequest]? = nil) -> HTTPFileExport {
        var warnings: [ConversionWarning] = []
        var sections: [String] = []
        let variables = collection.variables.filter(\.enabled)
        if !variables.isEmpty {
            sections.append(variables.map { variable in
                if variable.secret {
                    warnings.append(ConversionWarning(.note, at: "@\(variable.name)", "a secret variable is written without its value"))
                    return "@\(variable.name) ="
                }
                if variable.value.contains("\n") {
                    warnings.append(ConversionWarning(.unsupported, at: "@\(variable.name)", "a value with line breaks cannot be a file variable; only its first line is written"))
                }
                return "@\(variable.name) = \(variable.value.prefix { $0 != "\n" })"
            }.joined(separator: "\n"))
        }
        for located in selected ?? collection.allRequests {
            sections.append(write(located, in: collection, warnings: &warnings))
        }
        return HTTPFileExport(text: sections.joined(separator: "\n\n") + "\n", warnings: warnings)
    }

    private static func write(_ located: LocatedRequest, in collection: RequestCollection, warnings: inout [ConversionWarning]) -> String {
        let request = located.request
        let inherited = InheritedSettings.effective(for: located, in: collection)
        var lines = ["### \(request.name)"]
        if !request.description.isEmpty {
            lines += request.description.split(separator: "\n", omittingEmptySubsequences: false).map { "# \($0)" }
        }
        lines.append("# @name \(request.name)")
        if !located.folders.isEmpty { lines.append("# @folder \(located.folders.map(\.name).joined(separator: "/"))") }
        if request.options.followRedirects == false { lines.append("# @no-redirect") }
        if let timeout = request.options.timeout { lines.append("# @timeout \(formatSeconds(timeout))") }
        lines.append("\(request.method.rawValue) \(request.url)")
        let query = request.query.filter(\.enabled)
        for (index, row) in query.enumerated() {
            let separator = index == 0 && !request.url.contains("?") ? "?" : "&"
            lines.append("    \(separator)\(PlaceholderPreservingEncoding.encode(row.name))=\(PlaceholderPreservingEncoding.encode(row.value))")
        }
        for row in inherited.headers { lines.append("\(row.name): \(row.value)") }
        switch inherited.auth {
        case .bearer(let token): lines.append("Authorization: Bearer \(token)")
        case .basic(let user, let password): lines.append("Authorization: Basic \(user):\(password)")
        case .none, .inherit: break
        }
        if let body = body(request.body, name: request.name, warnings: &warnings) {
            if let contentType = body.contentType, !inherited.headers.contains(where: { $0.name.lowercased() == "content-type" }) {
                lines.append("Content-Type: \(contentType)")
            }
            lines.append("")
            lines.append(body.text)
        }
        reportLost(request, disabledRows: request.query.count - query.count + request.headers.filter { !$0.enabled }.count, warnings: &warnings)
        return lines.joined(separator: "\n")
    }

    private static func body(_ body: SavedBody, name: String, warnings: inout [ConversionWarning]) -> (text: String, contentType: String?)? {
        let result: (text: String, contentType: String?)?
        switch body {
        case .none: result = nil
        case .json(let text): result = (text, "application/json")
        case .graphQL(let graphQL): result = (graphQL.envelope, "application/json")
        case .form(let rows):
            result = (PlaceholderPreservingEncoding.pairs(rows.filter(\.enabled), spaceAsPlus: true), "application/x-www-form-urlencoded")
        case .raw(let text, let contentType): result = (text, contentType)
        case .file(let path, let contentType): result = ("< \(path)", contentType)
        case .bytes(let data, let contentType):
            result = (String(decoding: data, as: UTF8.self), contentType)
            if String(data: data, encoding: .utf8) == nil {
                warnings.append(ConversionWarning(.unsupported, at: name, "the body's bytes are not UTF-8 text and are written as text; put them in a file and send it with < PATH"))
            }
        case .multipart(let rows): result = multipart(rows.filter(\.enabled))
        }
        if let text = result?.text, text.split(separator: "\n").contains(where: { $0.hasPrefix("###") }) {
            warnings.append(ConversionWarning(.unsupported, at: name, "a body line starts with ###, which the format reads as the start of the next request"))
        }
        return result
    }

    private static func multipart(_ rows: [MultipartRow]) -> (text: String, contentType: String?) {
        let boundary = "curlew-http-file-boundary"
        var lines: [String] = []
        for row in rows {
            lines.append("--\(boundary)")
            switch row {
            case .field(let name, let value, _):
                lines.append("Content-Disposition: form-data; name=\"\(escapedQuoted(name))\"")
                lines.append("")
                lines.append(value)
            case .file(let name, let path, let fileName, let contentType, _):
                let shownName = fileName ?? (path as NSString).lastPathComponent
                lines.append("Content-Disposition: form-data; name=\"\(escapedQuoted(name))\"; filename=\"\(escapedQuoted(shownName))\"")
                if let contentType { lines.append("Content-Type: \(contentType)") }
                lines.append("")
                lines.append("< \(path)")
            }
        }
        lines.append("--\(boundary)--")
        return (lines.joined(separator: "\n"), "multipart/form-data; boundary=\(boundary)")
    }

    private static func escapedQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func reportLost(_ request: SavedRequest, disabledRows: Int, warnings: inout [ConversionWarning]) {
        var lost: [String] = []
        if disabledRows > 0 { lost.append("\(disabledRows) disabled row(s)") }
        let options = request.options
        if options.verifyTLS != nil { lost.append("TLS verification") }
        if options.pins != nil { lost.append("pins") }
        if options.caFile != nil { lost.append("the CA file") }
        if options.proxy != nil { lost.append("the proxy") }
        if options.maxRedirects != nil { lost.append("the redirect limit") }
        if !request.checks.isEmpty { lost.append("checks") }
        if !request.captures.isEmpty { lost.append("captures") }
        if !request.scripts.isEmpty { lost.append("the kept scripts of another tool") }
        if !lost.isEmpty {
            warnings.append(ConversionWarning(.unsupported, at: request.name, "the .http format cannot hold \(lost.joined(separator: ", ")); left out"))
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
