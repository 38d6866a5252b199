import Foundation
import RequestKit

/// Turns gathered curl settings and one URL into a request, as curl would send it.
enum CurlRequestAssembler {
    /// Builds the request for one URL; warnings about the body and URL are added to `settings`.
    static func request(for rawURL: String, settings: inout CurlSettings) -> Request {
        var url = normalizedURL(rawURL)
        if !settings.globbingOff, hasGlobPattern(url) {
            settings.warnings.append(ConversionWarning(.unsupported, at: rawURL, "curl would expand the [..] or {..} pattern into several URLs; curlew sends it as written"))
        }
        var headers = HTTPHeaders(settings.headers)
        let textData = dataText(settings: &settings)
        let hasData = !settings.data.isEmpty
        if hasData, textData == nil { warnAboutDataFiles(settings: &settings) }

        var queryParts = settings.urlQueries.filter { !$0.isEmpty }
        if settings.moveDataToQuery, hasData, let textData { queryParts.append(textData) }
        if !queryParts.isEmpty { url = appendingQuery(queryParts.joined(separator: "&"), to: url) }

        if let userAgent = settings.userAgent, !headers.contains(name: "User-Agent") { headers.add(name: "User-Agent", value: userAgent) }
        if let referer = settings.referer, !headers.contains(name: "Referer") { headers.add(name: "Referer", value: referer) }
        if !settings.cookies.isEmpty { headers.add(name: "Cookie", value: settings.cookies.joined(separator: "; ")) }

        var body = RequestBody.none
        if settings.moveDataToQuery {
            if !settings.form.isEmpty {
                settings.warnings.append(ConversionWarning(.unsupported, at: "-F", "-G cannot send a form; the form parts are dropped"))
            }
        } else if hasData {
            if !settings.form.isEmpty {
                settings.warnings.append(ConversionWarning(.unsupported, at: "-F", "-d and -F cannot be combined (curl refuses it); the -d data is kept and the form parts are dropped"))
            }
            body = dataBody(settings: settings, text: textData)
            if !headers.contains(name: "Content-Type") {
                headers.add(name: "Content-Type", value: settings.isJSON ? "application/json" : "application/x-www-form-urlencoded")
            }
            if settings.isJSON, !headers.contains(name: "Accept") { headers.add(name: "Accept", value: "application/json") }
        } else if !settings.form.isEmpty {
            body = .multipart(multipart(settings.form))
            if let type = headers.value(for: "Content-Type"), type.lowercased().hasPrefix("multipart/form-data"), !type.lowercased().contains("boundary=") {
                headers.remove(name: "Content-Type")
                settings.warnings.append(ConversionWarning(.note, at: "Content-Type", "the multipart Content-Type header is set when sending, with its boundary"))
            }
        } else if let upload = settings.uploadFile {
            body = .file(path: upload, contentType: nil)
        }

        let method = self.method(settings: settings, hasBody: hasData || !settings.form.isEmpty)
        return Request(method: HTTPMethod(rawValue: method), url: url, headers: headers, body: body, auth: settings.auth, options: settings.options)
    }

    /// The method curl would use: `-X` first, then `-I`, `-T`, `-G`, and POST for any body.
    static func method(settings: CurlSettings, hasBody: Bool) -> String {
        if let method = settings.method { return method }
        if settings.head { return "HEAD" }
        if settings.uploadFile != nil { return "PUT" }
        if settings.moveDataToQuery { return "GET" }
        return hasBody ? "POST" : "GET"
    }

    /// Adds `http://` when the URL has no scheme, as curl does.
    static func normalizedURL(_ url: String) -> String {
        if url.contains("://") { return url }
        return "http://" + url
    }

    /// Appends query text before any fragment.
    static func appendingQuery(_ query: String, to url: String) -> String {
        var base = url
        var fragment = ""
        if let hash = url.firstIndex(of: "#") {
            base = String(url[..<hash])
            fragment = String(url[hash...])
        }
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + query + fragment
    }

    /// The data parts joined as curl joins them (with `&`, or back to back for `--json`), when all are text.
    private static func dataText(settings: inout CurlSettings) -> String? {
        var texts: [String] = []
        for part in settings.data {
            guard case .text(let text) = part else { return nil }
            texts.append(text)
        }
        return texts.joined(separator: settings.isJSON ? "" : "&")
    }

    private static func warnAboutDataFiles(settings: inout CurlSettings) {
        if settings.moveDataToQuery {
            settings.warnings.append(ConversionWarning(.unsupported, at: "-G", "data read from a file cannot be moved into the query; it is dropped"))
        } else if settings.data.count > 1 {
            settings.warnings.append(ConversionWarning(.unsupported, at: "-d @file", "a file's contents joined with other data cannot be stored; the file appears as '@path' text in the body"))
        } else if case .file(let path, true) = settings.data[0] {
            settings.warnings.append(ConversionWarning(.note, at: "-d @\(path)", "curl strips line breaks from the file; curlew sends the file as it is (like --data-binary)"))
        }
    }

    private static func dataBody(settings: CurlSettings, text: String?) -> RequestBody {
        if let text { return .raw(Data(text.utf8), contentType: nil) }
        if settings.data.count == 1, case .file(let path, _) = settings.data[0] { return .file(path: path, contentType: nil) }
        var texts: [String] = []
        for part in settings.data {
            switch part {
            case .text(let text): texts.append(text)
            case .file(let path, _): texts.append("@" + path)
            case .unsupported: break
            }
        }
        return .raw(Data(texts.joined(separator: settings.isJSON ? "" : "&").utf8), contentType: nil)
    }

    private static func multipart(_ parts: [CurlFormPart]) -> MultipartForm {
        var form = MultipartForm()
        for part in parts {
            switch part {
            case .field(let field): form.fields.append(field)
            case .file(let file): form.files.append(file)
            }
        }
        return form
    }

    /// Whether a URL holds a curl glob such as `[1-9]`, `[a-z]` or `{one,two}`.
    static func hasGlobPattern(_ url: String) -> Bool {
        url.range(of: #"\[[0-9a-zA-Z]+-[0-9a-zA-Z]+(:[0-9]+)?\]"#, options: .regularExpression) != nil
            || url.range(of: #"(?<!\{)\{[^{}]*,[^{}]*\}(?!\})"#, options: .regularExpression) != nil
    }
}
