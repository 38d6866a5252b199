import Foundation

extension Request {
    /// The request as it goes on the wire: validated URL with the whole query, every header, body segments.
    ///
    /// Checks the method token, the URL (http or https, a host) and every header; appends
    /// `query` to any query the URL has; adds the Authorization header for `auth` unless one
    /// was set by hand; and sets the Content-Type the body calls for unless one was set by
    /// hand (a multipart body always announces its own boundary). Files are not opened here:
    /// they stay `.file` segments, read while sending.
    public func prepared() throws(NetworkError) -> PreparedRequest {
        guard method.isValidToken else { throw .invalidMethod(method.rawValue) }
        let requestURL = try RequestURL(url)
        let finalURL = requestURL.appendingQuery(FormEncoding.pairs(query))
        var headers = self.headers
        try HeaderValidation.validate(headers)
        var warnings: [String] = []

        if let authorization = auth.headerValue, !headers.contains(name: "Authorization") {
            try HeaderValidation.validate(name: "Authorization", value: authorization)
            headers.add(name: "Authorization", value: authorization)
        }

        let (segments, contentType) = try body.encoded()
        if let contentType {
            try HeaderValidation.validate(name: "Content-Type", value: contentType)
            if case .multipart = body {
                if let existing = headers.value(for: "Content-Type"), existing != contentType {
                    warnings.append("The Content-Type header '\(existing)' was replaced by '\(contentType)' so that it names the multipart boundary.")
                }
                headers.set(name: "Content-Type", value: contentType)
            } else if !headers.contains(name: "Content-Type") {
                headers.add(name: "Content-Type", value: contentType)
            }
        }

        if !segments.isEmpty, method == .get || method == .head {
            if body.hasFiles {
                warnings.append("Files are attached to a \(method) request; they are sent as its body, but many servers ignore the body of a \(method).")
            } else {
                warnings.append("A \(method) request carries a body; many servers ignore it.")
            }
        }

        var prepared = PreparedRequest(method: method, url: finalURL, headers: headers, body: segments, warnings: warnings, credentials: auth.schemeCredentials)
        prepared.maskedValues = maskedValues
        return prepared
    }
}
