import Foundation
import RequestKit
import RequestStore

/// The loop of one run: schedules entries in plan order within the concurrency limit and the capture
/// dependencies, collects outcomes, and reports results in plan order.
struct RunCoordinator: Sendable {
    /// The runner being run.
    let runner: Runner
    /// The files the run's `output` options wrote, which later attempts may write again.
    private let fileWrites = FileWrites()
    /// Where events go.
    let onEvent: @Sendable (RunEvent) async -> Void
    /// The cookie jars of the run's `.hurl` files, one per file and pass.
    let hurlCookieJars: HurlCookieJars

    /// A coordinator for one run of a runner.
    init(runner: Runner, onEvent: @escaping @Sendable (RunEvent) async -> Void) {
        self.runner = runner
        self.onEvent = onEvent
        hurlCookieJars = HurlCookieJars(steps: runner.plan.steps, like: runner.client)
    }

    /// How far past the first unstarted entry the coordinator looks for one it may start while that one waits
    /// for a capture; it bounds the results held back for plan order.
    static let lookAhead = 256

    /// Runs to the end (or until cancelled or bailed) and returns the totals.
    func run() async -> RunTotals {
        let clock = ContinuousClock()
        let began = clock.now
        let concurrency = min(max(runner.options.concurrency, 1), RunOptions.concurrencyRange.upperBound)
        let dependencies = RunDependencies(
            steps: runner.plan.steps, variables: runner.variables, concurrent: concurrency > 1, cookies: runner.options.cookies)
        var state = RunState(plan: runner.plan, dependencies: dependencies)
        let total = runner.plan.count
        let delay = min(max(runner.options.delayMilliseconds, 0), RunOptions.millisecondsRange.upperBound)
        if concurrency == 1 {
            await runOneAtATime(state: &state, delay: delay, total: total)
        } else {
            await runConcurrently(state: &state, concurrency: concurrency, delay: delay, total: total)
        }
        for result in state.takeRemaining() { await onEvent(.finished(result)) }
        let elapsed = clock.now - began
        let totals = RunTotals(
            passed: state.passed, failed: state.failed, skipped: total - state.passed - state.failed,
            duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
            cancelled: Task.isCancelled)
        await onEvent(.ended(totals))
        return totals
    }

    /// How many requests the one-at-a-time loop hands to the client ahead of the one it checks; it bounds the
    /// responses held while they wait for their checks.
    static let laneLength = 16

    /// Responses faster than this (seconds) are checked in batches: the loop waits for the one halfway along the
    /// lane rather than for each; slower ones are checked one by one as they come.
    static let batchedResponseTime = 0.002

    /// A request made and handed to the client, waiting in the lane for its checks.
    private struct LaneEntry {
        /// The attempt.
        var attempt: RequestAttempt
        /// How it began.
        var began: RequestAttempt.Began
        /// Whether its start has been reported.
        var announced: Bool
    }

    /// One request at a time, on this task, without a task per request.
    ///
    /// While requests leave nothing that the next could use (see `RequestAttempt.letsNextStartEarly`) and the run
    /// neither bails nor waits between requests, up to `laneLength` of them are made and handed to the client, each
    /// queued behind the one before: the transport thread sends each the moment the previous response is in, still
    /// one request on the wire at a time, while this task checks and reports. A request's start is reported after
    /// the result before it. When responses come fast, this task waits for the one halfway along the lane, so it
    /// wakes once for many responses rather than once for each.
    private func runOneAtATime(state: inout RunState, delay: Int, total: Int) async {
        var lane: [LaneEntry] = []
        var lastDuration = Double.infinity
        while !state.stopped {
            if lane.isEmpty {
                guard let index = state.nextStartable(window: 1),
                      let made = await start(index, state: &state, delay: delay, total: total) else { break }
                guard made.sendsOnce else {
                    await absorb(await made.perform(), into: &state)
                    continue
                }
                lane.append(LaneEntry(attempt: made, began: made.begin(attempt: 1), announced: true))
            } else if !lane[0].announced {
                if Task.isCancelled {
                    state.stopped = true
                    break
                }
                lane[0].announced = true
                await onEvent(.started(start(of: lane[0].attempt, total: total)))
            }
            if delay == 0, !runner.options.bail { extend(&lane, state: &state) }
            if lastDuration < Self.batchedResponseTime { await waitHalfway(along: lane) }
            let head = lane.removeFirst()
            let outcome = await head.attempt.finish(head.began)
            lastDuration = outcome.result.status == nil ? .infinity : outcome.result.duration
            await absorb(outcome, into: &state)
        }
        for entry in lane {
            if case .sent(let sent) = entry.began { sent.pending?.cancel() }
        }
    }

    /// Makes the next requests and queues each behind the last of the lane, while the last leaves nothing they could
    /// use and they go through the same client; their starts are marked now and reported when they reach the head.
    private func extend(_ lane: inout [LaneEntry], state: inout RunState) {
        while lane.count < Self.laneLength, let last = lane.last, case .sent(let sent) = last.began,
              last.attempt.letsNextStartEarly, let index = state.nextStartable(window: 1) {
            let next = makeAttempt(for: runner.plan.entry(at: index), state: state)
            guard next.sendsOnce, next.client === last.attempt.client else { return }
            markStarted(next, state: &state)
            lane.append(LaneEntry(attempt: next, began: next.begin(attempt: 1, after: sent.pending), announced: false))
        }
    }

