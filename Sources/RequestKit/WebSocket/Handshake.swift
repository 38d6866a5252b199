import Foundation

/// The opening handshake (RFC 6455 §4.1): the Upgrade request curlew writes and the checks on the server's answer.
public enum Handshake {
    /// The GUID the accept value is made with.
    static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
    /// The most bytes an answer's head may take.
    public static let maximumHeadBytes = 64 * 1024
    /// The extension offer for permessage-deflate.
    static let deflateOffer = "permessage-deflate; client_max_window_bits"

    /// A fresh `Sec-WebSocket-Key`: 16 random bytes in base64.
    public static func key<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` value a server must answer `key` with; nil when libcrypto cannot be loaded.
    public static func accept(forKey key: String) -> String? {
        Digest.sha1(Array((key + acceptGUID).utf8)).map { Data($0).base64EncodedString() }
    }

    /// The request's bytes: `GET path HTTP/1.1`, Host, the Upgrade fields, then the request's own header fields
    /// (authorization, cookies, user-agent, …) except those the handshake sets itself.
    public static func request(for prepared: PreparedRequest, key: String, subprotocols: [String], offersDeflate: Bool) throws(NetworkError) -> [UInt8] {
        let url = try RequestURL.parsedByCharacters(prepared.url)
        var target = url.path
        if let query = url.query { target += "?" + query }
        let own: Set<String> = ["host", "upgrade", "connection", "sec-websocket-key", "sec-websocket-version",
                                "sec-websocket-protocol", "sec-websocket-extensions", "content-length"]
        var lines = ["GET \(target) HTTP/1.1", "Host: \(url.authority)", "Upgrade: websocket", "Connection: Upgrade",
                     "Sec-WebSocket-Key: \(key)", "Sec-WebSocket-Version: 13"]
        if !subprotocols.isEmpty { lines.append("Sec-WebSocket-Protocol: " + subprotocols.joined(separator: ", ")) }
        if offersDeflate { lines.append("Sec-WebSocket-Extensions: " + deflateOffer) }
        if !prepared.headers.contains(name: "User-Agent") { lines.append("User-Agent: " + LibraryVersion.userAgent) }
        for field in prepared.headers where !own.contains(field.name.lowercased()) {
            lines.append("\(field.name): \(field.value)")
        }
        for line in lines where line.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) {
            throw .invalidHeader(name: String(line.prefix(while: { $0 != ":" })), reason: "it contains a line break")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// The answer's head from its bytes (up to the blank line), or nil when they are not an HTTP/1.1 head.
    public static func parseHead(_ bytes: [UInt8]) -> ResponseHead? {
        var parser = ResponseHeadParser()
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                bytes[lineStart...index].withUnsafeBytes { parser.consume(line: $0) }
                lineStart = index + 1
            }
            index += 1
        }
        guard parser.statusCode > 0, parser.httpVersion.hasPrefix("HTTP/1") else { return nil }
        return ResponseHead(statusCode: parser.statusCode, reason: parser.reason, httpVersion: parser.httpVersion, headers: parser.headers)
    }

    /// Checks a 101 answer against what was asked, and reads what it agreed to.
    public static func validate(_ head: ResponseHead, key: String, subprotocols: [String], offeredDeflate: Bool) throws(WebSocketError) -> WebSocketOpening {
        guard head.statusCode == 101 else { throw .notUpgraded(head) }
        guard head.headers["Upgrade"]?.lowercased() == "websocket" else {
            throw .badHandshake("the server's 101 answer has no 'Upgrade: websocket' field")
        }
        let connection = head.headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" }) else {
            throw .badHandshake("the server's 101 answer has no 'Connection: Upgrade' field")
        }
        guard let expected = accept(forKey: key) else {
            throw .badHandshake("OpenSSL's libcrypto could not be loaded to check Sec-WebSocket-Accept; install libssl3")
        }
        guard head.headers["Sec-WebSocket-Accept"]?.trimmingCharacters(in: .whitespaces) == expected else {
            throw .badHandshake("the server's Sec-WebSocket-Accept does not match the key sent; it is not a WebSocket server, or a proxy changed the answer")
        }
        var opening = WebSocketOpening(head: head)
        if let chosen = head.headers["Sec-WebSocket-Protocol"]?.trimmingCharacters(in: .whitespaces), !chosen.isEmpty {
            guard subprotocols.contains(chosen) else {
                throw .badHandshake("the server chose the subprotocol '\(chosen)', which was not offered (offered: \(subprotocols.isEmpty ? "none" : subprotocols.joined(separator: ", ")))")
            }
            opening.subprotocol = chosen
        }
        let extensions = head.headers.values(for: "Sec-WebSocket-Extensions").flatMap { $0.split(separator: ",") }
        for offer in extensions {
            let parameters = offer.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parameters.first == "permessage-deflate", offeredDeflate else {
                throw .badHandshake("the server turned on the extension '\(offer.trimmingCharacters(in: .whitespaces))', which was not offered")
            }
            for parameter in parameters.dropFirst() where !isAcceptedDeflateParameter(parameter) {
                throw .badHandshake("the server answered permessage-deflate with the parameter '\(parameter)', which curlew does not accept")
            }
            opening.compressed = true
        }
        return opening
    }

    /// Whether a permessage-deflate parameter in the answer is one a client can live with (RFC 7692 §7.1).
    private static func isAcceptedDeflateParameter(_ parameter: String) -> Bool {
        let name = parameter.split(separator: "=").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        switch name {
        case "server_no_context_takeover", "client_no_context_takeover": return true
        case "server_max_window_bits", "client_max_window_bits":
            guard let value = parameter.split(separator: "=").dropFirst().first else { return name == "client_max_window_bits" }
            let digits = value.trimmingCharacters(in: CharacterSet(charactersIn: " \""))
            guard let bits = Int(digits) else { return false }
            return (8...15).contains(bits)
        default: return false
        }
    }
}
