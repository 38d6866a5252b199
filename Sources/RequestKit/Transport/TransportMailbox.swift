import Locking
import Wakeup

/// The hand-over point between callers and the transport thread: submitted jobs, cancellations, shutdown.
///
/// The transport thread is woken only when it sleeps in its poll: a job submitted while the thread is busy, or
/// one that waits for a transfer still in flight, is picked up when the thread next looks at its work.
final class TransportMailbox: Sendable {
    /// What the transport thread has to do next.
    struct Work {
        /// Jobs to start.
        var jobs: [TransportJob] = []
        /// Ids of submitted jobs to abort.
        var cancellations: [UInt64] = []
        /// Ids of submitted jobs to end early, keeping what has arrived.
        var stops: [UInt64] = []
        /// Reads and changes of the cookie jar, done in order between transfers.
        var cookieTasks: [CookieTask] = []
        /// Whether the client is gone and the thread should end.
        var shutdown = false
    }

    private struct State {
        var nextID: UInt64 = 1
        /// Jobs submitted and not yet finished.
        var inFlight = Set<UInt64>()
        var work = Work()
        /// Whether the transport thread is (about to be) blocked in its poll.
        var sleeping = false

        /// Whether a caller must wake the transport thread; the first one to find it sleeping does, once.
        mutating func takeSleeping() -> Bool {
            guard sleeping else { return false }
            sleeping = false
            return true
        }
    }

    private let state = Locked(State())
    /// Interrupts the transport thread's poll.
    let wakeup: WakeupPipe

    /// Creates a mailbox that wakes the transport thread through `wakeup`.
    init(wakeup: WakeupPipe) {
        self.wakeup = wakeup
    }

    /// Hands out a fresh job id, before the job is built.
    func register() -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            return id
        }
    }

    /// Queues a job for the transport thread.
    ///
    /// No wake-up is needed when the job waits for a job still in flight: the thread looks at its work again
    /// after finishing that one, before it sleeps.
    func submit(_ job: TransportJob) {
        let wake = state.withLock { state -> Bool in
            state.inFlight.insert(job.id)
            state.work.jobs.append(job)
            if let after = job.after, state.inFlight.contains(after) { return false }
            return state.takeSleeping()
        }
        if wake { wakeup.signal() }
    }

    /// Asks for a job to be aborted; harmless when it has already finished.
    func cancel(_ id: UInt64) {
        let wake = state.withLock { state -> Bool in
            guard state.inFlight.contains(id) else { return false }
            state.work.cancellations.append(id)
            return state.takeSleeping()
        }
        if wake { wakeup.signal() }
    }

    /// Asks for a job to end early with what it has received; harmless when it has already finished.
    func stop(_ id: UInt64) {
        let wake = state.withLock { state -> Bool in
            guard state.inFlight.contains(id) else { return false }
            state.work.stops.append(id)
            return state.takeSleeping()
        }
        if wake { wakeup.signal() }
    }

    /// Forgets a job that the transport thread has finished, before its outcome is delivered.
    func finished(_ id: UInt64) {
        state.withLock { state in _ = state.inFlight.remove(id) }
    }

    /// Queues a read or change of the cookie jar for the transport thread.
    func submit(_ task: CookieTask) {
        let wake = state.withLock { state -> Bool in
            state.work.cookieTasks.append(task)
            return state.takeSleeping()
        }
        if wake { wakeup.signal() }
    }

    /// Tells the transport thread to end once its transfers are done.
    func requestShutdown() {
        state.withLock { state in state.work.shutdown = true }
        wakeup.signal()
    }

    /// Takes everything queued for the transport thread.
    func takeWork() -> Work {
        state.withLock { state in
            let work = state.work
            state.work = Work(shutdown: work.shutdown)
            return work
        }
    }

    /// Called by the transport thread before it blocks in its poll: false when work is waiting, so it must not.
    func prepareToSleep() -> Bool {
        state.withLock { state in
            guard state.work.jobs.isEmpty, state.work.cancellations.isEmpty, state.work.stops.isEmpty, state.work.cookieTasks.isEmpty else { return false }
            state.sleeping = true
            return true
        }
    }

    /// Called by the transport thread when its poll returns.
    func awake() {
        state.withLock { state in state.sleeping = false }
    }
}