    /// Waits, when the head's response is not in yet, for the response halfway along the lane: the lane's requests
    /// go out one after another, so the responses before it are in by then too.
    private func waitHalfway(along lane: [LaneEntry]) async {
        guard lane.count > 2, case .sent(let head) = lane[0].began, let headPending = head.pending, !headPending.isFinished,
              case .sent(let halfway) = lane[lane.count / 2].began, let pending = halfway.pending else { return }
        _ = await pending.outcome()
    }

    /// Up to `concurrency` requests in flight. Requests sent once are handed to the client and their responses
    /// collected through an inbox as they arrive, checked on this task; requests with retries or a delay of their
    /// own run in a task each.
    private func runConcurrently(state: inout RunState, concurrency: Int, delay: Int, total: Int) async {
        let inbox = RunInbox()
        await withTaskGroup(of: Void.self) { group in
            var sent: [Int: (attempt: RequestAttempt, began: RequestAttempt.Began)] = [:]
            var inFlight = 0
            var cancelledInFlight = false
            /// Starts entries until `concurrency` are in flight or none may start.
            func fill(_ state: inout RunState) async {
                while !state.stopped, inFlight < concurrency, let index = state.nextStartable(window: Self.lookAhead) {
                    guard let attempt = await start(index, state: &state, delay: delay, total: total) else { break }
                    inFlight += 1
                    guard attempt.sendsOnce else {
                        group.addTask { inbox.post(.outcome(await attempt.perform())) }
                        continue
                    }
                    let began = attempt.begin(attempt: 1, onCompletion: { inbox.post(.response(index)) })
                    switch began {
                    case .over(let attempted): inbox.post(.outcome(attempted.outcome))
                    case .sent: sent[index] = (attempt, began)
                    }
                }
            }
            await fill(&state)
            while inFlight > 0 {
                let arrivals = await inbox.take()
                if Task.isCancelled, !cancelledInFlight {
                    cancelledInFlight = true
                    for entry in sent.values {
                        if case .sent(let request) = entry.began { request.pending?.cancel() }
                    }
                }
                for arrival in arrivals {
                    inFlight -= 1
                    switch arrival {
                    case .response(let index):
                        guard let entry = sent.removeValue(forKey: index) else { continue }
                        await absorb(await entry.attempt.finish(entry.began), into: &state)
                    case .outcome(let outcome):
                        await absorb(outcome, into: &state)
                    }
                    // The transport gets the next request as soon as a place is free, before the other arrivals are checked.
                    await fill(&state)
                }
            }
        }
    }

    /// Waits the delay, reports the start and marks the entry started; nil when the run was cancelled meanwhile.
    private func start(_ index: Int, state: inout RunState, delay: Int, total: Int) async -> RequestAttempt? {
        if Task.isCancelled {
            state.stopped = true
            return nil
        }
        if state.startedCount > 0, delay > 0 {
            do {
                try await Task.sleep(for: .milliseconds(delay))
            } catch {
                state.stopped = true
                return nil
            }
        }
        let attempt = makeAttempt(for: runner.plan.entry(at: index), state: state)
        markStarted(attempt, state: &state)
        await onEvent(.started(start(of: attempt, total: total)))
        return attempt
    }

    /// The start event of an attempt.
    private func start(of attempt: RequestAttempt, total: Int) -> RunStart {
        RunStart(
            entry: attempt.entry, total: total, name: attempt.step.name, path: attempt.step.path,
            method: attempt.step.request.method.rawValue, dataRow: attempt.row?.number)
    }

    /// Takes a finished attempt in: its warnings, its captures, bail and cancellation, and the results now reportable.
    private func absorb(_ outcome: RequestAttempt.Outcome, into state: inout RunState) async {
        for warning in outcome.warnings { await onEvent(.warning(warning)) }
        state.complete(outcome)
        if Task.isCancelled { state.stopped = true }
        if runner.options.bail, !outcome.cancelled, !outcome.result.passed { state.stopped = true }
        for result in state.takeReportable() { await onEvent(.finished(result)) }
    }

    /// Notes that an attempt's entry has started, in the run's state and in its `.hurl` file's jar.
    private func markStarted(_ attempt: RequestAttempt, state: inout RunState) {
        state.markStarted(attempt.entry.index)
        hurlCookieJars.started(attempt.step, pass: attempt.entry.pass)
    }

    /// The attempt for an entry, with the variables of its pass so far.
    private func makeAttempt(for entry: RunEntry, state: RunState) -> RequestAttempt {
        let step = runner.plan.steps[entry.stepIndex]
        let row = entry.dataRowIndex.map { runner.plan.dataRows[$0] }
        let captured = state.captures(ofPass: entry.pass)
        return RequestAttempt(
            entry: entry, step: step, row: row,
            scope: runner.variables.scope(for: step, row: row, captured: captured.values),
            capturedSecrets: captured.secrets, options: runner.options,
            client: hurlCookieJars.client(for: step, pass: entry.pass) ?? runner.client, history: runner.history,
            writes: fileWrites, oauth2SignIn: runner.oauth2SignIn)
    }
}
