import CCurl
import Foundation

/// The loop on the transport thread: starts, drives, cancels and finishes transfers on one multi handle.
///
/// Lives on the transport thread only. The multi handle keeps the connection cache, so connections are
/// reused across requests; a share handle keeps cookies, DNS answers and TLS sessions common to all of them.
final class TransportEngine {
    private let multi: UnsafeMutableRawPointer
    private let share: UnsafeMutableRawPointer?
    private let mailbox: TransportMailbox
    private var transfersByID: [UInt64: Transfer] = [:]
    private var transfersByHandle: [UnsafeMutableRawPointer: Transfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// Whether transfers keep and send cookies (through the share handle's common jar).
    private let cookies: Bool
    private static let idleHandleLimit = 16

    /// Creates the engine for a multi handle made by the client and the mailbox it reads; `cookies` turns the jar on.
    init(multi: UnsafeMutableRawPointer, mailbox: TransportMailbox, cookies: Bool = true) {
        self.multi = multi
        self.mailbox = mailbox
        self.cookies = cookies
        share = curl_share_init()
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
            for job in work.jobs { start(job) }
            for id in work.cancellations { cancel(id) }
            for id in work.stops { stop(id) }
            if work.shutdown, transfersByID.isEmpty { break }
            var running: Int32 = 0
            _ = curl_multi_perform(multi, &running)
            collectFinished()
            var ready: Int32 = 0
            _ = curl_multi_poll(multi, nil, 0, 1000, &ready)
        }
        for handle in idleHandles { curl_easy_cleanup(handle) }
        idleHandles.removeAll()
        curl_multi_cleanup(multi)
        if let share { curl_share_cleanup(share) }
    }

    private func start(_ job: TransportJob) {
        let reused = idleHandles.popLast()
        guard let handle = reused ?? curl_easy_init() else {
            complete(job: job, with: .failure(.transport(code: Int(CURLE_OUT_OF_MEMORY.rawValue), message: "libcurl could not create a transfer handle")))
            return
        }
        let transfer = Transfer(job: job, handle: handle)
        do {
            try transfer.configure(share: share, cookies: cookies, freshHandle: reused == nil)
        } catch {
            recycle(handle)
            complete(job: job, with: .failure(error))
            return
        }
        let added = curl_multi_add_handle(multi, handle)
        guard added == CURLM_OK else {
            recycle(handle)
            complete(job: job, with: .failure(.transport(code: Int(added.rawValue), message: String(cString: curl_multi_strerror(added)))))
            return
        }
        transfersByID[job.id] = transfer
        transfersByHandle[handle] = transfer
    }

    private func cancel(_ id: UInt64) {
        guard let transfer = transfersByID[id] else { return }
        finish(transfer, with: .failure(.cancelled))
    }

    /// Ends a transfer early: the response so far when its head has arrived, else a cancellation.
    private func stop(_ id: UInt64) {
        guard let transfer = transfersByID[id] else { return }
        finish(transfer, with: transfer.stoppedOutcome())
    }

    private func collectFinished() {
        var queued: Int32 = 0
        while let message = curl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE,
                  let handle = message.pointee.easy_handle,
                  let transfer = transfersByHandle[handle] else { continue }
            let code = message.pointee.data.result
            finish(transfer, with: transfer.outcome(code: code))
        }
    }

    private func finish(_ transfer: Transfer, with result: Result<Response, NetworkError>) {
        _ = curl_multi_remove_handle(multi, transfer.handle)
        transfersByID[transfer.job.id] = nil
        transfersByHandle[transfer.handle] = nil
        recycle(transfer.handle)
        complete(job: transfer.job, with: result)
    }

    private func complete(job: TransportJob, with result: Result<Response, NetworkError>) {
        mailbox.finished(job.id)
        job.continuation.resume(returning: result)
    }

    /// Keeps a few reset handles for the next transfers; frees the rest.
    private func recycle(_ handle: UnsafeMutableRawPointer) {
        if idleHandles.count < Self.idleHandleLimit {
            curl_easy_reset(handle)
            idleHandles.append(handle)
        } else {
            curl_easy_cleanup(handle)
        }
    }
}
