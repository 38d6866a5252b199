import CCurl
import Foundation

/// The loop on the transport thread: starts, drives, cancels and finishes transfers on one multi handle.
///
/// Lives on the transport thread only. The multi handle keeps the connection cache, so connections are
/// reused across requests; a share handle keeps cookies, DNS answers and TLS sessions common to all of them.
final class TransportEngine {
    private let multi: UnsafeMutableRawPointer
    /// The share handle that holds the common cookie jar, DNS answers and TLS sessions.
    let share: UnsafeMutableRawPointer?
    /// An easy handle used only to read and change the cookie jar, made on first use.
    private var jarHandle: UnsafeMutableRawPointer?
    private let mailbox: TransportMailbox
    private var transfersByID: [UInt64: Transfer] = [:]
    private var transfersByHandle: [UnsafeMutableRawPointer: Transfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// Jobs waiting for another job to finish, by the id they wait for.
    private var parkedBehind: [UInt64: [TransportJob]] = [:]
    /// The job each parked job waits for, by the parked job's id.
    private var parkedOn: [UInt64: UInt64] = [:]
    /// Whether a parked job was started since the last look, so the loop drives it before sleeping.
    private var releasedParked = false
    /// Outcomes held back until the jobs parked behind them have been sent, so that waking their callers
    /// does not delay the next request of the lane.
    private var heldOutcomes: [(job: TransportJob, result: Result<Response, NetworkError>)] = []
    /// Whether transfers keep and send cookies (through the share handle's common jar).
    let cookies: Bool
    private static let idleHandleLimit = 16

    /// Creates the engine for a multi handle made by the client and the mailbox it reads; `cookies` turns the jar on.
    init(multi: UnsafeMutableRawPointer, mailbox: TransportMailbox, cookies: Bool = true) {
        self.multi = multi
        self.mailbox = mailbox
        self.cookies = cookies
        share = ccurl_share_init()
        if let share {
            if cookies { _ = ccurl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_COOKIE.rawValue)) }
            _ = ccurl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_DNS.rawValue))
            _ = ccurl_share_setopt_long(share, CURLSHOPT_SHARE, Int(CURL_LOCK_DATA_SSL_SESSION.rawValue))
        }
    }

    /// Runs until the client is gone and nothing is in flight, then frees every handle.
    func run() {
        while true {
            let work = mailbox.takeWork()
            for job in work.jobs { submit(job) }
            for id in work.cancellations { cancel(id) }
            for id in work.stops { stop(id) }
            for task in work.cookieTasks { perform(task) }
            if work.shutdown, transfersByID.isEmpty, parkedOn.isEmpty, heldOutcomes.isEmpty { break }
            var running: Int32 = 0
            _ = ccurl_multi_perform(multi, &running)
            deliverHeldOutcomes()
            releasedParked = false
            collectFinished()
            // A job started behind one that just finished is driven at once, and queued work is taken first.
            if releasedParked { continue }
            deliverHeldOutcomes()
            guard mailbox.prepareToSleep() else { continue }
            var ready: Int32 = 0
            var wakeup = curl_waitfd(fd: mailbox.wakeup.readDescriptor, events: Int16(CURL_WAIT_POLLIN), revents: 0)
            _ = ccurl_multi_poll(multi, &wakeup, 1, 1000, &ready)
            if wakeup.revents != 0 { mailbox.wakeup.drain() }
            mailbox.awake()
        }
        if let jarHandle { ccurl_easy_cleanup(jarHandle) }
        for handle in idleHandles { ccurl_easy_cleanup(handle) }
        idleHandles.removeAll()
        ccurl_multi_cleanup(multi)
        if let share { ccurl_share_cleanup(share) }
    }

    /// The easy handle for cookie tasks, made on first use; nil when libcurl cannot make one.
    func cookieHandle() -> UnsafeMutableRawPointer? {
        if let jarHandle { return jarHandle }
        jarHandle = ccurl_easy_init()
        return jarHandle
    }

    /// Starts a job, or parks it while the job it waits for is still in flight or parked.
    private func submit(_ job: TransportJob) {
        if let after = job.after, transfersByID[after] != nil || parkedOn[after] != nil {
            parkedBehind[after, default: []].append(job)
            parkedOn[job.id] = after
            return
        }
        start(job)
    }

    /// Starts the jobs parked behind one that has finished (or was cancelled).
    private func releaseParked(behind id: UInt64) {
        guard let jobs = parkedBehind.removeValue(forKey: id) else { return }
        for job in jobs {
            parkedOn[job.id] = nil
            start(job)
        }
        releasedParked = true
    }

    private func start(_ job: TransportJob) {
        if let stream = job.stream, stream.isStopRequested {
            fail(job, with: .cancelled)
            return
        }
        let reused = idleHandles.popLast()
        guard let handle = reused ?? ccurl_easy_init() else {
            fail(job, with: .transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "libcurl could not create a transfer handle"))
            return
        }
        let transfer = Transfer(job: job, handle: handle)
        do {
            try transfer.configure(share: share, cookies: cookies, freshHandle: reused == nil)
        } catch {
            recycle(handle)
            fail(job, with: error)
            return
        }
        let added = ccurl_multi_add_handle(multi, handle)
        guard added == CURLM_OK else {
            recycle(handle)
            fail(job, with: .transport(code: Int(added.rawValue), message: String(cString: ccurl_multi_strerror(added))))
            return
        }
        transfersByID[job.id] = transfer
        transfersByHandle[handle] = transfer
    }

    private func cancel(_ id: UInt64) {
        if let after = parkedOn.removeValue(forKey: id) {
            var waiting = parkedBehind[after] ?? []
            guard let position = waiting.firstIndex(where: { $0.id == id }) else { return }
            let job = waiting.remove(at: position)
            // The jobs queued behind the cancelled one keep their place in the lane: they now wait for what it waited for.
            let successors = parkedBehind.removeValue(forKey: id) ?? []
            for successor in successors { parkedOn[successor.id] = after }
            waiting += successors
            parkedBehind[after] = waiting.isEmpty ? nil : waiting
            complete(job: job, with: .failure(.cancelled))
            return
        }
        guard let transfer = transfersByID[id] else { return }
        finish(transfer, with: .failure(.cancelled))
    }

    /// Ends a transfer early: the response so far when its head has arrived, else a cancellation. A job still
    /// waiting for another is cancelled.
    private func stop(_ id: UInt64) {
        if parkedOn[id] != nil {
            cancel(id)
            return
        }
        guard let transfer = transfersByID[id] else { return }
        finish(transfer, with: transfer.stoppedOutcome())
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = ccurl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE,
                  let handle = message.pointee.easy_handle,
                  let transfer = transfersByHandle[handle] else { continue }
            let code = message.pointee.data.result
            finish(transfer, with: transfer.outcome(code: code))
        }
    }

    private func finish(_ transfer: Transfer, with result: Result<Response, NetworkError>) {
        _ = ccurl_multi_remove_handle(multi, transfer.handle)
        transfersByID[transfer.job.id] = nil
        transfersByHandle[transfer.handle] = nil
        recycle(transfer.handle)
        // The next job of a lane goes out (with the loop's next perform) before the caller hears of this one.
        let hadSuccessors = parkedBehind[transfer.job.id] != nil
        releaseParked(behind: transfer.job.id)
        if hadSuccessors {
            heldOutcomes.append((transfer.job, result))
        } else {
            complete(job: transfer.job, with: result)
        }
    }

    /// Hands over the outcomes held back while the next jobs of their lanes were sent.
    private func deliverHeldOutcomes() {
        guard !heldOutcomes.isEmpty else { return }
        let outcomes = heldOutcomes
        heldOutcomes.removeAll()
        for (job, result) in outcomes { complete(job: job, with: result) }
    }

    /// Ends a job that could not start, and starts the jobs waiting for it.
    private func fail(_ job: TransportJob, with error: NetworkError) {
        complete(job: job, with: .failure(error))
        releaseParked(behind: job.id)
    }

    private func complete(job: TransportJob, with result: Result<Response, NetworkError>) {
        mailbox.finished(job.id)
        job.pending.complete(with: result)
    }

    /// Keeps a few reset handles for the next transfers; frees the rest.
    private func recycle(_ handle: UnsafeMutableRawPointer) {
        if idleHandles.count < Self.idleHandleLimit {
            ccurl_easy_reset(handle)
            idleHandles.append(handle)
        } else {
            ccurl_easy_cleanup(handle)
        }
    }
}
