import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew send ws://…`: a WebSocket session on the command line. Lines on stdin (or `--message`s) go out as text
/// messages, `--binary` sends stdin's bytes as binary messages; each message received is printed as it comes.
enum WebSocketSend {
    /// Runs the session for a request built as for HTTP (headers, auth, variables), and returns the exit status.
    static func run(_ request: Request, parsed: SendArguments, cookies: SendCookies) async -> Int32 {
        var request = request
        if !request.headers.contains(name: "Cookie"), let header = await cookieHeader(for: request.url, client: cookies.client) {
            request.headers.add(name: "Cookie", value: header)
        }
        let prepared: PreparedRequest
        let session: WebSocketSession
        var settings = parsed.webSocket.settings
        settings.idleTimeout = request.options.idleTimeout
        do {
            prepared = try request.prepared()
            session = try WebSocketSession(prepared: prepared, options: request.options, settings: settings)
        } catch {
            StandardStreams.writeError("curlew: \(error.message)\n")
            return error.exitCode
        }
        if parsed.verbose { StandardStreams.writeError(VerboseLog.request(prepared)) }
        let output = WebSocketOutput(json: parsed.format == .json, toTerminal: StandardStreams.stdoutIsTerminal)
        let watcher = InterruptWatcher { session.close(reason: "interrupted") }
        defer { watcher.cancel() }
        let arguments = parsed.webSocket
        // With --close-after or --idle-timeout the session waits for those; else, once the input ends, it closes when
        // the server has been quiet for a second (answers to what was sent come before that).
        let closesWhenInputEnds = arguments.closeAfter == nil && settings.idleTimeout == nil
        var received = 0
        for await event in session.events {
            if let bytes = output.render(event) { StandardStreams.writeOut(Data(bytes)) }
            switch event {
            case .opened(let opening):
                if parsed.verbose { StandardStreams.writeError(VerboseLog.webSocketOpening(opening)) }
                startInput(arguments, session: session, closesWhenDone: closesWhenInputEnds)
            case .message(let message) where message.direction == .received:
                received += 1
                if let limit = arguments.closeAfter, received == limit { session.close() }
            case .closed(let closure):
                return status(of: closure)
            case .failed(let error):
                StandardStreams.writeError("curlew: \(ResponseOutput.visibleLine(error.message))\n")
                return error.exitCode
            default:
                break
            }
        }
        return 0
    }

    /// The exit status of a session that closed: 0 for 1000, 1001 or no code; 56 for any other code or no answer.
    private static func status(of closure: WebSocketClosure) -> Int32 {
        guard closure.answered else {
            StandardStreams.writeError("curlew: the server did not answer curlew's close frame in time; the connection was dropped\n")
            return 56
        }
        guard closure.isNormal else {
            let code = closure.code.map(String.init) ?? "none"
            let reason = closure.reason.isEmpty ? "" : " (\(ResponseOutput.visibleLine(closure.reason)))"
            StandardStreams.writeError("curlew: the server closed the session with code \(code)\(reason)\n")
            return 56
        }
        return 0
    }

    /// How long the server must be quiet, after the input has ended, before the session closes.
    static let quietTime = 1.0

    /// Sends the `--message`s, or stdin's lines (or bytes, with `--binary`) from a thread of their own, which waits
    /// for room before each message so that a fast stdin does not fill memory.
    private static func startInput(_ arguments: WebSocketArguments, session: WebSocketSession, closesWhenDone: Bool) {
        if !arguments.messages.isEmpty {
            for message in arguments.messages { session.send(text: message) }
            if closesWhenDone { session.closeWhenQuiet(after: quietTime) }
            return
        }
        let binary = arguments.binary
        let thread = Thread {
            if binary {
                while true {
                    let chunk = FileHandle.standardInput.availableData
                    if chunk.isEmpty { break }
                    session.waitForRoom()
                    session.send(binary: Array(chunk))
                }
            } else {
                while let line = readLine(strippingNewline: true) {
                    session.waitForRoom()
                    session.send(text: line.hasSuffix("\r") ? String(line.dropLast()) : line)
                }
            }
            if closesWhenDone { session.closeWhenQuiet(after: quietTime) }
        }
        thread.name = "curlew.websocket-input"
        thread.start()
    }

    /// The jar's cookies for the URL the handshake goes to, as a `Cookie` header value.
    private static func cookieHeader(for url: String, client: Client) async -> String? {
        guard let parsed = URLComponents(string: url), let host = parsed.host else { return nil }
        let lines = await client.cookieLines()
        guard !lines.isEmpty else { return nil }
        let path = parsed.path.isEmpty ? "/" : parsed.path
        return StoredCookie.cookieHeader(from: lines, host: host, path: path, overTLS: parsed.scheme == "https",
                                         now: Int64(Date().timeIntervalSince1970))
    }
}
