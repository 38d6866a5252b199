import Foundation
import RequestKit

/// Everything `curlew send` was asked to do, read from its arguments.
package struct SendArguments {
    /// How the response is written.
    package enum OutputFormat: String {
        /// The body (and with `-i` the head) as received.
        case body
        /// One JSON object describing the whole exchange.
        case json
    }

    /// The method named on the command line, if any.
    package var method: HTTPMethod?
    /// The URL as typed.
    package var url = ""
    /// `-q NAME=VALUE` items, in order.
    package var query: [QueryItem] = []
    /// `-p JSON|@file` parameters.
    package var params: [String: ParameterValue]?
    /// `-d NAME=VALUE` fields, in order.
    package var formFields: [FormField] = []
    /// `-F NAME=@PATH…` files, in order.
    package var files: [MultipartFile] = []
    /// `-H` headers, in order.
    package var headers = HTTPHeaders()
    /// `--json` or `--data-raw` body.
    package var rawBody: RequestBody?
    /// The option that set `rawBody`, for conflict messages.
    package var rawBodyOption: String?
    /// `--bearer` or `--basic`.
    package var auth: Auth = .none
    /// Timeouts, redirects, TLS, proxy, output file.
    package var options = RequestOptions(timeout: 30)
    /// `-i`.
    package var include = false
    /// `-v`.
    package var verbose = false
    /// `--fail`.
    package var failOnErrorStatus = false
    /// `--print-curl`.
    package var printCurl = false
    /// `--format`.
    package var format: OutputFormat = .body
    /// curl's connection and credential flags (`--connect-to`, `--digest`, `--netrc-file`, …); `parse` lays them
    /// over `options` and `auth`.
    package var connection = ConnectionOptions()
    /// The WebSocket session's messages, end and limits, for a ws:// or wss:// URL.
    package var webSocket = WebSocketArguments()
    /// Whether `--timeout` was given (with `--idle-timeout` alone, the whole transfer has no limit).
    package var timeoutGiven = false

    /// Whether any option gives the request a body of its own.
    package var hasBody: Bool { rawBody != nil || !formFields.isEmpty || !files.isEmpty }

    /// Reads the arguments after `send`.
    package static func parse(_ arguments: [String]) throws(UsageError) -> SendArguments {
        var parsed = SendArguments()
        var reader = ArgumentReader(arguments, command: SendCommandSpec.spec)
        var positionals: [String] = []
        while let token = try reader.next() {
            switch token {
            case .positional(let text):
                positionals.append(text)
            case .option(let option):
                try parsed.apply(option: option, reader: &reader)
            }
        }
        if parsed.options.idleTimeout != nil, !parsed.timeoutGiven { parsed.options.timeout = nil }
        parsed.connection.connection.apply(to: &parsed.options)
        try parsed.connection.validate()
        parsed.auth = parsed.connection.carried(parsed.auth)
        if let token = parsed.connection.schemeLogin?.sessionToken { parsed.headers.set(name: "X-Amz-Security-Token", value: token) }
        try parsed.applyPositionals(positionals)
        try parsed.checkBodies()
        try parsed.webSocket.validate()
        return parsed
    }

    private mutating func apply(option: String, reader: inout ArgumentReader) throws(UsageError) {
        switch option {
        case "-q", "--query":
            let text = try reader.value(of: option)
            if let equals = text.firstIndex(of: "=") {
                query.append(QueryItem(name: String(text[..<equals]), value: String(text[text.index(after: equals)...])))
            } else {
                query.append(QueryItem(name: text, value: nil))
            }
        case "-p", "--params":
            let text = try Self.textOrFile(try reader.value(of: option), option: option)
            let parsed: ParameterValue
            do {
                parsed = try ParameterValue.parse(json: Data(text.utf8))
            } catch {
                guard case .invalidJSON(let detail) = error else { throw UsageError(message: "\(option): \(error.message)") }
                throw UsageError(message: "\(option) is not valid JSON: \(detail)")
            }
            guard case .object(let object) = parsed else {
                throw UsageError(message: "\(option) needs a JSON object such as '{\"page\": 2}'")
            }
            params = object
        case "-d", "--form":
            let text = try reader.value(of: option)
            guard let equals = text.firstIndex(of: "=") else {
                throw UsageError(message: "\(option) needs NAME=VALUE, not '\(text)'")
            }
            formFields.append(FormField(name: String(text[..<equals]), value: String(text[text.index(after: equals)...])))
        case "-F", "--file":
            files.append(try Self.parseFile(try reader.value(of: option), option: option))
        case "-H", "--header":
            let header = try Self.header(try reader.value(of: option), option: option)
            headers.add(name: header.name, value: header.value)
        case "--json":
            try setRawBody(option: option, value: try reader.value(of: option), contentType: "application/json")
        case "--data-raw":
            try setRawBody(option: option, value: try reader.value(of: option), contentType: nil)
        case "--bearer":
            auth = .bearer(try reader.value(of: option))
        case "--basic", "--user", "-u":
            let text = try reader.value(of: option)
            guard let colon = text.firstIndex(of: ":") else {
                throw UsageError(message: "\(option) needs USER:PASSWORD, not '\(text)'")
            }
            auth = .basic(user: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
        case "--timeout":
            let seconds = try Self.checked(NumberReading.seconds(try reader.value(of: option)), option: option)
            options.timeout = seconds == 0 ? nil : seconds
            timeoutGiven = true
        case "--idle-timeout":
            let seconds = try Self.checked(NumberReading.seconds(try reader.value(of: option)), option: option)
            options.idleTimeout = seconds == 0 ? nil : seconds
        case "--no-follow":
            options.followRedirects = false
        case "--max-redirs":
            let text = try reader.value(of: option)
            options.maxRedirects = try Self.checked(NumberReading.count(text, in: 0...NumberReading.maximumRedirects, of: "redirects"), option: option)
        case "--max-filesize":
            options.maxResponseSize = try Self.checked(NumberReading.byteCount(try reader.value(of: option)), option: option)
        case "--insecure", "-k":
            options.verifyTLS = false
        case "--cacert":
            options.caBundlePath = try reader.value(of: option)
        case "--pin":
            let pin = try reader.value(of: option)
            guard pin.hasPrefix("sha256//"), pin.count > 8 else {
                throw UsageError(message: "--pin needs sha256//BASE64, not '\(pin)'")
            }
            options.pinnedPublicKeys.append(pin)
        case "--pin-cert":
            options.pinnedCertificatePath = try reader.value(of: option)
        case "--cert":
            options.clientCertificatePath = try reader.value(of: option)
        case "--key":
            options.clientKeyPath = try reader.value(of: option)
        case "--proxy":
            options.proxy = try reader.value(of: option)
        case "--http1.1":
            options.httpVersion = .http1_1
        case "--http2":
            options.httpVersion = .http2
        case "--http2-prior-knowledge":
            options.httpVersion = .http2PriorKnowledge
        case "-i", "--include":
            include = true
        case "-v", "--verbose":
            verbose = true
        case "-o", "--output":
            options.outputPath = try reader.value(of: option)
        case "--fail":
            failOnErrorStatus = true
        case "--print-curl":
            printCurl = true
        case "--format":
            let text = try reader.value(of: option)
            guard let format = OutputFormat(rawValue: text) else {
                throw UsageError(message: "--format accepts 'json' or 'body', not '\(text)'")
            }
            self.format = format
        default:
            if try webSocket.read(option, reader: &reader) { return }
            guard try connection.read(option, reader: &reader) else {
                throw UsageError(message: "\(option) is in the table of curlew send but not read")
            }
        }
    }

    private mutating func applyPositionals(_ positionals: [String]) throws(UsageError) {
        switch positionals.count {
        case 0:
            throw UsageError(message: "a URL is needed: curlew send [METHOD] URL [options]")
        case 1:
            guard !URLArgument.isMethodWithoutURL(positionals[0]) else {
                throw UsageError(message: "a URL is needed after the method: curlew send \(positionals[0]) URL [options]")
            }
            url = positionals[0]
        case 2:
            let method = HTTPMethod(rawValue: positionals[0])
            guard method.isValidToken else {
                throw UsageError(message: "'\(positionals[0])' is not an HTTP method")
            }
            self.method = method
            url = positionals[1]
        default:
            throw UsageError(message: "unexpected argument '\(positionals[2])': only [METHOD] URL may stand without an option")
        }
        url = try URLArgument.url(url)
        if let http = URLArgument.httpForm(ofWebSocketURL: url) {
            webSocket.enabled = true
            url = http
            if let method, method != .get { throw UsageError(message: "a WebSocket session opens with GET, not \(method.rawValue): leave the method out") }
            if hasBody { throw UsageError(message: "a WebSocket handshake has no body: send data with --message or on stdin instead of -d, -F, --json or --data-raw") }
        }
    }

    private func checkBodies() throws(UsageError) {
        if let rawBodyOption, !formFields.isEmpty || !files.isEmpty {
            throw UsageError(message: "\(rawBodyOption) cannot be combined with -d/--form or -F/--file: choose one kind of body")
        }
    }

    private mutating func setRawBody(option: String, value: String, contentType: String?) throws(UsageError) {
        if let rawBodyOption {
            throw UsageError(message: "\(option) cannot be combined with \(rawBodyOption): a request has one body")
        }
        rawBodyOption = option
        if value.hasPrefix("@") {
            let path = String(value.dropFirst())
            rawBody = .file(path: path, contentType: contentType)
        } else if let contentType {
            rawBody = contentType == "application/json" ? .json(value) : .raw(Data(value.utf8), contentType: contentType)
        } else {
            rawBody = .raw(Data(value.utf8), contentType: nil)
        }
    }

    /// `NAME=@PATH[;type=MIME][;filename=NAME]`.
    private static func parseFile(_ text: String, option: String) throws(UsageError) -> MultipartFile {
        guard let equals = text.firstIndex(of: "="), text[text.index(after: equals)...].hasPrefix("@") else {
            throw UsageError(message: "\(option) needs NAME=@PATH[;type=MIME][;filename=NAME], not '\(text)'")
        }
        let name = String(text[..<equals])
        let parts = text[text.index(equals, offsetBy: 2)...].split(separator: ";", omittingEmptySubsequences: false)
        guard let path = parts.first, !path.isEmpty else {
            throw UsageError(message: "\(option) '\(text)' names no file after '@'")
        }
        var file = MultipartFile(name: name, path: String(path))
        for attribute in parts.dropFirst() {
            if attribute.hasPrefix("type=") {
                file.contentType = String(attribute.dropFirst(5))
            } else if attribute.hasPrefix("filename=") {
                file.fileName = String(attribute.dropFirst(9))
            } else {
                throw UsageError(message: "\(option) '\(text)': unknown attribute '\(attribute)' (use type= or filename=)")
            }
        }
        return file
    }

    /// A header as curl's `-H` writes it: `Name: value`, or `Name;` for an empty value.
    package static func header(_ text: String, option: String) throws(UsageError) -> (name: String, value: String) {
        if let colon = text.firstIndex(of: ":") {
            let name = String(text[..<colon]).trimmingCharacters(in: .whitespaces)
            let value = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw UsageError(message: "\(option) '\(text)' has no header name") }
            return (name, value)
        }
        guard text.hasSuffix(";"), text.count > 1 else { throw UsageError(message: "\(option) needs 'Name: value', not '\(text)'") }
        return (String(text.dropLast()), "")
    }

    /// The number read, or a usage error naming the option and why the value cannot be used.
    package static func checked<Number>(_ result: Result<Number, NumberReading.Refusal>, option: String) throws(UsageError) -> Number {
        switch result {
        case .success(let number): return number
        case .failure(let refusal): throw UsageError(message: "\(option): \(refusal.reason)")
        }
    }

    /// The text itself, or the contents of the file after `@`.
    private static func textOrFile(_ value: String, option: String) throws(UsageError) -> String {
        guard value.hasPrefix("@") else { return value }
        let path = String(value.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError(message: "\(option) cannot read the file '\(path)'")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The request these arguments describe.
    package func request() -> Request {
        let method = self.method ?? (hasBody ? .post : .get)
        var request = Request(method: method, url: url, query: query, headers: headers, auth: auth, options: options)
        if let token = connection.schemeLogin?.sessionToken { request.maskedValues.append(token) }
        var fields = formFields
        if let params {
            let encoder = ParameterEncoder()
            if method.encodesParametersInURL || rawBody != nil {
                request.query += encoder.queryItems(params)
            } else {
                fields = encoder.formFields(params) + fields
            }
        }
        if let rawBody {
            request.body = rawBody
        } else if !files.isEmpty {
            request.body = .multipart(MultipartForm(fields: fields, files: files))
        } else if !fields.isEmpty {
            request.body = .form(fields)
        }
        return request
    }
}
