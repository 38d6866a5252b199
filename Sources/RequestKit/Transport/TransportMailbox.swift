import CCurl
import Synchronization

/// The multi handle as other threads may use it: only to interrupt `curl_multi_poll`.
///
/// Why `@unchecked Sendable` is safe here: libcurl documents `curl_multi_wakeup` as callable from any
/// thread, also while another thread sits in `curl_multi_poll` on the same handle, and `wake()` is the
/// only operation this type offers. Every other use of the handle happens on the transport thread.
/// The transport thread frees the handle only after `TransportMailbox.requestShutdown()`, which runs
/// from `Client.deinit`, when no caller can submit or cancel any more (each `send` keeps its client alive).
struct MultiWakeup: @unchecked Sendable {
    /// The multi handle, owned by the transport thread.
    let handle: UnsafeMutableRawPointer

    /// Interrupts a `curl_multi_poll` in progress (or the next one) on the transport thread.
    func wake() {
        _ = curl_multi_wakeup(handle)
    }
}

/// The hand-over point between callers and the transport thread: submitted jobs, cancellations, shutdown.
final class TransportMailbox: Sendable {
    /// Where one job is in its life, as far as cancellation is concerned.
    private enum JobState {
        /// The job has an id but has not been submitted yet.
        case registered
        /// The caller was cancelled before submitting.
        case cancelledBeforeSubmission
        /// The transport thread owns the job.
        case submitted
    }

    /// What the transport thread has to do next.
    struct Work {
        /// Jobs to start.
        var jobs: [TransportJob] = []
        /// Ids of submitted jobs to abort.
        var cancellations: [UInt64] = []
        /// Ids of submitted jobs to end early, keeping what has arrived.
        var stops: [UInt64] = []
        /// Whether the client is gone and the thread should end.
        var shutdown = false
    }

    private struct State {
        var nextID: UInt64 = 1
        var states: [UInt64: JobState] = [:]
        /// Jobs asked to stop before they were submitted; they are stopped as soon as they are.
        var stopsBeforeSubmission: Set<UInt64> = []
        var work = Work()
    }

    private let state = Mutex(State())
    /// Interrupts the transport thread's poll.
    let wakeup: MultiWakeup

    /// Creates a mailbox that wakes the given multi handle's poll.
    init(wakeup: MultiWakeup) {
        self.wakeup = wakeup
    }

    /// Hands out a fresh job id, before the job is built.
    func register() -> UInt64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.states[id] = .registered
            return id
        }
    }

    /// Queues a job for the transport thread, or answers `.cancelled` at once if its caller was already cancelled.
    func submit(_ job: TransportJob) {
        let accepted = state.withLock { state -> Bool in
            if state.states[job.id] == .cancelledBeforeSubmission {
                state.states[job.id] = nil
                state.stopsBeforeSubmission.remove(job.id)
                return false
            }
            state.states[job.id] = .submitted
            state.work.jobs.append(job)
            if state.stopsBeforeSubmission.remove(job.id) != nil { state.work.stops.append(job.id) }
            return true
        }
        if accepted {
            wakeup.wake()
        } else {
            job.continuation.resume(returning: .failure(.cancelled))
        }
    }

    /// Asks for a job to be aborted; harmless when it has already finished.
    func cancel(_ id: UInt64) {
        let wake = state.withLock { state -> Bool in
            switch state.states[id] {
            case .registered:
                state.states[id] = .cancelledBeforeSubmission
                return false
            case .submitted:
                state.work.cancellations.append(id)
                return true
            case .cancelledBeforeSubmission, nil:
                return false
            }
        }
        if wake { wakeup.wake() }
    }

    /// Asks for a job to end early with what it has received; harmless when it has already finished.
    func stop(_ id: UInt64) {
        let wake = state.withLock { state -> Bool in
            switch state.states[id] {
            case .registered:
                state.stopsBeforeSubmission.insert(id)
                return false
            case .submitted:
                state.work.stops.append(id)
                return true
            case .cancelledBeforeSubmission, nil:
                return false
            }
        }
        if wake { wakeup.wake() }
    }

    /// Forgets a job that the transport thread has finished, before its continuation is resumed.
    func finished(_ id: UInt64) {
        state.withLock { state in
            state.states[id] = nil
            state.stopsBeforeSubmission.remove(id)
        }
    }

    /// Tells the transport thread to end once its transfers are done.
    func requestShutdown() {
        state.withLock { state in state.work.shutdown = true }
        wakeup.wake()
    }

    /// Takes everything queued for the transport thread.
    func takeWork() -> Work {
        state.withLock { state in
            let work = state.work
            state.work = Work(shutdown: work.shutdown)
            return work
        }
    }
}
