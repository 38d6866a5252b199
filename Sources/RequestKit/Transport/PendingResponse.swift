import Locking

/// A request handed to a transport, whose outcome is awaited later.
///
/// `Client.start` returns it at once (so does `HTTPTransport.start` for other transports, whose send runs in a task); `outcome()` awaits the response without suspending when it has already
/// arrived, so a caller that prepares the next request while this one is on the wire pays no wake-up for it.
/// Cancelling the task that awaits `outcome()`, or calling `cancel()`, aborts the transfer.
public final class PendingResponse: Sendable {
    /// The outcome, once the transport thread has it, or the callers waiting for it.
    private enum Slot {
        case waiting([CheckedContinuation<Result<Response, NetworkError>, Never>])
        case done(Result<Response, NetworkError>)
    }

    /// The job's id in its client's mailbox.
    let id: UInt64
    /// The mailbox of the client that started it; nil for another transport.
    let mailbox: TransportMailbox?
    /// The task sending it, for a transport other than `Client`; nil for a client's job.
    private let sending: Locked<Task<Void, Never>?>?
    private let slot = Locked(Slot.waiting([]))
    private let onCompletion: (@Sendable () -> Void)?

    /// Creates the pending response of job `id`; `onCompletion` runs on the transport thread once the outcome is in.
    init(id: UInt64, mailbox: TransportMailbox, onCompletion: (@Sendable () -> Void)?) {
        self.id = id
        self.mailbox = mailbox
        self.sending = nil
        self.onCompletion = onCompletion
    }

    /// Creates the pending response of a send that runs in a task, handed over with `sent(by:)`; `onCompletion`
    /// runs once the outcome is in.
    init(onCompletion: (@Sendable () -> Void)?) {
        self.id = 0
        self.mailbox = nil
        self.sending = Locked(nil)
        self.onCompletion = onCompletion
    }

    /// Records the task that sends it, which `cancel()` cancels.
    func sent(by task: Task<Void, Never>) {
        sending?.withLock { $0 = task }
    }

    /// Whether the outcome has arrived.
    public var isFinished: Bool {
        slot.withLock { slot in
            if case .done = slot { return true }
            return false
        }
    }

    /// The outcome: the response whatever its status, or why there is none.
    public func outcome() async -> Result<Response, NetworkError> {
        if let ready = finishedOutcome() { return ready }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Response, NetworkError>, Never>) in
                let ready = slot.withLock { slot -> Result<Response, NetworkError>? in
                    switch slot {
                    case .done(let result):
                        return result
                    case .waiting(var waiters):
                        waiters.append(continuation)
                        slot = .waiting(waiters)
                        return nil
                    }
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The outcome if it has arrived, without waiting.
    public func finishedOutcome() -> Result<Response, NetworkError>? {
        slot.withLock { slot in
            if case .done(let result) = slot { return result }
            return nil
        }
    }

    /// Aborts the transfer (or its start, if it waits for another); harmless once it has finished.
    public func cancel() {
        if let mailbox {
            mailbox.cancel(id)
        } else {
            sending?.withLock { $0 }?.cancel()
        }
    }

    /// Stores the outcome and resumes the callers waiting for it; called once, by the transport thread.
    func complete(with result: Result<Response, NetworkError>) {
        let waiters = slot.withLock { slot -> [CheckedContinuation<Result<Response, NetworkError>, Never>] in
            guard case .waiting(let waiters) = slot else { return [] }
            slot = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
        onCompletion?()
    }
}
