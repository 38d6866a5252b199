import Foundation
import Locking
import Wakeup

/// The work of a session's thread: connect, hand-shake, then wait with poll(2) on the socket and the wake-up pipe,
/// reading frames, answering pings, sending what the owner asks, and keeping the timers (keep-alive pings, the idle
/// limit, the wait for the server's close frame).
final class WebSocketLoop {
    private let prepared: PreparedRequest
    private let options: RequestOptions
    private let pins: [String]
    private let settings: WebSocketSettings
    private let outbox: WebSocketOutbox
    private let deliver: (WebSocketEvent) -> Void

    private var connection: WebSocketConnection?
    private var parser = FrameParser(maximumPayload: 0)
    private var assembler = MessageAssembler(maximumMessage: 0)
    private let writer: FrameWriter
    private var random = SystemRandomNumberGenerator()
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var openedAt = ContinuousClock.now
    private var lastMessageAt = ContinuousClock.now
    private var nextPingAt: ContinuousClock.Instant?
    /// Set once curlew has sent its close frame: from then on only the server's close frame (or the timeout) ends it.
    private var closeDeadline: ContinuousClock.Instant?
    private var closeSent = false
    /// The quiet time after which the session closes, once the owner has asked for it (`closeWhenQuiet`).
    private var quietLimit: Double?
    private var receivedBytes: Int64 = 0
    /// Frames written but not yet taken by the socket, from `pendingOffset`: written as the socket takes them, while
    /// reading goes on (a server that echoes stops reading when curlew stops reading).
    private var pendingOutput: [UInt8] = []
    private var pendingOffset = 0
    /// Past this many bytes waiting to go out, commands stay in the outbox until the socket has taken some.
    private static let outputBackLog = 1 << 20
    private var ended = false

    /// Creates the loop; nothing happens until `run`.
    init(prepared: PreparedRequest, options: RequestOptions, pins: [String], settings: WebSocketSettings,
         outbox: WebSocketOutbox, deliver: @escaping (WebSocketEvent) -> Void) {
        self.prepared = prepared
        self.options = options
        self.pins = pins
        self.settings = settings
        self.outbox = outbox
        self.deliver = deliver
        writer = FrameWriter(fragmentSize: settings.fragmentSize)
    }

    /// Runs the session to its end; the last event delivered is `.closed` or `.failed`.
    func run() {
        let connection: WebSocketConnection
        do {
            connection = try WebSocketConnection(prepared: prepared, options: options, pins: pins)
        } catch {
            deliver(.failed(.connection(error)))
            return
        }
        self.connection = connection
        let leftover: [UInt8]
        do {
            leftover = try open(connection)
        } catch {
            deliver(.failed(error))
            return
        }
        parser.append(leftover)
        processFrames()
        while !ended {
            let ready = SocketWait.session(socket: connection.socket, wantsWrite: hasPendingOutput, wakeup: outbox.wakeup.readDescriptor,
                                           milliseconds: millisecondsToNextTimer())
            if ready.woken { outbox.wakeup.drain() }
            if ready.writable { flush() }
            if ready.readable, !ended { readAvailable(connection) }
            if !ended, !isBackedUp, !outbox.isEmpty { runCommands() }
            if !ended { keepTimers() }
        }
        flushBeforeEnd()
    }

    // MARK: - Opening

