import Foundation

/// A WebSocket session (RFC 6455, with permessage-deflate from RFC 7692) on a thread of its own.
///
/// The connection is made by libcurl as for an HTTP request with the same options (TLS verification, CA file,
/// client certificate, pins, proxy, connect-to, resolve), then curlew writes the Upgrade handshake and the frames.
/// Everything that happens arrives in order on `events`, which ends after `.closed` or `.failed`. Server pings are
/// answered at once; `send`, `ping` and `close` may be called from any thread.
public final class WebSocketSession: Sendable {
    /// What happens, in order: `.opened` first (unless the session fails before), `.closed` or `.failed` last.
    public let events: AsyncStream<WebSocketEvent>
    /// Commands waiting for the session's thread.
    private let outbox: WebSocketOutbox

    /// Starts a session for `prepared`, whose URL is the http or https form of the ws or wss URL (`ws://h/p` is
    /// sent as `http://h/p`); its header fields (authorization, cookies) go with the handshake.
    ///
    /// Throws before connecting when a certificate or key file is unusable, or the process is out of descriptors.
    public init(prepared: PreparedRequest, options: RequestOptions, settings: WebSocketSettings = WebSocketSettings()) throws(NetworkError) {
        try TLSFileCheck.check(options)
        var pins = options.pinnedPublicKeys
        if let certificate = options.pinnedCertificatePath { pins.append(try CertificatePin.pin(forCertificateAt: certificate)) }
        let outbox: WebSocketOutbox
        do {
            outbox = try WebSocketOutbox()
        } catch {
            throw .transport(code: 55, message: "no file descriptor is left for the session (errno \(error.errno)); close other programs and retry")
        }
        let (events, continuation) = AsyncStream.makeStream(of: WebSocketEvent.self)
        self.events = events
        self.outbox = outbox
        continuation.onTermination = { _ in
            outbox.submit(.close(code: WebSocketCloseCode.goingAway, reason: ""))
        }
        let pinned = pins
        let thread = Thread {
            let loop = WebSocketLoop(prepared: prepared, options: options, pins: pinned, settings: settings,
                                     outbox: outbox, deliver: { continuation.yield($0) })
            loop.run()
            outbox.end()
            continuation.finish()
        }
        thread.name = "curlew.websocket"
        thread.start()
    }

    deinit {
        submit(.close(code: WebSocketCloseCode.goingAway, reason: ""))
    }

    /// Sends a text message.
    public func send(text: String) {
        submit(.send(.text, Array(text.utf8)))
    }

    /// Sends a binary message.
    public func send(binary: [UInt8]) {
        submit(.send(.binary, binary))
    }

    /// Sends a ping (its payload cut to 125 bytes).
    public func ping(_ payload: [UInt8] = []) {
        submit(.ping(payload))
    }

    /// Begins the closing handshake; the session ends when the server answers or the close timeout passes.
    public func close(code: UInt16 = WebSocketCloseCode.normal, reason: String = "") {
        submit(.close(code: code, reason: reason))
    }

    /// Closes normally once no message has arrived for `seconds`: for when there is nothing more to send but the
    /// server may still be answering what was sent. An idle limit in the settings, when shorter, still applies.
    public func closeWhenQuiet(after seconds: Double) {
        submit(.closeWhenQuiet(seconds))
    }

    /// Blocks until the messages sent but not yet handed to the socket hold at most `bytes`, or the session has ended:
    /// a sender on a thread of its own (reading a file or stdin) calls it between messages to keep memory flat.
    public func waitForRoom(below bytes: Int = 4 << 20) {
        outbox.waitForRoom(below: bytes)
    }

    /// Hands a command to the session's thread.
    private func submit(_ command: WebSocketCommand) {
        outbox.submit(command)
    }
}
