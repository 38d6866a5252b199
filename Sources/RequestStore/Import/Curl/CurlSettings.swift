import Foundation
import RequestKit

/// What a curl invocation's options say, gathered before the request is assembled.
struct CurlSettings: Sendable {
    var method: String?
    var headers: [HTTPHeader] = []
    var userAgent: String?
    var referer: String?
    var cookies: [String] = []
    var data: [CurlDataPart] = []
    var isJSON = false
    var form: [CurlFormPart] = []
    var moveDataToQuery = false
    var head = false
    var uploadFile: String?
    var urlQueries: [String] = []
    var auth: Auth = .none
    var options = RequestOptions(followRedirects: false)
    var globbingOff = false
    var warnings: [ConversionWarning] = []

    /// Options with no effect on what is sent; they are mentioned as notes.
    static let harmless: Set<String> = [
        "silent", "show-error", "verbose", "include", "progress-bar", "no-progress-meter", "no-buffer",
        "styled-output", "trace", "trace-ascii", "trace-time", "trace-ids", "trace-config", "stderr",
        "write-out", "dump-header", "remote-name", "remote-name-all", "remote-header-name",
        "create-dirs", "output-dir", "fail", "fail-with-body", "fail-early", "cookie-jar", "tcp-nodelay",
        "no-clobber", "remove-on-error", "skip-existing", "xattr", "remote-time", "libcurl", "parallel",
        "parallel-immediate", "parallel-max", "show-headers", "help", "version", "manual", "disable",
        "junk-session-cookies", "keepalive-time", "no-keepalive", "ipv4", "ipv6", "http1.1", "path-as-is",
    ]

    /// Applies one option.
    mutating func apply(_ option: CurlOption) {
        let value = option.value ?? ""
        let at = option.spelled
        switch option.name {
        case "request":
            method = value
        case "header":
            addHeader(value, at: at)
        case "user-agent":
            userAgent = value
        case "referer":
            referer = value.hasSuffix(";auto") ? String(value.dropLast(5)) : value
            if value.hasSuffix(";auto") || value == ";auto" {
                warnings.append(ConversionWarning(.note, at: at, "';auto' (set Referer on redirects) is not kept"))
            }
        case "cookie":
            if value.contains("=") {
                cookies.append(value)
            } else {
                warnings.append(ConversionWarning(.unsupported, at: at, "cookies from the file '\(value)' are not imported; add a Cookie header instead"))
            }
        case "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json":
            if option.name == "json" { isJSON = true }
            if let part = CurlDataArgument.part(option: option.name, value: value) {
                if case .unsupported(let message) = part {
                    warnings.append(ConversionWarning(.unsupported, at: at, message))
                } else {
                    data.append(part)
                }
            }
        case "form", "form-string":
            switch CurlFormArgument.part(value, literal: option.name == "form-string") {
            case .part(let part):
                form.append(part)
                if option.name == "form", let equals = value.firstIndex(of: "="), value[value.index(after: equals)...].hasPrefix("<") {
                    warnings.append(ConversionWarning(.unsupported, at: at, "'<file' sends the file's text as a plain field; it is imported as a file attachment"))
                }
            case .invalid(let warning):
                warnings.append(warning)
            }
        case "get":
            moveDataToQuery = !option.negated
        case "head":
            head = !option.negated
        case "upload-file":
            if value == "-" || value == "." {
                warnings.append(ConversionWarning(.unsupported, at: at, "uploading standard input cannot be imported; name a file instead"))
            } else {
                uploadFile = value
            }
        case "url":
            break
        case "url-query":
            urlQueries.append(value.hasPrefix("+") ? String(value.dropFirst()) : encodedQueryPart(value, at: at))
        case "user":
            applyUser(value, at: at)
        case "oauth2-bearer":
            auth = .bearer(value)
        case "digest", "ntlm", "ntlm-wb", "negotiate", "anyauth":
            warnings.append(ConversionWarning(.unsupported, at: at, "this authentication scheme is not supported; credentials from -u are kept as basic auth"))
        case "basic":
            break
        case "insecure":
            options.verifyTLS = option.negated
        case "location", "location-trusted":
            options.followRedirects = !option.negated
            if option.name == "location-trusted" {
                warnings.append(ConversionWarning(.note, at: at, "credentials are not resent to other hosts after a redirect"))
            }
        case "max-redirs":
            if value.trimmingCharacters(in: .whitespaces) == "-1" {
                options.maxRedirects = NumberReading.maximumRedirects
            } else if let count = checked(NumberReading.count(value, in: 0...NumberReading.maximumRedirects, of: "redirects"), option: option.name, at: at) {
                options.maxRedirects = count
            }
        case "max-time":
            if let seconds = checked(NumberReading.seconds(value), option: option.name, at: at) { options.timeout = seconds }
        case "connect-timeout":
            if let seconds = checked(NumberReading.seconds(value), option: option.name, at: at) { options.connectTimeout = seconds }
        case "max-filesize":
            if let bytes = checked(NumberReading.byteCount(value), option: option.name, at: at) { options.maxResponseSize = bytes }
        case "proxy":
            options.proxy = value
        case "cacert":
            options.caBundlePath = value
        case "cert":
            applyCertificate(value, at: at)
        case "key":
            options.clientKeyPath = value
        case "pinnedpubkey":
            applyPins(value, at: at)
        case "http1.0":
            options.httpVersion = .http1_0
        case "http2":
            options.httpVersion = .http2
        case "http2-prior-knowledge":
            options.httpVersion = .http2PriorKnowledge
        case "globoff":
            globbingOff = true
        case "compressed":
            warnings.append(ConversionWarning(.note, at: at, "not kept: a saved request has no compression switch"))
        case "output":
            warnings.append(ConversionWarning(.note, at: at, "the response is shown by curlew instead of written to '\(value)'"))
        default:
            if Self.harmless.contains(option.name) {
                warnings.append(ConversionWarning(.note, at: at, "has no effect on the request; ignored"))
            } else {
                let shown = option.value.map { "\(at) \($0)" } ?? at
                warnings.append(ConversionWarning(.unsupported, at: shown, "curlew does not support this option; ignored"))
            }
        }
    }

