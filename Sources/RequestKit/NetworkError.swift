import Foundation

/// What was arriving when an idle limit stopped a transfer.
public enum IdleStop: Hashable, Sendable {
    /// Nothing arrived for the whole limit.
    case silent
    /// Bytes of the response head kept coming (the last `lastByteAgo` seconds before the stop), but no body had started,
    /// and the limit counts body bytes only.
    case headArriving(lastByteAgo: Double)
    /// The whole head had come (its last byte `lastByteAgo` seconds before the stop), but no body byte yet, and the
    /// limit counts body bytes only.
    case headWithoutBody(lastByteAgo: Double)
    /// Body bytes came, but slower than one a second: `bodyBytes` in all, the last `lastByteAgo` seconds before the stop.
    case bodyTrickling(bodyBytes: Int64, lastByteAgo: Double)
}

/// Everything that can go wrong building, sending or validating a request.
public enum NetworkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL cannot be sent; `reason` says why.
    case invalidURL(String, reason: String)
    /// The method is not a valid HTTP token.
    case invalidMethod(String)
    /// A header name or value cannot be sent; `reason` says why.
    case invalidHeader(name: String, reason: String)
    /// The body cannot be built; `reason` says why.
    case invalidBody(reason: String)
    /// The host name did not resolve.
    case dnsFailure(host: String)
    /// Nothing listens at the address, or the connection was refused.
    case connectionRefused(host: String)
    /// The transfer took longer than allowed.
    case timeout(seconds: Double)
    /// The idle limit of `seconds` (`RequestOptions.idleTimeout`) stopped the transfer; `stop` says what was arriving.
    case idleTimeout(seconds: Double, stop: IdleStop = .silent)
    /// The TLS handshake failed for a reason other than trust.
    case tlsFailure(String)
    /// The server's certificate is not signed by a trusted authority or does not match the host.
    case certificateNotTrusted(String)
    /// The server's public key matches none of the pins.
    case pinMismatch(String)
    /// The server refused the TLS connection for want of a client certificate it trusts (none, or one it does not accept).
    case clientCertificateRejected(String)
    /// The client certificate or its key cannot be loaded, or they do not belong together.
    case clientCertificateUnusable(String)
    /// The proxy given in the options could not be connected to.
    case proxyUnreachable(proxy: String, detail: String)
    /// The request was cancelled.
    case cancelled
    /// The server closed the connection before the response was complete.
    case serverClosedEarly(String)
    /// An attachment or body file cannot be read.
    case unreadableFile(path: String, reason: String)
    /// A certificate or key file of the options is not a regular file (a FIFO, a device, a folder); nothing was sent.
    case unusableTLSFile(setting: RequestSetting, path: String, kind: String)
    /// The response body grew past the allowed size.
    case responseTooLarge(limit: Int64)
    /// The status was not 2xx and validation was asked for.
    case badStatus(code: Int, body: Data)
    /// The body is not valid JSON (or not of the expected shape).
    case invalidJSON(String)
    /// Any other transport failure, with libcurl's code and message.
    case transport(code: Int, message: String)

    /// A sentence that says what happened and what to try, naming settings as the command line does.
    public var message: String { message(naming: .commandLine) }

    /// A sentence that says what happened and what to try, naming the settings that would fix it with `names`.
    public func message(naming names: SettingNames) -> String {
        switch self {
        case .invalidURL(let url, let reason):
            return "Invalid URL '\(url)': \(reason). Check the scheme (http:// or https://) and the host."
        case .invalidMethod(let method):
            return "Invalid method '\(method)': a method is one word of letters, digits and !#$%&'*+-.^_`|~ (no spaces). Use GET, POST or another token."
        case .invalidHeader(let name, let reason):
            return "Invalid header '\(name)': \(reason). Fix the header or remove it."
        case .invalidBody(let reason):
            return "The body cannot be built: \(reason)."
        case .dnsFailure(let host):
            return "Could not resolve host '\(host)'. Check the spelling of the host name and your DNS or network connection."
        case .connectionRefused(let host):
            return "Could not connect to \(host): the connection was refused. Check that the server is running and listening on that port."
        case .timeout(let seconds):
            return "The request timed out after \(NetworkError.format(seconds)) s. Raise the timeout\(names[.timeout].map { " (\($0))" } ?? "") or check that the server is responding."
        case .idleTimeout(let seconds, let stop):
            let limit = NetworkError.format(seconds)
            let raise = "Raise the limit" + (names[.idleTimeout].map { " (\($0))" } ?? "")
            switch stop {
            case .silent:
                return "No data arrived for \(limit) s, so the transfer was stopped. \(raise) or check that the server is still sending."
            case .headArriving(let ago):
                return "The response head was still arriving when the idle limit of \(limit) s ran out: bytes kept coming (the last "
                    + "about \(NetworkError.format(ago)) s before the stop), but the limit counts only body bytes and no body had started, "
                    + "so the transfer was stopped. \(raise) or check why the server sends its head so slowly."
            case .headWithoutBody(let ago):
                return "The response head arrived (its end about \(NetworkError.format(ago)) s before the stop), but no body byte came "
                    + "within the idle limit of \(limit) s, which counts only body bytes from the start of the transfer, so the transfer "
                    + "was stopped. \(raise) or check the server."
            case .bodyTrickling(let bytes, let ago):
                return "The body was arriving slower than the idle limit allows (under 1 byte a second for \(limit) s; \(bytes) bytes "
                    + "so far, the last about \(NetworkError.format(ago)) s before the stop), so the transfer was stopped. \(raise) or check the server."
            }
        case .tlsFailure(let detail):
            let flags = names.both(.clientCertificate, .clientKey).map { " (\($0), \($1))" } ?? ""
            return "The TLS handshake failed: \(detail). Check that the server speaks HTTPS on this port and supports a TLS version libcurl accepts, and whether it requires a client certificate\(flags)."
        case .certificateNotTrusted(let detail):
            var remedies: [String] = []
            if let ca = names[.caFile] { remedies.append("give its CA with \(ca)") }
            if let verify = names[.verifyTLS] { remedies.append("turn verification off with \(verify) for testing") }
            return "The server's certificate is not trusted: \(detail)." + NetworkError.sentence(remedies)
        case .pinMismatch(let detail):
            return "The server's public key does not match the pinned key: \(detail). Nothing was sent. Check the pin, or whether the server's certificate changed."
        case .clientCertificateRejected(let detail):
            let remedy = names.both(.clientCertificate, .clientKey).map { " Pass a certificate signed by an authority the server accepts with \($0) and its key with \($1)." }
                ?? " It accepts only a certificate signed by an authority it trusts."
            return "The server requires a client certificate it trusts and refused the connection: \(detail).\(remedy)"
        case .clientCertificateUnusable(let detail):
            let remedy = names.both(.clientCertificate, .clientKey).map {
                " Check that \($0) names a readable PEM certificate and \($1) its unencrypted PEM private key (or leave out \($1) when the key is in the certificate file)."
            } ?? " Check that the certificate is a readable PEM file and its key an unencrypted PEM private key."
            return "The client certificate cannot be used: \(detail).\(remedy)"
        case .proxyUnreachable(let proxy, let detail):
            return "Could not connect to the proxy \(proxy): \(detail). Check the proxy URL\(names[.proxy].map { " (\($0))" } ?? "") and that the proxy is running."
        case .cancelled:
            return "The request was cancelled."
        case .serverClosedEarly(let detail):
            return "The server closed the connection before the response was complete: \(detail). Retry, or check the server's logs."
        case .unreadableFile(let path, let reason):
            return "Cannot read the file '\(path)': \(reason). Check the path and its permissions."
        case .unusableTLSFile(let setting, let path, let kind):
            return "The \(NetworkError.describe(setting)) '\(path)'\(names[setting].map { " (\($0))" } ?? "") is \(kind), not a regular file: "
                + "curlew reads certificates and keys only from regular files, so nothing was sent. Give the path of a PEM file."
        case .responseTooLarge(let limit):
            var remedies: [String] = []
            if let size = names[.maxResponseSize] { remedies.append("raise the limit with \(size) (such as 2G)") }
            if let output = names[.output] { remedies.append("write the body to a file with \(output)") }
            return "The response body is larger than the limit of \(ResponseSizeLimit.describe(limit)); the transfer was stopped."
                + NetworkError.sentence(remedies)
        case .badStatus(let code, let body):
            let snippet = String(decoding: body.prefix(200), as: UTF8.self)
            return "The server answered with status \(code)\(snippet.isEmpty ? "" : ": \(snippet)"). Check the request against the API's documentation."
        case .invalidJSON(let detail):
            return "The body is not valid JSON: \(detail)."
        case .transport(let code, let message):
            return "The transfer failed (libcurl error \(code)): \(message)."
        }
    }

    public var description: String { message }

    /// The exit status curl itself would use for this failure.
    public var exitCode: Int32 {
        switch self {
        case .invalidURL: return 3
        case .invalidMethod, .invalidHeader, .invalidBody: return 2
        case .dnsFailure: return 6
        case .connectionRefused: return 7
        case .timeout, .idleTimeout: return 28
        case .tlsFailure: return 35
        case .certificateNotTrusted: return 60
        case .pinMismatch: return 90
        case .clientCertificateRejected: return 35
        case .clientCertificateUnusable: return 58
        case .proxyUnreachable: return 7
        case .cancelled: return 42
        case .serverClosedEarly: return 18
        case .unreadableFile: return 26
        case .unusableTLSFile(let setting, _, _):
            switch setting {
            case .caFile: return 77
            case .clientCertificate, .clientKey: return 58
            default: return 26
            }
        case .responseTooLarge: return 63
        case .badStatus: return 22
        case .invalidJSON: return 1
        case .transport(let code, _): return Int32(clamping: code)
        }
    }

    /// Remedies as one sentence after a space ("Do this, or do that."); nothing when there is none.
    private static func sentence(_ remedies: [String]) -> String {
        let text = remedies.joined(separator: ", or ")
        guard let first = text.first else { return "" }
        return " " + first.uppercased() + text.dropFirst() + "."
    }

    /// What a setting's file is, for messages.
    private static func describe(_ setting: RequestSetting) -> String {
        switch setting {
        case .caFile: return "CA file"
        case .clientCertificate: return "client certificate"
        case .clientKey: return "client key"
        case .pinnedCertificate: return "pinned certificate"
        case .netrcFile: return "netrc file"
        default: return setting.rawValue
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
    }
}
