import Locking
import Wakeup

/// Commands on their way from a session's owner to its thread, with the bytes of the messages among them, so that a
/// sender faster than the network can wait for room instead of filling memory.
final class WebSocketOutbox: Sendable {
    /// The commands not yet taken, the bytes of their messages, and whether the session has ended.
    private let state = Locked<(commands: [WebSocketCommand], queuedBytes: Int, ended: Bool)>(([], 0, false))
    /// Wakes the session's thread when a command comes.
    let wakeup: WakeupPipe
    /// Wakes a sender waiting for room when the thread takes a message, or the session ends.
    private let room: WakeupPipe

    /// Makes the outbox and its two wake-up pipes.
    init() throws(WakeupPipeError) {
        wakeup = try WakeupPipe()
        room = try WakeupPipe()
    }

    /// Puts a command in and wakes the session's thread.
    func submit(_ command: WebSocketCommand) {
        state.withLock { state in
            state.commands.append(command)
            state.queuedBytes += Self.size(of: command)
        }
        wakeup.signal()
    }

    /// Whether no command waits.
    var isEmpty: Bool { state.withLock { $0.commands.isEmpty } }

    /// Takes every waiting command, in order.
    func takeAll() -> [WebSocketCommand] {
        state.withLock { state in
            let taken = state.commands
            state.commands.removeAll()
            return taken
        }
    }

    /// Puts commands taken but not carried out back in front, in order.
    func putBack(_ commands: ArraySlice<WebSocketCommand>) {
        state.withLock { $0.commands.insert(contentsOf: commands, at: 0) }
    }

    /// Records that a command was carried out, making room for its bytes.
    func carriedOut(_ command: WebSocketCommand) {
        let size = Self.size(of: command)
        guard size > 0 else { return }
        state.withLock { $0.queuedBytes -= size }
        room.signal()
    }

    /// Records that the session has ended: no more room will be made, and waiting senders return.
    func end() {
        state.withLock { $0.ended = true }
        room.signal()
    }

    /// Blocks until the messages waiting hold at most `limit` bytes, or the session has ended.
    func waitForRoom(below limit: Int) {
        while true {
            let (queued, ended) = state.withLock { ($0.queuedBytes, $0.ended) }
            if ended || queued <= limit { return }
            _ = room.wait(timeout: nil)
            room.drain()
        }
    }

    /// The bytes a command's message holds.
    private static func size(of command: WebSocketCommand) -> Int {
        if case .send(_, let bytes) = command { return bytes.count }
        return 0
    }
}
