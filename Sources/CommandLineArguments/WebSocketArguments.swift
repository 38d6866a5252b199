import RequestKit

/// What `curlew send ws://…` was asked to do besides the request itself: the messages, the end, the limits.
package struct WebSocketArguments {
    /// Whether the URL was ws:// or wss:// (the request then carries its http:// or https:// form).
    package var enabled = false
    /// `--message TEXT` messages, sent in order instead of reading stdin.
    package var messages: [String] = []
    /// `--binary`: stdin's bytes go out as binary messages.
    package var binary = false
    /// `--close-after N`: close after N messages received.
    package var closeAfter: Int?
    /// Subprotocols, limits and timers for the session.
    package var settings = WebSocketSettings()
    /// The options given, for the message when they come without a ws:// URL.
    package var optionsGiven: [String] = []

    /// The options this struct reads.
    package static let specs: [OptionSpec] = [
        .value("--message", "TEXT", .text, "Send TEXT as a text message (repeatable; stdin is not read then)."),
        .flag("--binary", "Send stdin's bytes as binary messages (as they arrive) instead of one text message per line."),
        .value("--subprotocol", "NAME", .text, "Offer the subprotocol NAME (repeatable, in order of preference); the server must pick one offered."),
        .value("--close-after", "N", .text, "Close the session normally after N messages received."),
        .value("--ping-interval", "SECONDS", .text, "Send a keep-alive ping every SECONDS."),
        .value("--max-message-size", "SIZE", .text, "Close with 1009 when a message passes SIZE bytes (k, M, G suffixes; default 16M); exit 63."),
        .value("--max-session-size", "SIZE", .text, "Close with 1009 when the messages received pass SIZE bytes in all (default no limit); exit 63."),
        .flag("--no-deflate", "Do not offer permessage-deflate compression."),
    ]

    /// Reads one of `specs`; false when `option` is not one of them.
    package mutating func read(_ option: String, reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--message": messages.append(try reader.value(of: option))
        case "--binary": binary = true
        case "--subprotocol":
            let name = try reader.value(of: option)
            guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
                throw UsageError(message: "--subprotocol needs a name of letters, digits and !#$%&'*+-.^_`|~ (an HTTP token), not '\(name)'")
            }
            settings.subprotocols.append(name)
        case "--close-after":
            closeAfter = try SendArguments.checked(NumberReading.count(try reader.value(of: option), in: 1...Int(Int32.max), of: "messages"), option: option)
        case "--ping-interval":
            let seconds = try SendArguments.checked(NumberReading.seconds(try reader.value(of: option)), option: option)
            settings.pingInterval = seconds == 0 ? nil : seconds
        case "--max-message-size":
            let size = try SendArguments.checked(NumberReading.byteCount(try reader.value(of: option)), option: option)
            guard size > 0 else { throw UsageError(message: "--max-message-size must be at least 1 byte, such as 16M") }
            settings.maximumMessage = size
        case "--max-session-size":
            let size = try SendArguments.checked(NumberReading.byteCount(try reader.value(of: option)), option: option)
            guard size > 0 else { throw UsageError(message: "--max-session-size must be at least 1 byte, such as 1G") }
            settings.maximumSession = size
        case "--no-deflate": settings.offersDeflate = false
        default: return false
        }
        optionsGiven.append(option)
        return true
    }

    /// Fails when WebSocket options came with an http:// URL, or `--message` with `--binary`.
    package func validate() throws(UsageError) {
        if !enabled, let first = optionsGiven.first {
            throw UsageError(message: "\(first) is for WebSocket sessions: give a ws:// or wss:// URL, such as ws://localhost:8080/chat")
        }
        if binary, !messages.isEmpty {
            throw UsageError(message: "--binary sends stdin's bytes and --message sends text: choose one")
        }
    }

    /// Whether a byte may be part of an HTTP token (RFC 9110 §5.6.2).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}
