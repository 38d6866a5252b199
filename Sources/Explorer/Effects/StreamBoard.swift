import Foundation
import RequestKit
import Locking

/// Where the transport leaves the progress, head and body chunks of responses in flight, for the app to take in batches.
///
/// The transport thread calls `receive` for each `ResponseStreamEvent`; Server-Sent Events are parsed there, so
/// the count of events stays exact however slowly the screen takes them. The app's watch command waits with
/// `waitForNews` and takes everything that came since its last look with `take`, at most one batch per frame.
/// What waits for the screen is bounded: past `pendingLimit` bytes the oldest are dropped down to three quarters of it
/// (so that dropping is not paid on every chunk), past `pendingEventLimit` events the oldest events; both are counted.
public final class StreamBoard: Sendable {
    /// The most body bytes held for the screen between two batches.
    public static let pendingLimit = 4 << 20
    /// The most events held for the screen between two batches.
    public static let pendingEventLimit = StreamedBody.eventLimit
    /// The most events kept for the history of one exchange (the history keeps no more).
    public static let recordedEventLimit = 10_000
    /// The most bytes of event data kept for the history of one exchange.
    public static let recordedDataLimit = 8 << 20

    /// One response in flight.
    private struct Entry {
        /// When the request started.
        var start: ContinuousClock.Instant
        /// The latest progress of the transfer.
        var progress = TransferProgress()
        /// The stream given to the client, to stop it.
        var stream: ResponseStream?
        /// The request as sent, handed to the screen with the head.
        var request: Request?
        /// The head, once it came.
        var head: ResponseHead?
        /// When the head came.
        var headTime: ContinuousClock.Instant?
        /// Whether the head was handed to the app.
        var headTaken = false
        /// How the body is shown, from the head's content type.
        var kind = StreamKind.plain
        /// The Server-Sent Events parser of a `text/event-stream` body.
        var parser = ServerSentEventParser()
        /// Body bytes not yet taken.
        var bytes: [UInt8] = []
        /// Bytes dropped from `bytes` because the screen did not take them in time.
        var skipped: Int64 = 0
        /// Events not yet taken.
        var events: [StreamedEvent] = []
        /// Every event parsed so far.
        var eventCount = 0
        /// The first events with their times, for the history (as many as it keeps).
        var recorded: [TimedServerSentEvent] = []
        /// Bytes of data of the recorded events.
        var recordedBytes = 0
        /// When the last batch was taken.
        var lastTaken: ContinuousClock.Instant?
        /// The watch command waiting for news, if any.
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// The responses in flight by send id, and what the watch commands of sends not yet begun wait on.
    private struct Table {
        /// The responses in flight.
        var entries: [Int: Entry] = [:]
        /// The highest send id that ended: send ids only grow, so every id up to it is over.
        var endedThrough = 0
        /// Watch commands waiting for their send to begin.
        var beginWaiters: [Int: CheckedContinuation<Void, Never>] = [:]

        /// The response of send `id`, if it is in flight.
        subscript(id: Int) -> Entry? {
            get { entries[id] }
            set { entries[id] = newValue }
        }
    }

    /// The responses in flight.
    private let entries = Locked(Table())

    /// Creates an empty board.
    public init() {}

    /// Records that send `id` started now, with the stream its chunks come through and the request sent, waking a watch command
    /// that started first. The send command calls it as its first step, so `update` writes nothing here.
    public func begin(_ id: Int, stream: ResponseStream? = nil, request: Request? = nil) {
        let waiter = entries.withLock { table -> CheckedContinuation<Void, Never>? in
            table[id] = Entry(start: .now, stream: stream, request: request)
            return table.beginWaiters.removeValue(forKey: id)
        }
        waiter?.resume()
    }

