import Foundation
import RequestKit

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
/// folders are kept in a `# @folder A/B` comment that `HTTPFileParser` reads back. Every field is
/// data: `HTTPFileText` keeps each from starting a line of syntax, and what cannot be written as
/// it is gets a warning.
public enum HTTPFileWriter {
    /// Writes every request of a collection, or only those given.
    public static func write(_ collection: RequestCollection, only selected: [LocatedRequest]? = nil) -> HTTPFileExport {
        var warnings: [ConversionWarning] = []
        var sections: [String] = []
        let variables = collection.variables.filter(\.enabled)
        let written = variables.filter { variable in
            let name = variable.name
            guard name.unicodeScalars.contains("=") || OneLineText.hasLineBreak(name) || name.unicodeScalars.contains("\0")
                || name.trimmingCharacters(in: .whitespaces).isEmpty || !("@" + name).hasPrefix("@") else { return true }
            warnings.append(ConversionWarning(.unsupported, at: "@" + OneLineText.visible(name), "a file variable's name cannot be blank, start with a combining mark, or hold =, NUL or a line break; the variable is left out"))
            return false
        }
        if !written.isEmpty {
            sections.append(written.map { variable in
                if variable.secret {
                    warnings.append(ConversionWarning(.note, at: "@\(variable.name)", "a secret variable is written without its value"))
                    return "@\(variable.name) ="
                }
                if OneLineText.hasLineBreak(variable.value) {
                    warnings.append(ConversionWarning(.unsupported, at: "@\(variable.name)", "a value with line breaks cannot be a file variable; only its first line is written"))
                }
                return "@\(variable.name) = \(String(variable.value.unicodeScalars.prefix { !OneLineText.isLineBreak($0) }))"
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
        let name = HTTPFileText.name(request.name)
        var lines = ["### \(name)"]
        if !request.description.isEmpty {
            lines += HTTPFileText.commentLines(request.description)
        }
        lines.append("# @name \(HTTPFileText.directiveValue(name))")
        if !located.folders.isEmpty {
            lines.append("# @folder \(HTTPFileText.directiveValue(located.folders.map { HTTPFileText.folderName($0.name) }.joined(separator: "/")))")
        }
        if request.options.followRedirects == false { lines.append("# @no-redirect") }
        if let timeout = request.options.timeout { lines.append("# @timeout \(formatSeconds(timeout))") }
        let query = request.query.filter(\.enabled)
        let method = request.method.rawValue
        func encoded(_ row: KeyValueRow) -> String {
            PlaceholderPreservingEncoding.encode(row.name, oneLine: true) + "=" + PlaceholderPreservingEncoding.encode(row.value, oneLine: true)
        }
        if URLQueryPlacement.hasQueryOrFragment(request.url) {
            let url = URLQueryPlacement.appending(query.map(encoded).joined(separator: "&"), to: request.url)
            lines.append("\(method) \(HTTPFileText.url(url, method: method))")
        } else {
            lines.append("\(method) \(HTTPFileText.url(request.url, method: method))")
            for (index, row) in query.enumerated() {
                lines.append("    \(index == 0 ? "?" : "&")\(encoded(row))")
            }
        }
        for row in inherited.headers {
            if let problem = HTTPFileText.headerNameProblem(row.name) {
                warnings.append(ConversionWarning(.unsupported, at: request.name, "the header \(row.name.debugDescription) is left out: \(problem)"))
                continue
            }
            lines.append("\(row.name): \(OneLineText.visible(row.value))")
        }
        switch inherited.auth {
        case .bearer(let token): lines.append("Authorization: Bearer \(OneLineText.visible(token))")
        case .basic(let user, let password): lines.append("Authorization: Basic \(basicCredentials(user: user, password: password))")
        case .digest(let user, let password) where !user.contains(" ") && !password.contains(" "):
            lines.append("Authorization: Digest \(OneLineText.visible(user)) \(OneLineText.visible(password))")
        case .apiKey(let key) where key.location == .header:
            lines.append("\(OneLineText.visible(key.name)): \(OneLineText.visible(key.value))")
        case .apiKey(let key) where key.location == .cookie:
            lines.append("Cookie: \(OneLineText.visible(key.name))=\(OneLineText.visible(key.value))")
        case .digest, .ntlm, .negotiate, .apiKey, .awsSigV4, .oauth2:
            warnings.append(ConversionWarning(.unsupported, at: request.name, "the \(inherited.auth.typeName) auth has no form in a .http file; the request is written without it"))
        case .none, .inherit: break
        }
        let oneLine = inherited.headers.map(\.value) + {
            switch inherited.auth {
            case .bearer(let token): return [token]
            case .apiKey(let key): return [key.value]
            default: return []
            }
        }()
        if oneLine.contains(where: { OneLineText.hasLineBreak($0) || $0.unicodeScalars.contains("\0") }) {
            warnings.append(ConversionWarning(.unsupported, at: request.name, "a header value holds a line break or NUL, written as ⏎ or ␀"))
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

    /// `user:password` when it is one line that the reader takes back as it is, else its Base64 (which
    /// `{{variables}}` cannot be in: then line breaks and NUL are written ⏎ and ␀).
    private static func basicCredentials(user: String, password: String) -> String {
        let plain = "\(user):\(password)"
        if !OneLineText.hasLineBreak(plain), !plain.unicodeScalars.contains("\0"),
           case .basic(user, password) = HTTPFileBlockParser.auth(from: [KeyValueRow(name: "Authorization", value: "Basic " + plain)]).0 { return plain }
        if VariableResolver.containsPlaceholder(plain) { return OneLineText.visible(plain) }
        return Data(plain.utf8).base64EncodedString()
    }

    private static func body(_ body: SavedBody, name: String, warnings: inout [ConversionWarning]) -> (text: String, contentType: String?)? {
        var result: (text: String, contentType: String?)?
        switch body {
        case .none: result = nil
        case .json(let text): result = (text, "application/json")
        case .graphQL(let graphQL): result = (graphQL.envelope, "application/json")
        case .form(let rows):
            result = (PlaceholderPreservingEncoding.pairs(rows.filter(\.enabled), spaceAsPlus: true), "application/x-www-form-urlencoded")
        case .raw(let text, let contentType): result = (text, contentType)
        case .file(let path, let contentType):
            let line = "< \(OneLineText.visible(path))"
            if line.trimmingCharacters(in: .whitespaces).drop(while: { $0 == "<" || $0 == "@" }).trimmingCharacters(in: .whitespaces).isEmpty {
                warnings.append(ConversionWarning(.unsupported, at: OneLineText.visible(name), "a blank file path cannot be written as < PATH; the body is left out"))
                return nil
            }
            result = (line, contentType)
        case .bytes(let data, let contentType):
            result = (String(decoding: data, as: UTF8.self), contentType)
            if String(data: data, encoding: .utf8) == nil {
                warnings.append(ConversionWarning(.unsupported, at: name, "the body's bytes are not UTF-8 text and are written as text; put them in a file and send it with < PATH"))
            }
        case .multipart(let rows): return multipart(rows.filter(\.enabled), name: name, warnings: &warnings)
        }
        if case .file = body { return result }
        if let text = result?.text {
            let (safe, changed) = HTTPFileText.body(text)
            if !changed.isEmpty {
                warnings.append(ConversionWarning(.unsupported, at: name, "body line(s) \(changed.map(String.init).joined(separator: ", ")) would read as .http syntax (###, >, <); each is written with a \\ in front"))
            }
            result?.text = safe
        }
        return result
    }

    private static func multipart(_ rows: [MultipartRow], name: String, warnings: inout [ConversionWarning]) -> (text: String, contentType: String?) {
        var boundary = "curlew-http-file-boundary"
        let values = rows.map { row -> String in
            if case .field(_, let value, _) = row { return value }
            return ""
        }
        var attempt = 1
        while values.contains(where: { $0.contains(boundary) }) {
            attempt += 1
            boundary = "curlew-http-file-boundary-\(attempt)"
        }
        var lines: [String] = []
        for row in rows {
            lines.append("--\(boundary)")
            switch row {
            case .field(let name, let value, _):
                lines.append("Content-Disposition: form-data; name=\"\(escapedQuoted(name))\"")
                lines.append("")
                let (safe, changed) = HTTPFileText.body(value)
                if !changed.isEmpty {
                    warnings.append(ConversionWarning(.unsupported, at: name, "line(s) \(changed.map(String.init).joined(separator: ", ")) of a form field would read as .http syntax; each is written with a \\ in front"))
                }
                lines.append(safe)
            case .file(let name, let path, let fileName, let contentType, _):
                let shownName = MultipartFile(name: name, path: path, fileName: fileName).effectiveFileName
                lines.append("Content-Disposition: form-data; name=\"\(escapedQuoted(name))\"; filename=\"\(escapedQuoted(shownName))\"")
                if let contentType { lines.append("Content-Type: \(OneLineText.visible(contentType))") }
                lines.append("")
                lines.append("< \(OneLineText.visible(path))")
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
        lost += options.connectionSettingNames.map { "the \($0) option" }
        if !request.checks.isEmpty { lost.append("checks") }
        if !request.captures.isEmpty { lost.append("captures") }
        if !request.scripts.isEmpty { lost.append("the kept scripts of another tool") }
        if !lost.isEmpty {
            warnings.append(ConversionWarning(.unsupported, at: OneLineText.visible(request.name), "the .http format cannot hold \(lost.joined(separator: ", ")); left out"))
        }
    }

    private static func formatSeconds(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
