extension RequestURL {
    /// Parses URL text that is all ASCII over its bytes, with the same outcome as the walk over characters
    /// (in ASCII text every delimiter is a character of its own); nil for text holding other bytes.
    static func parsedASCII(_ text: String) throws(NetworkError) -> RequestURL? {
        let bytes = Array(text.utf8)
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        func isSpace(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        }
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func first(_ wanted: (UInt8) -> Bool, in range: Range<Int>) -> Int? { bytes[range].firstIndex(where: wanted) }

        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { throw .invalidURL(text, reason: "it is empty") }
        guard let separator = schemeSeparator(in: bytes, from: start, to: end) else {
            throw .invalidURL(text, reason: "it has no scheme; start it with http:// or https://")
        }
        let scheme = String(decoding: bytes[start..<separator].map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(text, reason: "the scheme '\(scheme)' is not supported; use http or https")
        }
        let restStart = separator + 3
        let restEnd = first({ $0 == UInt8(ascii: "#") }, in: restStart..<end) ?? end
        let authorityEnd = first({ $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") }, in: restStart..<restEnd) ?? restEnd
        let authority = string(restStart..<authorityEnd)
        let (host, port) = try splitAuthority(bytes, restStart..<authorityEnd, in: text)
        var pathEnd = restEnd
        var query: String?
        if let questionMark = first({ $0 == UInt8(ascii: "?") }, in: authorityEnd..<restEnd) {
            query = PercentEncoding.encode(bytes[(questionMark + 1)..<restEnd], allowed: urlAllowed)
            pathEnd = questionMark
        }
        let path = PercentEncoding.encode(bytes[authorityEnd..<pathEnd], allowed: urlAllowed)
        return RequestURL(scheme: scheme, authority: authority, host: host, port: port, path: path.isEmpty ? "/" : path, query: query)
    }

    /// A URL from its parts, already checked.
    init(scheme: String, authority: String, host: String, port: Int?, path: String, query: String?) {
        self.scheme = scheme
        self.authority = authority
        self.host = host
        self.port = port
        self.path = path
        self.query = query
    }

    /// The index of the first `://` within the bytes' range.
    private static func schemeSeparator(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index + 2 < end {
            if bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") { return index }
            index += 1
        }
        return nil
    }

    /// Splits the ASCII authority `user@host:port` held in `bytes[range]` and checks the host and port.
    private static func splitAuthority(_ bytes: [UInt8], _ range: Range<Int>, in text: String) throws(NetworkError) -> (String, Int?) {
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let start = bytes[range].lastIndex(of: UInt8(ascii: "@")).map { $0 + 1 } ?? range.lowerBound
        let end = range.upperBound
        let host: String
        var portText: String?
        if start < end, bytes[start] == UInt8(ascii: "[") {
            guard let close = bytes[start..<end].firstIndex(of: UInt8(ascii: "]")) else {
                throw .invalidURL(text, reason: "the IPv6 address has no closing ']'")
            }
            host = string((start + 1)..<close)
            if close + 1 < end, bytes[close + 1] == UInt8(ascii: ":") {
                portText = string((close + 2)..<end)
            } else if close + 1 < end {
                throw .invalidURL(text, reason: "unexpected text '\(string((close + 1)..<end))' after the IPv6 address")
            }
        } else if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
            host = string(start..<colon)
            portText = string((colon + 1)..<end)
        } else {
            host = string(start..<end)
        }
        return (host, try checkedPort(host: host, portText: portText, in: text))
    }
}

extension RequestURL {
    /// Whether the byte-wise parse of ASCII URL text gives exactly what the character-wise parse gives (the same
    /// URL, or the same error); true for text that is not ASCII, which only the character-wise parse reads.
    public static func parsesAlikeByBytesAndCharacters(_ text: String) -> Bool {
        let byBytes = Result { () throws(NetworkError) in try parsedASCII(text) }
        let byCharacters = Result { () throws(NetworkError) in try parsedByCharacters(text) }
        switch (byBytes, byCharacters) {
        case (.success(nil), _): return true
        case (.success(let bytes?), .success(let characters)): return bytes == characters
        case (.failure(let bytes), .failure(let characters)): return bytes == characters
        default: return false
        }
    }
}