    /// Writes the Upgrade request, reads and checks the answer; returns the bytes that came after its head.
    private func open(_ connection: WebSocketConnection) throws(WebSocketError) -> [UInt8] {
        let key = Handshake.key(using: &random)
        let request: [UInt8]
        do {
            request = try Handshake.request(for: prepared, key: key, subprotocols: settings.subprotocols, offersDeflate: settings.offersDeflate)
        } catch {
            throw .connection(error)
        }
        if let problem = connection.write(request) { throw .connection(.transport(code: 55, message: "the handshake could not be sent: \(problem)")) }
        let (headBytes, leftover) = try readHead(connection)
        guard let head = Handshake.parseHead(headBytes) else {
            throw .badHandshake("the server did not answer with an HTTP/1.1 status line; it does not speak WebSocket on this port")
        }
        let opening = try Handshake.validate(head, key: key, subprotocols: settings.subprotocols, offeredDeflate: settings.offersDeflate)
        let limit = Int(clamping: settings.maximumMessage)
        parser = FrameParser(maximumPayload: limit, allowsCompression: opening.compressed)
        assembler = MessageAssembler(maximumMessage: limit, inflates: opening.compressed)
        openedAt = .now
        lastMessageAt = openedAt
        if let interval = settings.pingInterval, interval > 0 { nextPingAt = openedAt + Self.duration(interval) }
        deliver(.opened(opening))
        return leftover
    }

    /// Reads up to the blank line that ends the answer's head, within the connect (else the whole) time limit.
    private func readHead(_ connection: WebSocketConnection) throws(WebSocketError) -> (head: [UInt8], rest: [UInt8]) {
        let seconds = options.connectTimeout ?? options.timeout ?? 30
        let deadline = ContinuousClock.now + Self.duration(seconds)
        var bytes: [UInt8] = []
        while true {
            switch connection.read(into: &readBuffer) {
            case .bytes(let count):
                let searchFrom = max(0, bytes.count - 3)
                bytes.append(contentsOf: readBuffer[0..<count])
                if let end = Self.endOfHead(in: bytes, from: searchFrom) {
                    return (Array(bytes[..<end]), Array(bytes[end...]))
                }
                guard bytes.count <= Handshake.maximumHeadBytes else {
                    throw .badHandshake("the server's answer has a head larger than \(Handshake.maximumHeadBytes) bytes")
                }
            case .wouldBlock:
                let left = Self.milliseconds(until: deadline)
                guard left > 0, SocketWait.wait(for: connection.socket, events: Int16(POLLIN), milliseconds: left) else {
                    if ContinuousClock.now < deadline { continue }
                    throw .connection(.timeout(seconds: seconds))
                }
            case .closed:
                throw .connection(.serverClosedEarly("the server closed the connection before answering the WebSocket handshake"))
            case .failed(let detail):
                throw .connection(.transport(code: 56, message: "the handshake's answer could not be read: \(detail)"))
            }
        }
    }

    /// The index just past the first CR LF CR LF at or after `start`.
    private static func endOfHead(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var index = start
        while index + 3 < bytes.count {
            if bytes[index] == 0x0D, bytes[index + 1] == 0x0A, bytes[index + 2] == 0x0D, bytes[index + 3] == 0x0A { return index + 4 }
            index += 1
        }
        return nil
    }

    // MARK: - Receiving

    /// Reads everything waiting (TLS may hold bytes the socket no longer shows), turning it into frames.
    private func readAvailable(_ connection: WebSocketConnection) {
        while !ended {
            switch connection.read(into: &readBuffer) {
            case .bytes(let count):
                parser.append(readBuffer[0..<count])
                processFrames()
                if hasPendingOutput { flush() }
                if !ended, !isBackedUp, !outbox.isEmpty { runCommands() }
            case .wouldBlock:
                return
            case .closed:
                dropped("the server closed the connection")
            case .failed(let detail):
                dropped(detail)
            }
        }
    }

    /// Reads every whole frame the parser holds and acts on what it completes.
    private func processFrames() {
        while !ended {
            do throws(WebSocketProtocolError) {
                guard let frame = try parser.nextFrame() else { return }
                guard let received = try assembler.accept(frame) else { continue }
                handle(received)
            } catch {
                sendClose(code: error.code, reason: error.code == WebSocketCloseCode.protocolError ? "protocol error" : "")
                finish(.failed(.protocolViolation(error)))
            }
        }
    }

