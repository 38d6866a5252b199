import CCurl
import Foundation

/// Turns a libcurl result code into the `NetworkError` a caller can act on.
enum CurlErrorMapping {
    /// What is known about the failed transfer besides the code.
    struct Context {
        /// The URL last requested (after any redirects followed).
        var url: String
        /// The URL a redirect pointed to that was not followed, if any.
        var redirectTarget: String? = nil
        /// How many redirects were followed.
        var redirectCount = 0
        /// libcurl's own one-line description (from CURLOPT_ERRORBUFFER), possibly empty.
        var detail: String
        /// The total time limit in seconds, if one was set.
        var timeout: Double?
        /// The connect time limit in seconds, if one was set.
        var connectTimeout: Double?
        /// The limit on a silence in seconds, if one was set.
        var idleTimeout: Double? = nil
        /// What was arriving when the idle limit ran out.
        var idleStop: IdleStop = .silent
        /// The response size limit in bytes, if one was set.
        var maxResponseSize: Int64?
        /// The proxy set in the options, if any (not one taken from the environment).
        var proxy: String?
    }

    /// OpenSSL's texts for TLS alerts a server sends about the client's certificate.
    ///
    /// An alert named here was received from the server (a certificate the client rejects itself fails
    /// with "certificate verify failed" instead). Under TLS 1.3 the server checks the client certificate
    /// after the client has finished its side of the handshake, so the alert arrives on the first read
    /// (libcurl's receive or send error, 56 or 55); under TLS 1.2 it ends the handshake (35).
    static let clientCertificateAlerts = [
        "alert certificate required", "alert unknown ca", "alert bad certificate", "alert certificate unknown",
        "alert certificate expired", "alert certificate revoked", "alert unsupported certificate",
    ]

    /// The error for a failed transfer.
    static func error(for code: CURLcode, context: Context) -> NetworkError {
        let detail = context.detail.isEmpty ? String(cString: ccurl_easy_strerror(code)) : context.detail
        let host = hostAndPort(of: context.url)
        if code == CURLE_SSL_CONNECT_ERROR || code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR,
           clientCertificateAlerts.contains(where: { detail.contains($0) }) {
            return .clientCertificateRejected(detail)
        }
        if code == CURLE_COULDNT_CONNECT, let proxy = context.proxy, !proxy.isEmpty {
            return .proxyUnreachable(proxy: proxy, detail: detail)
        }
        if code == CURLE_UNSUPPORTED_PROTOCOL, detail.contains("HTTP/0.9") {
            return .transport(code: Int(code.rawValue), message: "the server at \(host) did not answer with an HTTP status line (libcurl: \(detail)); it does not speak HTTP on this port, or it is misbehaving")
        }
        if code == CURLE_UNSUPPORTED_PROTOCOL, context.redirectCount > 0 || context.redirectTarget != nil {
            let target = context.redirectTarget ?? context.url
            return .transport(code: Int(code.rawValue), message: "a redirect to '\(target)' was refused: curlew follows only http and https redirects (libcurl: \(detail))")
        }
        if detail.hasPrefix("Too large response headers") {
            return .transport(code: Int(code.rawValue), message: "the response headers from \(host) are larger than libcurl accepts (\(detail)); the server sent too many or too long header fields")
        }
        if code == CURLE_OUT_OF_MEMORY {
            return .transport(code: Int(code.rawValue), message: "libcurl refused the response from \(host) as too large for memory (\(detail)); a header line longer than 100 KB does this")
        }
        switch code {
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .invalidURL(context.url, reason: detail)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .dnsFailure(host: hostName(of: context.url))
        case CURLE_COULDNT_CONNECT:
            return .connectionRefused(host: host)
        case CURLE_OPERATION_TIMEDOUT:
            if let idle = context.idleTimeout, detail.contains("too slow") { return .idleTimeout(seconds: idle, stop: context.idleStop) }
            return .timeout(seconds: context.timeout ?? context.connectTimeout ?? 0)
        case CURLE_SSL_CONNECT_ERROR:
            return .tlsFailure(detail)
        case CURLE_PEER_FAILED_VERIFICATION:
            return .certificateNotTrusted(detail)
        case CURLE_SSL_CERTPROBLEM:
            return .clientCertificateUnusable(detail)
        case CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return .pinMismatch(detail)
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING:
            return .serverClosedEarly(detail)
        case CURLE_FILESIZE_EXCEEDED:
            return .responseTooLarge(limit: context.maxResponseSize ?? 0)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        default:
            return .transport(code: Int(code.rawValue), message: detail)
        }
    }

    /// `host:port` of a URL for messages, or the URL itself when it does not parse.
    static func hostAndPort(of url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        if let port = components.port { return "\(host):\(port)" }
        return host
    }

    /// The host name of a URL, or the URL itself when it does not parse.
    static func hostName(of url: String) -> String {
        URLComponents(string: url)?.host ?? url
    }
}
