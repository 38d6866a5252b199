import Foundation

/// A k6 script and what could not be carried into it.
public struct K6Export: Sendable {
    /// The script (an ES module for `k6 run`).
    public var text: String
    /// Requests, checks, captures and options left out or changed, each with the reason.
    public var warnings: [ConversionWarning]
}

/// Writes a collection (or some of its requests) as a k6 load-test script.
///
/// Each request becomes an `http.request` in collection order inside the default function; its checks become one
/// `check()`; its captures set variables the requests after it use. Variables of the environment and the
/// collection are `__ENV` values with the file's value as default (`k6 run -e NAME=VALUE` overrides), and
/// secret ones are only `__ENV` names, never their values.
public enum K6Writer {
    /// The script for `requests` of `collection`, with `environment`'s variables (if any) winning over the collection's.
    public static func write(_ collection: RequestCollection, only selected: [LocatedRequest]? = nil,
                             environment: (name: String, variables: [Variable])? = nil) -> K6Export {
        var warnings: [ConversionWarning] = []
        var lines = [
            "// k6 script written by curlew from the collection \(commentSafe(collection.name)).",
            "// Run it with: k6 run -e NAME=VALUE script.js (each -e overrides a variable below).",
            "import http from \"k6/http\";",
            "import { check, sleep } from \"k6\";",
        ]
        let requests = selected ?? collection.allRequests
        if requests.contains(where: { request in
            if case .basic = InheritedSettings.effective(for: request, in: collection).auth { return true }
            return false
        }) {
            lines.append("import encoding from \"k6/encoding\";")
        }
        lines.append("")
        lines += variableLines(collection: collection.variables, environment: environment)
        lines += ["", K6Source.helpers, ""]
        if requests.contains(where: { $0.request.options.verifyTLS == false }) {
            lines += ["export const options = { insecureSkipTLSVerify: true };", ""]
            warnings.append(ConversionWarning(.note, at: "options", "a request does not verify TLS; k6 sets that for the whole test (insecureSkipTLSVerify)"))
        }
        lines.append("export default function () {")
        lines.append("  let res;")
        for located in requests {
            let (requestLines, requestWarnings) = requestBlock(located, in: collection)
            lines += requestLines.map { "  " + $0 }
            warnings += requestWarnings
        }
        lines.append("}")
        return K6Export(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }

    /// `const vars = { … }`: collection variables, then the environment's over them; secrets as bare `__ENV` names.
    private static func variableLines(collection: [Variable], environment: (name: String, variables: [Variable])?) -> [String] {
        var order: [String] = []
        var chosen: [String: Variable] = [:]
        for variable in collection.filter(\.enabled) + (environment?.variables.filter(\.enabled) ?? []) {
            if chosen[variable.name] == nil { order.append(variable.name) }
            chosen[variable.name] = variable
        }
        var lines = ["// Variables" + (environment.map { " of the environment \(commentSafe($0.name)) and" } ?? " of") + " the collection."]
        lines.append("const vars = {")
        for name in order {
            guard let variable = chosen[name] else { continue }
            let key = K6Source.literal(name)
            if variable.secret {
                lines.append("  \(key): __ENV[\(key)], // secret: pass it with -e")
            } else {
                lines.append("  \(key): __ENV[\(key)] !== undefined ? __ENV[\(key)] : \(K6Source.literal(variable.value)),")
            }
        }
        lines.append("};")
        return lines
    }

    /// The lines of one request: send, check, capture.
    private static func requestBlock(_ located: LocatedRequest, in collection: RequestCollection) -> ([String], [ConversionWarning]) {
        let request = located.request
        let path = located.path
        var warnings: [ConversionWarning] = []
        var lines = ["", "// " + commentSafe(path)]
        let inherited = InheritedSettings.effective(for: located, in: collection)
        var headers: [(String, String)] = inherited.headers.filter(\.enabled).map { (K6Source.template($0.name), K6Source.template($0.value)) }
        func hasHeader(_ name: String) -> Bool {
            inherited.headers.contains { $0.enabled && $0.name.lowercased() == name }
        }
        switch inherited.auth {
        case .bearer(let token):
            headers.append(("\"Authorization\"", "\"Bearer \" + " + K6Source.template(token)))
        case .basic(let user, let password):
            headers.append(("\"Authorization\"", "\"Basic \" + encoding.b64encode(\(K6Source.template(user)) + \":\" + \(K6Source.template(password)))"))
        case .apiKey(let key) where key.location == .header:
            headers.append((K6Source.template(key.name), K6Source.template(key.value)))
        case .digest, .ntlm, .negotiate, .apiKey, .awsSigV4, .oauth2:
            warnings.append(ConversionWarning(.unsupported, at: located.request.name, "the \(inherited.auth.typeName) auth is not written for k6; the request goes without it"))
        case .none, .inherit:
            break
        }
        var body = "null"
        switch request.body {
        case .none:
            break
        case .json(let text):
            body = K6Source.template(text)
            if !hasHeader("content-type") { headers.append(("\"Content-Type\"", "\"application/json\"")) }
        case .graphQL(let graphQL):
            body = K6Source.template(graphQL.envelope)
            if !hasHeader("content-type") { headers.append(("\"Content-Type\"", "\"application/json\"")) }
        case .raw(let text, let contentType):
            body = K6Source.template(text)
            if let contentType, !hasHeader("content-type") { headers.append(("\"Content-Type\"", K6Source.literal(contentType))) }
        case .form(let rows):
            let pairs = rows.filter(\.enabled).map { "[\(K6Source.template($0.name)), \(K6Source.template($0.value))]" }
            body = "withQuery(\"\", [\(pairs.joined(separator: ", "))]).slice(1)"
            if !hasHeader("content-type") { headers.append(("\"Content-Type\"", "\"application/x-www-form-urlencoded\"")) }
        case .file, .bytes, .multipart:
            warnings.append(ConversionWarning(.unsupported, at: path, "file, bytes and multipart bodies are not written to k6 scripts; the request is left out"))
            lines.append("// left out: its body is a file, bytes or multipart form")
            return (lines, warnings)
        }
        let query = request.query.filter(\.enabled).map { "[\(K6Source.template($0.name)), \(K6Source.template($0.value))]" }
        let url = query.isEmpty ? K6Source.template(request.url) : "withQuery(\(K6Source.template(request.url)), [\(query.joined(separator: ", "))])"
        var params = ["headers: { " + headers.map { "[\($0.0)]: \($0.1)" }.joined(separator: ", ") + " }"]
        let options = request.options
        if let timeout = options.timeout, timeout > 0 { params.append("timeout: \"\(Int(timeout.rounded(.up)))s\"") }
        if options.followRedirects == false {
            params.append("redirects: 0")
        } else if let maximum = options.maxRedirects {
            params.append("redirects: \(maximum)")
        }
        let settings = [(options.pins != nil, "pins"), (options.caFile != nil, "caFile"), (options.proxy != nil, "proxy"),
                        (options.retry != nil, "retry"), (options.httpVersion != nil, "httpVersion")]
            + options.connectionSettingNames.map { (true, $0) }
        for (present, name) in settings where present {
            warnings.append(ConversionWarning(.unsupported, at: path, "the option \(name) has no k6 counterpart per request; it is left out"))
        }
        if !request.scripts.isEmpty {
            warnings.append(ConversionWarning(.note, at: path, "the kept scripts of another tool are not written; curlew never runs them"))
        }
        if let delay = options.delay, delay > 0 { lines.append("sleep(\(Double(delay) / 1000));") }
        lines.append("res = http.request(\(K6Source.literal(request.method.rawValue)), \(url), \(body), { \(params.joined(separator: ", ")) });")

        var checks: [String] = []
        for check in request.checks {
            do {
                let test = try K6CheckTranslation.check(check)
                checks.append("  \(K6Source.literal(path + ": " + check.text)): (r) => holds(() => \(test)),")
            } catch {
                warnings.append(ConversionWarning(.unsupported, at: path, "the check '\(check.text)' is left out: k6 scripts from curlew cannot do \(error.reason)"))
                lines.append("// left out: " + commentSafe(check.text))
            }
        }
        if request.checks.isEmpty {
            checks.append("  \(K6Source.literal(path + ": status is 2xx or 3xx")): (r) => r.status >= 200 && r.status < 400,")
        }
        if !checks.isEmpty { lines += ["check(res, {"] + checks + ["});"] }
        for capture in request.captures {
            do {
                let expression = try K6CheckTranslation.capture(capture)
                lines.append("vars[\(K6Source.literal(capture.variable))] = ((r) => { try { return \(expression); } catch (e) { return undefined; } })(res);")
            } catch {
                warnings.append(ConversionWarning(.unsupported, at: path, "the capture '\(capture.text)' is left out: k6 scripts from curlew cannot do \(error.reason)"))
                lines.append("// left out: " + commentSafe(capture.text))
            }
        }
        return (lines, warnings)
    }

    /// Text for a `//` comment: on one line.
    private static func commentSafe(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 ? " " : Character($0) })
    }
}
