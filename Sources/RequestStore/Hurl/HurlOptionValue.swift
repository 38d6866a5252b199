import RequestKit

/// Applies one Hurl option, by its name and literal value, to a saved request; shared by the `.hurl` reader and by
/// the options whose `{{template}}` is resolved when the request is made.
public enum HurlOptionValue {
    /// What is wrong with an option's value, or that curlew does not have the option.
    public enum Problem: Error, Hashable, Sendable {
        /// The value does not fit the option; the text says what it takes.
        case invalid(String)
        /// curlew does not have the option or this value of it.
        case unsupported(String)
    }

    /// The options that take a literal true, false or number, whose `{{template}}` waits until the request is made.
    public static let deferred: Set<String> = [
        "location", "max-redirs", "insecure", "delay", "retry", "retry-interval", "compressed", "http1.0", "http1.1", "http2", "http3",
        "location-trusted", "path-as-is", "digest", "ntlm", "negotiate", "netrc", "netrc-optional", "ipv4", "ipv6", "limit-rate",
        "connect-timeout", "max-time",
        "skip", "verbose", "very-verbose", "fail-with-body",
    ]

    /// The options curlew reads, as Hurl names them.
    public static let supported = [
        "location", "max-redirs", "insecure", "variable", "delay", "retry", "retry-interval", "compressed",
        "http1.0", "http1.1", "http2", "user", "output", "cacert", "pinnedpubkey", "proxy", "skip", "header", "no-header",
        "variables-file", "verbose", "very-verbose", "verbosity", "fail-with-body",
    ] + HurlConnectionOption.names

    /// The values Hurl's `verbosity` option takes.
    public static let verbosities = ["brief", "verbose", "debug"]

    /// Sets the option `name` to `value` on `request`.
    public static func apply(name: String, value: String, to request: inout SavedRequest) throws(Problem) {
        func bool() throws(Problem) -> Bool {
            switch value {
            case "true": return true
            case "false": return false
            default: throw .invalid("\(name) takes true or false, not '\(value)'")
            }
        }
        func integer(_ range: ClosedRange<Int>) throws(Problem) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw .invalid("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'")
            }
            return number
        }
        func milliseconds() throws(Problem) -> Int {
            if let milliseconds = NumberReading.milliseconds(value, in: SavedOptions.retryIntervalRange) { return milliseconds }
            return try integer(SavedOptions.retryIntervalRange)
        }
        func text() throws(Problem) -> String {
            guard !value.isEmpty else { throw .invalid("\(name) needs a value") }
            return value
        }
        switch name {
        case "location": request.options.followRedirects = try bool()
        case "max-redirs":
            // As in Hurl and curl, -1 follows any number of redirects.
            request.options.maxRedirects = value == "-1" ? -1 : try integer(0...NumberReading.maximumRedirects)
        case "insecure": request.options.verifyTLS = !(try bool())
        case "variable":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw .invalid("variable takes NAME=VALUE, not '\(value)'")
            }
            let variable = String(value[..<equals])
            guard VariableNameRule.isValid(variable) else { throw .invalid("'\(variable)' is not a variable name; use letters, digits, _ and -") }
            request.options.variables = (request.options.variables ?? []) + [KeyValueRow(name: variable, value: String(value[value.index(after: equals)...]))]
        case "delay": request.options.delay = try milliseconds()
        case "retry": request.options.retry = value == "-1" ? SavedOptions.retryRange.upperBound : try integer(SavedOptions.retryRange)
        case "retry-interval": request.options.retryInterval = try milliseconds()
        case "compressed": request.options.compressed = try bool()
        case "http3":
            if try bool() { throw .unsupported("http3: true; curlew's libcurl has no HTTP/3") }
        case "http1.0", "http1.1", "http2":
            if try bool() { request.options.httpVersion = String(name.dropFirst(4)) }
        case "user":
            let credentials = try text()
            guard let colon = credentials.firstIndex(of: ":") else { throw .invalid("user takes USER:PASSWORD") }
            request.auth = .basic(user: String(credentials[..<colon]), password: String(credentials[credentials.index(after: colon)...]))
        case "output": request.options.output = try text()
        case "cacert": request.options.caFile = try text()
        case "pinnedpubkey":
            request.options.pins = try text().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        case "proxy": request.options.proxy = try text()
        case _ where HurlConnectionOption.names.contains(name):
            try HurlConnectionOption.apply(name: name, value: value, to: &request.options)
        case "skip": request.options.skip = try bool()
        case "header":
            let line = try text()
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { throw .invalid("header takes NAME: VALUE, not '\(value)'") }
            let headerName = line[..<colon].trimmingCharacters(in: .whitespaces)
            request.headers.append(KeyValueRow(name: headerName, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        case "no-header": request.options.removedHeaders = (request.options.removedHeaders ?? []) + [try text()]
        case "variables-file": request.options.variablesFiles = (request.options.variablesFiles ?? []) + [try text()]
        case "verbose", "very-verbose", "fail-with-body":
            _ = try bool()
            request.options.printing = (request.options.printing ?? []) + [KeyValueRow(name: name, value: value)]
        case "verbosity":
            guard verbosities.contains(value) else { throw .invalid("verbosity takes \(verbosities.joined(separator: ", ")), not '\(value)'") }
            request.options.printing = (request.options.printing ?? []) + [KeyValueRow(name: name, value: value)]
        default:
            throw .unsupported("the option \(name); curlew reads \(supported.joined(separator: ", "))")
        }
    }

    /// The request with its templated options (`SavedOptions.templates`) resolved in `scope` and applied.
    public static func resolvingTemplates(of saved: SavedRequest, in scope: VariableScope) throws(VariableError) -> SavedRequest {
        guard let templates = saved.options.templates, !templates.isEmpty else { return saved }
        var request = saved
        request.options.templates = nil
        for row in templates where row.enabled {
            let value = try VariableResolver.resolve(row.value, in: scope, location: "the option \(row.name)")
            do throws(Problem) {
                try apply(name: row.name, value: value, to: &request)
            } catch {
                switch error {
                case .invalid(let reason), .unsupported(let reason): throw .invalidBody(reason: "the option \(row.name): \(reason) (from '\(row.value)')")
                }
            }
        }
        return request
    }
}
