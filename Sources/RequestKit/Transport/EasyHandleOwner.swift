import CCurl

/// An owner of a libcurl easy handle: the settings every connection gets, shared by HTTP transfers and WebSocket
/// connections, so that both reach a server the same way (TLS, pins, proxy, connect-to, resolve, IP version).
protocol EasyHandleOwner: AnyObject {
    /// The easy handle being configured.
    var handle: UnsafeMutableRawPointer { get }
    /// Lists handed to libcurl, which the owner frees when the handle is done.
    var ownedLists: [UnsafeMutablePointer<curl_slist>] { get set }
}

extension EasyHandleOwner {
    /// Certificate verification, CA bundle, client certificate and public-key pins.
    ///
    /// Security settings that libcurl refuses fail the request rather than being silently dropped.
    func configureTLS(_ options: RequestOptions, pins: [String]) throws(NetworkError) {
        setLong(CURLOPT_SSL_VERIFYPEER, options.verifyTLS ? 1 : 0)
        setLong(CURLOPT_SSL_VERIFYHOST, options.verifyTLS ? 2 : 0)
        if let ca = options.caBundlePath { try require(CURLOPT_CAINFO, ca, what: "the CA bundle") }
        if let certificate = options.clientCertificatePath { try require(CURLOPT_SSLCERT, certificate, what: "the client certificate") }
        if let key = options.clientKeyPath { try require(CURLOPT_SSLKEY, key, what: "the client key") }
        if !pins.isEmpty {
            try require(CURLOPT_PINNEDPUBLICKEY, pins.joined(separator: ";"), what: "public-key pinning")
        }
    }

    /// The proxy the options name, if any.
    func configureProxy(_ options: RequestOptions) throws(NetworkError) {
        if let proxy = options.proxy { try require(CURLOPT_PROXY, proxy, what: "the proxy") }
    }

    /// Where and how the connection is made: connect-to and resolve overrides, the IP version, a Unix socket,
    /// the path as written, a rate limit, credentials on redirects and `.netrc`.
    ///
    /// Settings libcurl refuses fail the request rather than being silently dropped.
    func configureConnection(_ options: RequestOptions) throws(NetworkError) {
        try requireList(CURLOPT_CONNECT_TO, options.connectTo, what: "connect-to")
        try requireList(CURLOPT_RESOLVE, options.resolve, what: "resolve")
        switch options.ipVersion {
        case .any: setLong(CURLOPT_IPRESOLVE, ccurl_ipresolve_whatever())
        case .v4: setLong(CURLOPT_IPRESOLVE, ccurl_ipresolve_v4())
        case .v6: setLong(CURLOPT_IPRESOLVE, ccurl_ipresolve_v6())
        }
        if let socket = options.unixSocketPath { try require(CURLOPT_UNIX_SOCKET_PATH, socket, what: "the Unix socket") }
        if options.pathAsIs { try requireLong(CURLOPT_PATH_AS_IS, 1, what: "path-as-is") }
        if let rate = options.rateLimit, rate > 0 {
            try requireOffset(CURLOPT_MAX_RECV_SPEED_LARGE, rate, what: "the rate limit")
            try requireOffset(CURLOPT_MAX_SEND_SPEED_LARGE, rate, what: "the rate limit")
        }
        if options.redirectCredentials { try requireLong(CURLOPT_UNRESTRICTED_AUTH, 1, what: "credentials on redirects (location-trusted)") }
        switch options.netrc {
        case .ignored: break
        case .optional: try requireLong(CURLOPT_NETRC, Int(CURL_NETRC_OPTIONAL.rawValue), what: ".netrc")
        case .required: try requireLong(CURLOPT_NETRC, Int(CURL_NETRC_REQUIRED.rawValue), what: ".netrc")
        }
        if options.netrc != .ignored, let file = options.netrcFile { try require(CURLOPT_NETRC_FILE, file, what: "the netrc file") }
    }

    /// The user and password of a scheme libcurl carries out (Digest, NTLM, Negotiate, AWS SigV4).
    func configureCredentials(_ credentials: SchemeCredentials?, options: RequestOptions) throws(NetworkError) {
        guard let credentials else { return }
        switch credentials.scheme {
        case .digest: try requireLong(CURLOPT_HTTPAUTH, ccurl_auth_digest(), what: "Digest authentication")
        case .ntlm: try requireLong(CURLOPT_HTTPAUTH, ccurl_auth_ntlm(), what: "NTLM authentication")
        case .negotiate: try requireLong(CURLOPT_HTTPAUTH, ccurl_auth_negotiate(), what: "Negotiate authentication")
        case .awsSigV4(let provider): try require(CURLOPT_AWS_SIGV4, provider, what: "AWS SigV4 signing")
        }
        if !credentials.user.isEmpty {
            try require(CURLOPT_USERNAME, credentials.user, what: "the user name")
            try require(CURLOPT_PASSWORD, credentials.password, what: "the password")
        } else if credentials.scheme == .negotiate, options.netrc == .ignored {
            // GSS-API takes the system's ticket, but libcurl starts Negotiate only once a user is set.
            try require(CURLOPT_USERPWD, ":", what: "Negotiate authentication")
        }
    }

    /// Hands a list of strings to libcurl, which keeps using it until the transfer ends.
    private func requireList(_ option: CURLoption, _ entries: [String], what: String) throws(NetworkError) {
        guard !entries.isEmpty else { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for entry in entries {
            if let appended = ccurl_slist_append(list, entry) { list = appended }
        }
        guard let list else { return }
        ownedLists.append(list)
        let code = ccurl_easy_setopt_slist(handle, option, list)
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// Sets a long option that must take effect.
    func requireLong(_ option: CURLoption, _ value: Int, what: String) throws(NetworkError) {
        let code = ccurl_easy_setopt_long(handle, option, value)
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// Sets a large-number option that must take effect.
    private func requireOffset(_ option: CURLoption, _ value: Int64, what: String) throws(NetworkError) {
        let code = ccurl_easy_setopt_off_t(handle, option, curl_off_t(value))
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// Sets a long option, ignoring libcurl's answer (for options every libcurl has).
    func setLong(_ option: CURLoption, _ value: Int) {
        _ = ccurl_easy_setopt_long(handle, option, value)
    }

    /// Sets a string option, ignoring libcurl's answer.
    func setString(_ option: CURLoption, _ value: String) {
        _ = ccurl_easy_setopt_string(handle, option, value)
    }

    /// Sets a string option that must take effect, or fails with libcurl's reason.
    func require(_ option: CURLoption, _ value: String, what: String) throws(NetworkError) {
        let code = ccurl_easy_setopt_string(handle, option, value)
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// The error of a setting libcurl refuses.
    static func refusal(_ code: CURLcode, what: String) -> NetworkError {
        .transport(code: Int(code.rawValue), message: "libcurl cannot apply \(what): \(String(cString: ccurl_easy_strerror(code)))")
    }
}
