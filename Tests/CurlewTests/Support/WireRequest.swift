import Foundation
import RequestKit
import RequestStore

/// A request as it goes on the wire, worked out without refusing anything, so that two requests can be compared:
/// the method, the URL with its query, every header (Authorization and Content-Type included) and the body.
struct WireRequest: Hashable, CustomStringConvertible {
    /// One part of a multipart body.
    struct Part: Hashable {
        var name: String
        var value: String?
        var path: String?
        var fileName: String?
        var contentType: String?
    }

    /// The body.
    enum Body: Hashable {
        case none
        case bytes(Data)
        case file(String)
        case multipart([Part])
    }

    var method: String
    var url: String
    var headers: [HTTPHeader]
    var body: Body

    /// The wire form of a RequestKit request.
    init(_ request: Request) {
        method = request.method.rawValue
        let pairs = FormEncoding.pairs(request.query)
        if let parsed = try? RequestURL(request.url) {
            url = parsed.appendingQuery(pairs)
        } else {
            url = request.url + (pairs.isEmpty ? "" : (request.url.contains("?") ? "&" : "?") + pairs.joined(separator: "&"))
        }
        var headers = request.headers
        if let authorization = request.auth.headerValue, !headers.contains(name: "Authorization") {
            headers.add(name: "Authorization", value: authorization)
        }
        switch request.body {
        case .multipart(let form):
            headers.set(name: "Content-Type", value: "multipart/form-data")
            body = .multipart(form.fields.map { Part(name: $0.name, value: $0.value) }
                + form.files.map { Part(name: $0.name, path: $0.path, fileName: $0.effectiveFileName, contentType: $0.effectiveContentType) })
        case .file(let path, _):
            body = .file(path)
        default:
            let segments = (try? request.body.encoded().segments) ?? []
            var data = Data()
            for case .bytes(let bytes) in segments { data += bytes }
            body = data.isEmpty ? .none : .bytes(data)
        }
        if case .multipart = request.body {} else if let type = try? request.body.encoded().contentType, !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: type)
        }
        // libcurl and curl send no header whose value is only spaces and tabs (they read it as "remove this header");
        // spaces and tabs around a value are not part of it (RFC 9110, 5.5).
        self.headers = Self.ordered(headers.all.filter { $0.value.isEmpty || !$0.value.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }
            .map { HTTPHeader(name: $0.name, value: Self.withoutSpacesAround($0.value)) })
    }

    /// The value without spaces and tabs at its ends.
    static func withoutSpacesAround(_ value: String) -> String {
        var scalars = value.unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// Headers in the order of their names (compared without case), those of one name in their own order: the
    /// order of different fields carries no meaning.
    static func ordered(_ headers: [HTTPHeader]) -> [HTTPHeader] {
        headers.enumerated().sorted { ($0.element.name.lowercased(), $0.offset) < ($1.element.name.lowercased(), $1.offset) }.map(\.element)
    }

    /// The wire form of a saved request in a collection, every `{{name}}` resolved to `⟦name⟧` (built-ins too), and
    /// relative paths made absolute against `/base`; `{{ name }}` and `{{name}}` give the same request.
    init(_ located: LocatedRequest, in collection: RequestCollection) {
        let inherited = InheritedSettings.effective(for: located, in: collection)
        func literal(_ text: String) -> String { Self.literalPlaceholders(text) }
        let headers = inherited.headers.map { KeyValueRow(name: literal($0.name), value: literal($0.value), enabled: $0.enabled) }
        let auth = inherited.auth.mappingTexts(literal)
        let saved = located.request.mappingTexts(literal)
        // With every placeholder made literal, resolving finds nothing to resolve.
        let request = (try? RequestConversion.makeRequest(saved, headers: headers, auth: auth, scope: VariableScope(), baseDirectory: "/base"))
            ?? Request(url: "unconvertible")
        self.init(request)
    }

    /// The text with each `{{ name }}` written `⟦name⟧`, so that it reads as text and two spellings of a name compare equal.
    static func literalPlaceholders(_ text: String) -> String {
        var text = text
        while true {
            let references = VariableResolver.references(in: text, scope: VariableScope())
            guard !references.isEmpty else { return text }
            var result = ""
            var cursor = text.startIndex
            for reference in references {
                result += text[cursor..<reference.range.lowerBound]
                result += "⟦" + reference.name + "⟧"
                cursor = reference.range.upperBound
            }
            text = result + text[cursor...]
        }
    }

    /// Where two bodies (or else two URLs) first differ, with the text around it, or "" when they do not.
    func bodyDifference(from other: WireRequest) -> String {
        var pair: (Data, Data)?
        if case .bytes(let mine) = body, case .bytes(let theirs) = other.body, mine != theirs { pair = (mine, theirs) }
        if pair == nil, url != other.url { pair = (Data(url.utf8), Data(other.url.utf8)) }
        guard let (mine, theirs) = pair else { return "" }
        let offset = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(mine.count, theirs.count)
        func around(_ data: Data) -> String {
            let start = max(0, offset - 40), end = min(data.count, offset + 40)
            return String(decoding: data[data.startIndex + start..<data.startIndex + end], as: UTF8.self).debugDescription
        }
        return "they differ at byte \(offset): \(around(mine)) against \(around(theirs))"
    }

    var description: String {
        func shown(_ text: String) -> String { text.count > 120 ? String(text.prefix(120)).debugDescription + "…(\(text.utf8.count) bytes)" : text.debugDescription }
        var lines = ["\(method) \(shown(url))"]
        lines += headers.map { "  \(shown($0.name)): \(shown($0.value))" }
        switch body {
        case .none: lines.append("  (no body)")
        case .bytes(let data): lines.append("  body " + shown(String(decoding: data, as: UTF8.self)))
        case .file(let path): lines.append("  file " + shown(path))
        case .multipart(let parts):
            lines += parts.map { "  part \(shown($0.name)) value \(shown($0.value ?? "-")) path \(shown($0.path ?? "-")) name \(shown($0.fileName ?? "-")) type \($0.contentType ?? "-")" }
        }
        return lines.joined(separator: "\n")
    }
}

extension SavedRequest {
    /// The request with `transform` applied to every text variables are resolved in.
    func mappingTexts(_ transform: (String) -> String) -> SavedRequest {
        var result = self
        result.url = transform(url)
        result.query = query.map { KeyValueRow(name: transform($0.name), value: transform($0.value), enabled: $0.enabled) }
        result.headers = headers.map { KeyValueRow(name: transform($0.name), value: transform($0.value), enabled: $0.enabled) }
        switch body {
        case .none, .bytes, .graphQL: break
        case .json(let text): result.body = .json(transform(text))
        case .raw(let text, let type): result.body = .raw(text: transform(text), contentType: type)
        case .form(let rows): result.body = .form(rows.map { KeyValueRow(name: transform($0.name), value: transform($0.value), enabled: $0.enabled) })
        case .multipart(let parts):
            result.body = .multipart(parts.map { part in
                switch part {
                case .field(let name, let value, let enabled): return .field(name: transform(name), value: transform(value), enabled: enabled)
                case .file(let name, let path, let fileName, let type, let enabled):
                    return .file(name: transform(name), path: transform(path), fileName: fileName.map(transform), contentType: type, enabled: enabled)
                }
            })
        case .file(let path, let type): result.body = .file(path: transform(path), contentType: type)
        }
        result.auth = auth.mappingTexts(transform)
        return result
    }
}
