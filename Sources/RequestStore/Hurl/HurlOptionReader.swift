import RequestKit

/// Reads the lines of an `[Options]` section into a request's options.
enum HurlOptionReader {
    /// The options curlew reads, as Hurl names them.
    static let supported = [
        "location", "max-redirs", "insecure", "variable", "delay", "retry", "retry-interval", "compressed",
        "http1.0", "http1.1", "http2", "user", "output", "cacert", "pinnedpubkey", "proxy",
    ]

    /// Applies one `name: value` line; an unknown option is a problem, a bad value an error.
    static func apply(_ row: (name: String, value: String, line: Int, column: Int), to request: inout SavedRequest, parser: inout HurlParser) throws(FileFormatError) {
        let value = row.value
        func bool() throws(FileFormatError) -> Bool {
            switch value {
            case "true": return true
            case "false": return false
            default: throw parser.source.error(line: row.line, column: row.column, "\(row.name) takes true or false, not '\(value)'")
            }
        }
        func integer(_ range: ClosedRange<Int>) throws(FileFormatError) -> Int {
            guard let number = Int(value), range.contains(number) else {
                throw parser.source.error(line: row.line, column: row.column, "\(row.name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(value)'")
            }
            return number
        }
        func milliseconds() throws(FileFormatError) -> Int {
            if let milliseconds = NumberReading.milliseconds(value, in: SavedOptions.retryIntervalRange) { return milliseconds }
            return try integer(SavedOptions.retryIntervalRange)
        }
        func text() throws(FileFormatError) -> String {
            guard !value.isEmpty else { throw parser.source.error(line: row.line, column: row.column, "\(row.name) needs a value") }
            return value
        }
        let literalOnly: Set<String> = [
            "location", "max-redirs", "insecure", "delay", "retry", "retry-interval", "compressed", "http1.0", "http1.1", "http2", "http3",
        ]
        if literalOnly.contains(row.name), VariableResolver.containsPlaceholder(value) {
            parser.unsupported(line: row.line, column: row.column, "a {{template}} in the value of \(row.name); curlew reads a literal true, false or number there")
            return
        }
        switch row.name {
        case "location": request.options.followRedirects = try bool()
        case "max-redirs": request.options.maxRedirects = try integer(0...1000)
        case "insecure": request.options.verifyTLS = !(try bool())
        case "variable":
            guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
                throw parser.source.error(line: row.line, column: row.column, "variable takes NAME=VALUE, not '\(value)'")
            }
            let name = String(value[..<equals])
            guard VariableNameRule.isValid(name) else {
                throw parser.source.error(line: row.line, column: row.column, "'\(name)' is not a variable name; use letters, digits, _ and -")
            }
            request.options.variables = (request.options.variables ?? []) + [KeyValueRow(name: name, value: String(value[value.index(after: equals)...]))]
        case "delay": request.options.delay = try milliseconds()
        case "retry": request.options.retry = try integer(SavedOptions.retryRange)
        case "retry-interval": request.options.retryInterval = try milliseconds()
        case "compressed": request.options.compressed = try bool()
        case "http3":
            if try bool() { parser.unsupported(line: row.line, column: row.column, "http3: true; curlew's libcurl has no HTTP/3") }
        case "http1.0", "http1.1", "http2":
            if try bool() { request.options.httpVersion = String(row.name.dropFirst(4)) }
        case "user":
            let credentials = try text()
            guard let colon = credentials.firstIndex(of: ":") else {
                throw parser.source.error(line: row.line, column: row.column, "user takes USER:PASSWORD")
            }
            request.auth = .basic(user: String(credentials[..<colon]), password: String(credentials[credentials.index(after: colon)...]))
        case "output": request.options.output = try text()
        case "cacert": request.options.caFile = try text()
        case "pinnedpubkey":
            request.options.pins = try text().split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        case "proxy": request.options.proxy = try text()
        default:
            parser.unsupported(line: row.line, column: 1, "the option \(row.name); curlew reads \(supported.joined(separator: ", "))")
        }
    }
}