    /// Acts on a whole message or control frame from the server.
    private func handle(_ received: ReceivedControl) {
        switch received {
        case .message(let kind, let data):
            receivedBytes += Int64(data.count)
            if let limit = settings.maximumSession, receivedBytes > limit {
                sendClose(code: WebSocketCloseCode.messageTooBig, reason: "session limit")
                finish(.failed(.sessionTooLarge(limit: limit)))
                return
            }
            lastMessageAt = .now
            deliver(.message(WebSocketMessage(direction: .received, kind: kind, data: data, time: elapsed())))
        case .ping(let payload):
            deliver(.ping(WebSocketControlFrame(direction: .received, payload: payload, time: elapsed())))
            guard !closeSent else { return }
            write(FrameWriter.control(.pong, payload: payload, using: &random))
            deliver(.pong(WebSocketControlFrame(direction: .sent, payload: payload, time: elapsed())))
        case .pong(let payload):
            deliver(.pong(WebSocketControlFrame(direction: .received, payload: payload, time: elapsed())))
        case .close(let code, let reason):
            let byServer = !closeSent
            if byServer {
                // The answer echoes the server's code (RFC 6455 §5.5.1); a close without one is answered without one.
                let payload = code.map { FrameWriter.closePayload(code: $0, reason: "") } ?? []
                write(FrameWriter.control(.close, payload: payload, using: &random))
                closeSent = true
            }
            finish(.closed(WebSocketClosure(code: code, reason: reason, byServer: byServer, time: elapsed())))
        }
    }

    /// The connection ended: normal when curlew's close frame was out and the server hung up, else abnormal.
    private func dropped(_ detail: String) {
        if closeSent {
            finish(.closed(WebSocketClosure(code: nil, reason: "", byServer: false, answered: false, time: elapsed())))
        } else {
            finish(.failed(.droppedConnection(detail)))
        }
    }

    // MARK: - Sending

    /// Carries out what the owner asked for since the last look.
    private func runCommands() {
        let commands = outbox.takeAll()
        for (index, command) in commands.enumerated() where !ended {
            if isBackedUp {
                // The rest waits, in order, for the socket to take what is queued.
                outbox.putBack(commands[index...])
                return
            }
            outbox.carriedOut(command)
            switch command {
            case .send(let kind, let data):
                guard !closeSent else { continue }
                for frame in writer.message(data, opcode: kind == .text ? .text : .binary, using: &random) where !ended { write(frame) }
                if !ended { deliver(.message(WebSocketMessage(direction: .sent, kind: kind, data: data, time: elapsed()))) }
            case .ping(let payload):
                guard !closeSent else { continue }
                write(FrameWriter.control(.ping, payload: payload, using: &random))
                deliver(.ping(WebSocketControlFrame(direction: .sent, payload: Array(payload.prefix(125)), time: elapsed())))
            case .closeWhenQuiet(let seconds):
                quietLimit = max(0, seconds)
                lastMessageAt = .now
            case .close(let code, let reason):
                beginClose(code: code, reason: reason)
            }
        }
    }

    /// Sends curlew's close frame and starts waiting for the server's.
    private func beginClose(code: UInt16, reason: String) {
        guard !closeSent else { return }
        sendClose(code: code, reason: reason)
        closeDeadline = .now + Self.duration(settings.closeTimeout)
    }

    /// Writes a close frame, once.
    private func sendClose(code: UInt16, reason: String) {
        guard !closeSent else { return }
        closeSent = true
        write(FrameWriter.control(.close, payload: FrameWriter.closePayload(code: code, reason: reason), using: &random))
    }

    /// Queues bytes to go out and writes what the socket takes now; a failure ends the session.
    private func write(_ bytes: [UInt8]) {
        guard !ended else { return }
        if pendingOffset > 0, pendingOffset >= pendingOutput.count / 2 {
            pendingOutput.removeFirst(pendingOffset)
            pendingOffset = 0
        }
        pendingOutput.append(contentsOf: bytes)
        flush()
    }

