import Locking
import Wakeup

/// The queue through which commands running on other threads hand results to the loop.
///
/// Posting appends under a lock and then signals the wake-up pipe, so the loop (asleep
/// in `poll()`) wakes; async waiters (tests) are resumed through continuations.
final class MessageInbox<Message: Sendable>: Sendable {
    /// One entry: a message, or the end of a command.
    enum Item: Sendable {
        case message(Message)
        case finished(token: UInt64)
    }

    private struct Contents {
        var items: [Item] = []
        var inFlight = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let contents = Locked(Contents())
    /// The pipe that wakes the loop.
    let wakeup: WakeupPipe

    /// Creates an inbox with its own wake-up pipe.
    init() throws(RuntimeError) {
        do {
            wakeup = try WakeupPipe()
        } catch {
            throw .wakeupPipe(errno: error.errno)
        }
    }

    /// Records that a command started; balanced by `finish(token:message:)`.
    func begin() {
        contents.withLock { $0.inFlight += 1 }
    }

    /// Posts a command's result (if any) and its end, then wakes the loop and waiters.
    func finish(token: UInt64, message: Message?) {
        let waiters = contents.withLock { c -> [CheckedContinuation<Void, Never>] in
            if let message { c.items.append(.message(message)) }
            c.items.append(.finished(token: token))
            c.inFlight -= 1
            let w = c.waiters
            c.waiters = []
            return w
        }
        wakeup.signal()
        for waiter in waiters { waiter.resume() }
    }

    /// Takes everything posted so far.
    func drain() -> [Item] {
        contents.withLock { c in
            let items = c.items
            c.items = []
            return items
        }
    }

    /// True when nothing is queued and no command is running.
    var isIdle: Bool {
        contents.withLock { $0.items.isEmpty && $0.inFlight == 0 }
    }

    /// Suspends until something is posted (returns at once if something already is).
    func waitForActivity() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = contents.withLock { c -> Bool in
                if !c.items.isEmpty || c.inFlight == 0 { return true }
                c.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
