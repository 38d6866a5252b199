import Locking

/// Where the work of a concurrent run reports back to its coordinator: responses that arrived (posted from the
/// transport thread) and outcomes of attempts that ran in tasks of their own.
///
/// The coordinator is woken only when it waits with nothing to take, so a busy run takes many arrivals per
/// wake-up instead of one task switch per request.
final class RunInbox: Sendable {
    /// Something that came back.
    enum Arrival: Sendable {
        /// The response of the plan entry with this index is in.
        case response(Int)
        /// An attempt that ran in a task of its own is over.
        case outcome(RequestAttempt.Outcome)
    }

    private struct State {
        var arrivals: [Arrival] = []
        var waiter: CheckedContinuation<Void, Never>?
        /// Whether the coordinator's cancellation was seen; it interrupts one wait only.
        var cancellationSeen = false
        var interrupted = false
    }

    private let state = Locked(State())

    /// Creates an empty inbox.
    init() {}

    /// Posts an arrival and wakes the coordinator if it waits.
    func post(_ arrival: Arrival) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.arrivals.append(arrival)
            let waiter = state.waiter
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Takes everything that arrived, waiting when nothing has; returns early (maybe empty) once when the
    /// waiting task is cancelled, so that the coordinator can cancel what is in flight.
    func take() async -> [Arrival] {
        if let ready = takeReady() { return ready }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if !state.arrivals.isEmpty || state.interrupted { return true }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard !state.cancellationSeen else { return nil }
                state.cancellationSeen = true
                state.interrupted = true
                let waiter = state.waiter
                state.waiter = nil
                return waiter
            }
            waiter?.resume()
        }
        return state.withLock { state in
            state.interrupted = false
            let arrivals = state.arrivals
            state.arrivals = []
            return arrivals
        }
    }

    private func takeReady() -> [Arrival]? {
        state.withLock { state in
            guard !state.arrivals.isEmpty else { return nil }
            let arrivals = state.arrivals
            state.arrivals = []
            return arrivals
        }
    }
}
