import Foundation
import RequestKit

/// Parses one `###`-separated block of a `.http` file into a saved request.
struct HTTPFileBlockParser {
    let block: HTTPFileParser.Block
    /// File variables (`@name = value`) found in the block.
    private(set) var variables: [Variable] = []
    /// What could not be carried over.
    private(set) var warnings: [ConversionWarning] = []
    /// The folder names from `# @folder A/B`.
    private(set) var folderPath: [String] = []

    private var name: String?
    private var descriptionLines: [String] = []
    private var followRedirects: Bool?
    private var timeout: Double?

    init(block: HTTPFileParser.Block) {
        self.block = block
    }

    /// The request of the block, or nil when it holds only variables and comments.
    mutating func parse() -> SavedRequest? {
        let lines = block.lines
        var index = 0
        while index < lines.count {
            let (number, line) = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                index += 1
            } else if let comment = Self.comment(trimmed) {
                readComment(comment, line: number)
                index += 1
            } else if trimmed.hasPrefix("@"), trimmed.contains("=") {
                readVariable(trimmed, line: number)
                index += 1
            } else {
                return readRequest(from: index)
            }
        }
        return nil
    }

    /// The text of a `#` or `//` comment line, or nil when the line is not a comment.
    static func comment(_ trimmed: String) -> String? {
        if trimmed.hasPrefix("#") { return String(trimmed.dropFirst()).trimmingCharacters(in: .whitespaces) }
        if trimmed.hasPrefix("//") { return String(trimmed.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
        return nil
    }

    private mutating func readComment(_ comment: String, line: Int) {
        guard comment.hasPrefix("@") else {
            descriptionLines.append(comment)
            return
        }
        let body = comment.dropFirst()
        let key = String(body.prefix { $0 != " " && $0 != "=" && $0 != "\t" })
        var value = body.dropFirst(key.count).trimmingCharacters(in: .whitespaces)
        if value.hasPrefix("=") { value = value.dropFirst().trimmingCharacters(in: .whitespaces) }
        switch key {
        case "name": name = value
        case "folder":
            folderPath = value.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if folderPath.count > FolderDepth.maximum {
                warnings.append(ConversionWarning(.unsupported, at: "line \(line)", "@folder names \(folderPath.count) nested folders; curlew allows at most \(FolderDepth.maximum), so the request goes in the first \(FolderDepth.maximum)"))
                folderPath = Array(folderPath.prefix(FolderDepth.maximum))
            }
        case "no-redirect": followRedirects = false
        case "timeout":
            switch NumberReading.seconds(value) {
            case .success(let seconds): timeout = seconds
            case .failure(let refusal):
                warnings.append(ConversionWarning(.unsupported, at: "line \(line)", "@timeout: \(refusal.reason); ignored"))
            }
        case "no-cookie-jar", "no-log", "note":
            warnings.append(ConversionWarning(.note, at: "line \(line)", "'@\(key)' has no effect in curlew; ignored"))
        default:
            warnings.append(ConversionWarning(.unsupported, at: "line \(line)", "'@\(key)' is not supported; ignored"))
        }
    }

    private mutating func readVariable(_ trimmed: String, line: Int) {
        guard let equals = trimmed.firstIndex(of: "=") else { return }
        let name = trimmed[trimmed.index(after: trimmed.startIndex)..<equals].trimmingCharacters(in: .whitespaces)
        let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let converted = HTTPFileVariables.convert(value, location: "line \(line)", warnings: &warnings)
        variables.append(Variable(name: name, value: converted))
    }

    private mutating func readRequest(from start: Int) -> SavedRequest {
        let lines = block.lines
        let (requestLineNumber, requestLine) = lines[start]
        var (method, url) = Self.requestLine(requestLine.trimmingCharacters(in: .whitespaces))
        var index = start + 1
        while index < lines.count {
            let trimmed = lines[index].text.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("?") || trimmed.hasPrefix("&") else { break }
            url += trimmed
            index += 1
        }
        var headers: [KeyValueRow] = []
        while index < lines.count {
            let (number, line) = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            index += 1
            if trimmed.isEmpty { break }
            if Self.comment(trimmed) != nil { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                warnings.append(ConversionWarning(.unsupported, at: "line \(number)", "'\(trimmed)' is not a header (no ':'); ignored"))
                continue
            }
            let headerName = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers.append(KeyValueRow(name: headerName, value: HTTPFileVariables.convert(value, location: "line \(number)", warnings: &warnings)))
        }
        let bodyText = readBody(lines[min(index, lines.count)...])

        let location = "line \(requestLineNumber)"
        url = HTTPFileVariables.convert(url, location: location, warnings: &warnings)
        if url.hasPrefix("/"), let hostIndex = headers.firstIndex(where: { $0.name.lowercased() == "host" }) {
            url = "http://" + headers[hostIndex].value + url
            headers.remove(at: hostIndex)
        }
        var saved = SavedRequest(name: name ?? (block.title.isEmpty ? "\(method) \(Self.path(of: url))" : block.title), method: HTTPMethod(rawValue: method), url: url)
        saved.description = descriptionLines.joined(separator: "\n")
        if let split = URLEncodedPairs.splitQuery(of: url) {
            saved.url = split.url
            saved.query = split.rows
        }
        (saved.auth, headers) = Self.auth(from: headers)
        if let bodyText {
            let converted = HTTPFileVariables.convert(bodyText, location: location, warnings: &warnings)
            (saved.body, headers) = body(converted, headers: headers, location: location)
        }
        saved.headers = headers
        saved.options = SavedOptions(timeout: timeout, followRedirects: followRedirects)
        return saved
    }

    /// The method and URL of a request line; the method is GET when the line is only a URL.
    static func requestLine(_ line: String) -> (method: String, url: String) {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        if words.count > 1, let last = words.last, last.hasPrefix("HTTP/") { words.removeLast() }
        if words.count > 1, let first = words.first, first.allSatisfy({ $0.isASCII && ($0.isUppercase || $0 == "-") }) {
            return (first, words.dropFirst().joined(separator: " "))
        }
        return ("GET", words.joined(separator: " "))
    }

    /// The body text up to the end of the block, without trailing blank lines and response handlers.
    private mutating func readBody(_ lines: ArraySlice<(number: Int, text: String)>) -> String? {
        var kept: [String] = []
        for (number, line) in lines {
            if line.hasPrefix("> ") || line.hasPrefix(">>") || line.hasPrefix("> {%") {
                warnings.append(ConversionWarning(.unsupported, at: "line \(number)", "response handlers and response output files are not supported; dropped"))
                break
            }
            if line.hasPrefix("<> ") {
                warnings.append(ConversionWarning(.note, at: "line \(number)", "the reference to a previous response is dropped"))
                continue
            }
            kept.append(line)
        }
        while let last = kept.last, last.trimmingCharacters(in: .whitespaces).isEmpty { kept.removeLast() }
        return kept.isEmpty ? nil : kept.joined(separator: "\n")
    }

    private mutating func body(_ text: String, headers: [KeyValueRow], location: String) -> (SavedBody, [KeyValueRow]) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !trimmed.contains("\n"), trimmed.hasPrefix("<"), !trimmed.hasPrefix("<?"), !trimmed.hasPrefix("<!"),
           trimmed.dropFirst().first == " " || trimmed.hasPrefix("<@") {
            let path = trimmed.drop { $0 == "<" || $0 == "@" }.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<@") {
                warnings.append(ConversionWarning(.unsupported, at: location, "'<@' would substitute variables inside the file; curlew sends the file as it is"))
            }
            let (contentType, rest) = SavedBodyInference.takeContentType(from: headers)
            return (.file(path: path, contentType: contentType), rest)
        }
        if text.split(separator: "\n").contains(where: { $0.hasPrefix("< ") }) {
            warnings.append(ConversionWarning(.unsupported, at: location, "file references inside a multipart body are not read; the body is kept as text. Rebuild it as a multipart body in curlew"))
        }
        return SavedBodyInference.body(text: text, headers: headers)
    }

    /// Takes an `Authorization: Bearer …` or `Basic user:password` header out into the request's auth.
    static func auth(from headers: [KeyValueRow]) -> (SavedAuth, [KeyValueRow]) {
        guard let index = headers.firstIndex(where: { $0.enabled && $0.name.lowercased() == "authorization" }) else { return (.inherit, headers) }
        let value = headers[index].value
        var rest = headers
        let words = value.split(separator: " ", maxSplits: 1).map(String.init)
        guard words.count == 2 else { return (.inherit, headers) }
        let scheme = words[0].lowercased(), credentials = words[1].trimmingCharacters(in: .whitespaces)
        if scheme == "bearer" {
            rest.remove(at: index)
            return (.bearer(token: credentials), rest)
        }
        guard scheme == "basic" else { return (.inherit, headers) }
        if let colon = credentials.firstIndex(of: ":") {
            rest.remove(at: index)
            return (.basic(user: String(credentials[..<colon]), password: String(credentials[credentials.index(after: colon)...])), rest)
        }
        let parts = credentials.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            rest.remove(at: index)
            return (.basic(user: parts[0], password: parts[1]), rest)
        }
        if let data = Data(base64Encoded: credentials), let decoded = String(data: data, encoding: .utf8), let colon = decoded.firstIndex(of: ":") {
            rest.remove(at: index)
            return (.basic(user: String(decoded[..<colon]), password: String(decoded[decoded.index(after: colon)...])), rest)
        }
        return (.inherit, headers)
    }

    /// The path of a URL for a default request name.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...].prefix { $0 != "?" && $0 != "#" })
    }
}