    /// Forgets send `id`, waking a watch command still waiting on it.
    public func end(_ id: Int) {
        let waiters = entries.withLock { table -> [CheckedContinuation<Void, Never>] in
            table.endedThrough = max(table.endedThrough, id)
            return [table.entries.removeValue(forKey: id)?.waiter, table.beginWaiters.removeValue(forKey: id)].compactMap { $0 }
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Stores the latest progress of send `id`, on the transport thread.
    public func record(_ id: Int, _ progress: TransferProgress) {
        entries.withLock { $0[id]?.progress = progress }
    }

    /// The time since send `id` began and its progress, or nil before it begins and after it ends.
    public func reading(_ id: Int) -> (elapsed: Duration, progress: TransferProgress)? {
        entries.withLock { table in
            table[id].map { (ContinuousClock.now - $0.start, $0.progress) }
        }
    }

    /// Whether a watch command waits for send `id`, to begin or for news.
    func hasWaiter(_ id: Int) -> Bool {
        entries.withLock { $0.beginWaiters[id] != nil || $0[id]?.waiter != nil }
    }

    /// Whether send `id` has ended (false while it runs and before it begins).
    public func hasEnded(_ id: Int) -> Bool {
        entries.withLock { $0.entries[id] == nil && id <= $0.endedThrough }
    }

    /// Ends the transfer of send `id` early, keeping what came (the send returns the response so far).
    public func stop(_ id: Int) {
        let stream = entries.withLock { $0[id]?.stream }
        stream?.stop()
    }

    /// Takes one step of the response of send `id`, on the transport thread: the head, or a body chunk.
    public func receive(_ id: Int, _ event: ResponseStreamEvent) {
        let now = ContinuousClock.now
        let waiter = entries.withLock { table -> CheckedContinuation<Void, Never>? in
            // Taken out of the table while it changes, so that its bytes are not copied on every chunk.
            guard var entry = table.entries.removeValue(forKey: id) else { return nil }
            switch event {
            case .head(let head):
                entry.head = head
                entry.headTime = now
                entry.kind = StreamKind(contentType: head.headers.value(for: "Content-Type") ?? "")
            case .body(let data):
                let offset = Self.seconds(now - entry.start)
                if entry.kind == .serverSentEvents {
                    for event in entry.parser.feed(data) {
                        entry.events.append(StreamedEvent(offset: offset, name: event.event, id: event.id, data: event.data))
                        entry.eventCount += 1
                        if entry.recorded.count < Self.recordedEventLimit, entry.recordedBytes + event.data.utf8.count <= Self.recordedDataLimit {
                            entry.recorded.append(TimedServerSentEvent(offset: offset, event: event))
                            entry.recordedBytes += event.data.utf8.count
                        }
                    }
                    if entry.events.count > Self.pendingEventLimit {
                        entry.events.removeFirst(entry.events.count - Self.pendingEventLimit)
                    }
                }
                entry.bytes.append(contentsOf: data)
                if entry.bytes.count > Self.pendingLimit {
                    let extra = entry.bytes.count - Self.pendingLimit * 3 / 4
                    entry.bytes.removeFirst(extra)
                    entry.skipped += Int64(extra)
                }
            }
            var waiter: CheckedContinuation<Void, Never>?
            if Self.hasNews(entry) {
                waiter = entry.waiter
                entry.waiter = nil
            }
            table[id] = entry
            return waiter
        }
        waiter?.resume()
    }

    /// What a watch command takes: the head the first time, then everything that came since the last batch.
    public struct Batch: Sendable {
        /// The head, in the first batch only.
        public var head: ResponseHead?
        /// The request as sent, in the first batch only.
        public var request: Request?
        /// How the body is shown.
        public var kind: StreamKind
        /// Body bytes.
        public var bytes: [UInt8]
        /// Bytes that came but were dropped before the screen took them.
        public var skipped: Int64
        /// Events parsed from the bytes.
        public var events: [StreamedEvent]
        /// Every event parsed so far, taken or not.
        public var eventCount: Int
    }

    /// Waits until send `id` has something for the screen, but at most `interval`; batches are at least
    /// `frame` apart, so a flood of small chunks is drawn at most once a frame. Before the send begins, it waits
    /// for the beginning (again at most `interval`); once the send has ended, it returns at once.
    func waitForNews(_ id: Int, interval: Duration, frame: Duration) async {
        let deadline = ContinuousClock.now + interval
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = entries.withLock { table -> Bool in
                guard var entry = table[id] else {
                    if id <= table.endedThrough { return true }
                    table.beginWaiters.updateValue(continuation, forKey: id)?.resume()
                    return false
                }
                if Self.hasNews(entry) { return true }
                entry.waiter?.resume()
                entry.waiter = continuation
                table[id] = entry
                return false
            }
            if resumeNow {
                continuation.resume()
                return
            }
            Task { [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                self?.wakeWaiter(id)
            }
        }
        let last = entries.withLock { $0[id]?.lastTaken }
        if let last, ContinuousClock.now < last + frame {
            try? await Task.sleep(until: last + frame, clock: .continuous)
        }
    }

    /// Everything of send `id` not yet taken, or nil when nothing is ready for the screen.
    ///
    /// A body of a type not made for streaming is handed over only once it has been arriving for `plainDelay`,
    /// so a quick response is formatted whole and never drawn half-way.
    /// With `final` (the send has returned), a body not made for streaming is never handed over: it is formatted whole.
    func take(_ id: Int, plainDelay: Duration, final: Bool = false) -> Batch? {
        let now = ContinuousClock.now
        return entries.withLock { table -> Batch? in
            guard var entry = table[id], let head = entry.head, let headTime = entry.headTime else { return nil }
            if !entry.kind.isStreamType, final || now - headTime < plainDelay { return nil }
            guard !entry.headTaken || !entry.bytes.isEmpty || entry.skipped > 0 || !entry.events.isEmpty else { return nil }
            let batch = Batch(head: entry.headTaken ? nil : head, request: entry.headTaken ? nil : entry.request, kind: entry.kind, bytes: entry.bytes, skipped: entry.skipped,
                              events: entry.events, eventCount: entry.eventCount)
            entry.headTaken = true
            entry.bytes = []
            entry.skipped = 0
            entry.events = []
            entry.lastTaken = now
            table[id] = entry
            return batch
        }
    }

    /// The first Server-Sent Events of send `id` with their arrival times, for its history entry.
    public func recordedEvents(_ id: Int) -> [TimedServerSentEvent] {
        entries.withLock { $0[id]?.recorded ?? [] }
    }

    /// Wakes the watch command of send `id` when its interval is over.
    private func wakeWaiter(_ id: Int) {
        let waiter = entries.withLock { table -> CheckedContinuation<Void, Never>? in
            if let waiter = table.beginWaiters.removeValue(forKey: id) { return waiter }
            let waiter = table[id]?.waiter
            table[id]?.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Whether a stream-typed response has something the screen has not taken: the head, a whole event of an event
    /// stream (the bytes of an event not yet ended wait, so an event split across two reads costs no extra frame),
    /// or any bytes of other streams.
    private static func hasNews(_ entry: Entry) -> Bool {
        guard entry.head != nil, entry.kind.isStreamType else { return false }
        if !entry.headTaken || !entry.events.isEmpty { return true }
        if entry.kind == .serverSentEvents { return false }
        return !entry.bytes.isEmpty || entry.skipped > 0
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
