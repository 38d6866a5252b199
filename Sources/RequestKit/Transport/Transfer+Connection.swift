import CCurl

extension Transfer {
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
    private func requireLong(_ option: CURLoption, _ value: Int, what: String) throws(NetworkError) {
        let code = ccurl_easy_setopt_long(handle, option, value)
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// Sets a large-number option that must take effect.
    private func requireOffset(_ option: CURLoption, _ value: Int64, what: String) throws(NetworkError) {
        let code = ccurl_easy_setopt_off_t(handle, option, curl_off_t(value))
        guard code == CURLE_OK else { throw Self.refusal(code, what: what) }
    }

    /// The error of a setting libcurl refuses.
    private static func refusal(_ code: CURLcode, what: String) -> NetworkError {
        .transport(code: Int(code.rawValue), message: "libcurl cannot apply \(what): \(String(cString: ccurl_easy_strerror(code)))")
    }
}