    /// Whether bytes wait to go out.
    private var hasPendingOutput: Bool { pendingOffset < pendingOutput.count }

    /// Whether so much waits to go out that new commands must wait.
    private var isBackedUp: Bool { pendingOutput.count - pendingOffset > Self.outputBackLog }

    /// Writes what the socket takes now.
    private func flush() {
        guard let connection else { return }
        while hasPendingOutput {
            switch connection.writeSome(pendingOutput, from: pendingOffset) {
            case .success(0):
                return
            case .success(let count):
                pendingOffset += count
            case .failure(let failure):
                pendingOutput = []
                pendingOffset = 0
                dropped(failure.detail)
                return
            }
        }
        pendingOutput.removeAll(keepingCapacity: true)
        pendingOffset = 0
    }

    /// Gives the last frames (a close frame, most often) up to the close timeout to go out before the connection ends.
    private func flushBeforeEnd() {
        guard let connection else { return }
        let deadline = ContinuousClock.now + Self.duration(settings.closeTimeout)
        while hasPendingOutput, ContinuousClock.now < deadline {
            switch connection.writeSome(pendingOutput, from: pendingOffset) {
            case .success(0):
                _ = SocketWait.wait(for: connection.socket, events: Int16(POLLOUT), milliseconds: Self.milliseconds(until: deadline))
            case .success(let count):
                pendingOffset += count
            case .failure:
                return
            }
        }
    }

    // MARK: - Timers

    /// Keep-alive pings, the idle limit and the close timeout.
    private func keepTimers() {
        let now = ContinuousClock.now
        if let closeDeadline, now >= closeDeadline {
            finish(.closed(WebSocketClosure(code: nil, reason: "", byServer: false, answered: false, time: elapsed())))
            return
        }
        if let idle = idleLimit, !closeSent, now >= lastMessageAt + Self.duration(idle) {
            beginClose(code: WebSocketCloseCode.normal, reason: "idle")
        }
        if let next = nextPingAt, now >= next, !closeSent, let interval = settings.pingInterval {
            write(FrameWriter.control(.ping, payload: [], using: &random))
            deliver(.ping(WebSocketControlFrame(direction: .sent, payload: [], time: elapsed())))
            nextPingAt = now + Self.duration(interval)
        }
    }

    /// The quiet time that closes the session: the shorter of the idle limit and the quiet limit asked for.
    private var idleLimit: Double? {
        var limits: [Double] = []
        if let idle = settings.idleTimeout, idle > 0 { limits.append(idle) }
        if let quietLimit { limits.append(quietLimit) }
        return limits.min()
    }

    /// How long poll may sleep before the next timer is due; -1 when none is set.
    private func millisecondsToNextTimer() -> Int32 {
        var deadlines: [ContinuousClock.Instant] = []
        if let closeDeadline { deadlines.append(closeDeadline) }
        if !closeSent {
            if let next = nextPingAt { deadlines.append(next) }
            if let idle = idleLimit { deadlines.append(lastMessageAt + Self.duration(idle)) }
        }
        guard let soonest = deadlines.min() else { return -1 }
        return Self.milliseconds(until: soonest)
    }

    /// Delivers the last event.
    private func finish(_ event: WebSocketEvent) {
        guard !ended else { return }
        ended = true
        deliver(event)
    }

    /// Seconds since the session opened.
    private func elapsed() -> Double {
        let components = (ContinuousClock.now - openedAt).components
        return Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// Seconds as a duration, capped at the longest limit curlew accepts.
    private static func duration(_ seconds: Double) -> Duration {
        .milliseconds(Int64((min(max(seconds, 0), NumberReading.maximumSeconds) * 1000).rounded(.up)))
    }

    /// Whole milliseconds until `deadline`, rounded up, 0 when it has passed.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let components = (deadline - .now).components
        guard components.seconds >= 0 else { return 0 }
        let milliseconds = components.seconds * 1000 + (components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(0, milliseconds))
    }
}