    private mutating func addHeader(_ line: String, at: String) {
        if line.hasPrefix("@") {
            warnings.append(ConversionWarning(.unsupported, at: at, "headers read from the file '\(line.dropFirst())' are not imported; add them one by one"))
            return
        }
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if value.isEmpty {
                warnings.append(ConversionWarning(.note, at: at, "'\(line)' removes a header curl adds by itself; nothing to import"))
                return
            }
            headers.append(HTTPHeader(name: name, value: value))
        } else if line.hasSuffix(";") {
            headers.append(HTTPHeader(name: line.dropLast().trimmingCharacters(in: .whitespaces), value: ""))
        } else {
            warnings.append(ConversionWarning(.unsupported, at: at, "'\(line)' is not a header (no ':'); ignored"))
        }
    }

    private mutating func applyUser(_ value: String, at: String) {
        if let colon = value.firstIndex(of: ":") {
            auth = .basic(user: String(value[..<colon]), password: String(value[value.index(after: colon)...]))
        } else {
            auth = .basic(user: value, password: "")
            warnings.append(ConversionWarning(.unsupported, at: at, "no password given (curl would ask for it); the password is left empty"))
        }
    }

    private mutating func applyCertificate(_ value: String, at: String) {
        var path = value
        if let colon = value.lastIndex(of: ":"), value.distance(from: value.startIndex, to: colon) > 1 {
            path = String(value[..<colon])
            warnings.append(ConversionWarning(.unsupported, at: at, "certificate pass phrases are not supported; use a key without one"))
        }
        options.clientCertificatePath = path
    }

    private mutating func applyPins(_ value: String, at: String) {
        for pin in value.split(separator: ";").map(String.init) {
            if pin.hasPrefix("sha256//") {
                options.pinnedPublicKeys.append(pin)
            } else {
                warnings.append(ConversionWarning(.unsupported, at: at, "pinning against the key file '\(pin)' is not supported; give its hash as sha256//BASE64"))
            }
        }
    }

    /// The number read, or nil with a warning naming the option and why its value cannot be used.
    private mutating func checked<Number>(_ result: Result<Number, NumberReading.Refusal>, option: String, at: String) -> Number? {
        switch result {
        case .success(let number): return number
        case .failure(let refusal):
            warnings.append(ConversionWarning(.unsupported, at: at, "--\(option): \(refusal.reason); ignored"))
            return nil
        }
    }

    private mutating func encodedQueryPart(_ value: String, at: String) -> String {
        switch CurlDataArgument.part(option: "data-urlencode", value: value) {
        case .text(let text)?: return text
        case .unsupported(let message)?:
            warnings.append(ConversionWarning(.unsupported, at: at, message))
            return ""
        default: return value
        }
    }

    /// Parses sizes such as `1000`, `10k`, `5M`, `1G`.
}
