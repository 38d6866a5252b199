import Foundation
import Wakeup
#if canImport(Glibc)
import Glibc
#endif

/// A listener on 127.0.0.1 for the code grant's redirect: it answers the browser's request to its path with a short
/// page and hands back that request's query fields; every other request gets 404.
public final class OAuth2LoopbackListener: Sendable {
    /// The most bytes read of one request's head (request line and headers).
    static let maximumHeadBytes = 16 * 1024
    /// The most query fields read from the callback.
    /// How long one connection may take to send its request head, in milliseconds.
    static let connectionMilliseconds: Int32 = 5000

    /// The port listened on.
    public let port: Int
    /// The callback's path (`/callback`).
    public let path: String
    /// The listening socket.
    private let descriptor: Int32
    /// Wakes the wait when the sign-in is stopped.
    private let wakeup: WakeupPipe

    /// Listens on `127.0.0.1:port` (0 for a free port chosen by the system).
    public init(port: Int, path: String) throws(OAuth2Error) {
        guard (0...65535).contains(port) else { throw .listenerFailed("the port \(port) is not between 1 and 65535") }
        do { wakeup = try WakeupPipe() } catch { throw .listenerFailed("no file descriptor is left (\(String(cString: strerror(error.errno))))") }
        let socketType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let descriptor = socket(AF_INET, socketType, 0)
        guard descriptor >= 0 else { throw .listenerFailed("no socket could be opened (\(String(cString: strerror(errno))))") }
        var yes: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .listenerFailed("curlew could not listen on 127.0.0.1:\(port) (\(reason)); free the port or name another in \"redirectUri\"")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// The redirect URI the provider sends the browser back to.
    public var redirectURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Waits for the browser's request to the callback path and returns its query fields (a field given twice is
    /// left out), its page saying whether `state` matched; throws `signInTimedOut` after `timeout` and `cancelled`
    /// when the task is cancelled.
    public func callback(state: String, timeout: Duration) async throws(OAuth2Error) -> [String: String] {
        let deadline = ContinuousClock.now + timeout
        let result: Result<[String: String], OAuth2Error> = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: self.wait(until: deadline, timeout: timeout, state: state)) }.start()
            }
        } onCancel: {
            wakeup.signal()
        }
        return try result.get()
    }

    /// Accepts connections until one asks for the callback, the deadline passes or the wait is woken.
    private func wait(until deadline: ContinuousClock.Instant, timeout: Duration, state: String) -> Result<[String: String], OAuth2Error> {
        while true {
            guard let events = poll(descriptor, until: deadline) else { return .failure(.signInTimedOut(seconds: Int(timeout.components.seconds))) }
            if events.woken { return .failure(.cancelled) }
            guard events.ready else { continue }
            let connection = accept(descriptor, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            defer { close(connection) }
            let connectionDeadline = min(deadline, ContinuousClock.now + .milliseconds(Int(Self.connectionMilliseconds)))
            switch readHead(connection, until: connectionDeadline) {
            case .woken:
                return .failure(.cancelled)
            case .unusable:
                answer(connection, status: "400 Bad Request", page: "curlew could not read this request.")
            case .head(let head):
                guard let fields = callbackFields(head) else {
                    answer(connection, status: "404 Not Found", page: "Not the sign-in callback.")
                    continue
                }
                let page = fields["error"] != nil ? "The sign-in was refused. Go back to curlew."
                    : fields["state"] != state ? "This redirect does not belong to curlew's sign-in (its state differs), so it was not used."
                    : "Signed in. You can close this tab and go back to curlew."
                answer(connection, status: "200 OK", page: page)
                return .success(fields)
            }
        }
    }

    /// What polling found: the listening (or connected) socket is readable, or the wake-up was signalled; nil when the
    /// deadline passed first.
    private func poll(_ socket: Int32, until deadline: ContinuousClock.Instant) -> (ready: Bool, woken: Bool)? {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return nil }
            let milliseconds = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0)]
            let count = Glibc.poll(&descriptors, 2, Int32(clamping: milliseconds))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { continue }
            return (descriptors[0].revents != 0, descriptors[1].revents != 0)
        }
    }

    /// What reading a connection's request head gave.
    private enum Head {
        case head(String)
        case unusable
        case woken
    }

    /// Reads up to the blank line that ends a request's head, at most `maximumHeadBytes`.
    private func readHead(_ connection: Int32, until deadline: ContinuousClock.Instant) -> Head {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 2048)
        while bytes.count < Self.maximumHeadBytes {
            guard let events = poll(connection, until: deadline) else { return .unusable }
            if events.woken { return .woken }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, min($0.count, Self.maximumHeadBytes - bytes.count), 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .unusable }
            bytes += chunk[0..<count]
            if let end = bytes.firstRange(of: [13, 10, 13, 10]) ?? bytes.firstRange(of: [10, 10]) {
                return .head(String(decoding: bytes[..<end.lowerBound], as: UTF8.self))
            }
        }
        return .unusable
    }

    /// The query fields of a `GET` of the callback path, or nil for any other request.
    func callbackFields(_ head: String) -> [String: String]? {
        OAuth2CallbackRequest.fields(ofHead: head, path: path)
    }

    /// Writes a whole small HTML answer and lets the connection close.
    private func answer(_ connection: Int32, status: String, page: String) {
        let body = "<!doctype html><meta charset=\"utf-8\"><title>curlew</title><p>\(page)</p>\n"
        let message = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n\(body)"
        var bytes = Array(message.utf8)[...]
        while !bytes.isEmpty {
            let sent = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return }
            bytes = bytes.dropFirst(sent)
        }
    }
}
