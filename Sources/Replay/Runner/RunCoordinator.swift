import Foundation
import RequestKit
import RequestStore

/// The loop of one run: schedules entries in plan order within the concurrency limit and the capture
/// dependencies, collects outcomes, and reports results in plan order.
struct RunCoordinator: Sendable {
    /// The runner being run.
    let runner: Runner
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
        var state = RunState(plan: runner.plan, dependencies: RunDependencies(steps: runner.plan.steps, variables: runner.variables))
        let total = runner.plan.count
        let concurrency = min(max(runner.options.concurrency, 1), RunOptions.concurrencyRange.upperBound)
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

    /// One request at a time, on this task, without a task per request.
    ///
    /// When a request leaves nothing that the next could use (see `RequestAttempt.letsNextStartEarly`) and the run
    /// neither bails nor waits between requests, the next request is made and handed to the client behind it
    /// before its checks run: the transport thread sends it the moment this response is in, still one request
    /// on the wire at a time, while this task checks and reports. Its start is reported after this result.
    private func runOneAtATime(state: inout RunState, delay: Int, total: Int) async {
        var ahead: (attempt: RequestAttempt, began: RequestAttempt.Began)?
        while !state.stopped {
            let attempt: RequestAttempt
            let began: RequestAttempt.Began
            if let next = ahead {
                ahead = nil
                if Task.isCancelled {
                    state.stopped = true
                    ahead = next
                    break
                }
                state.markStarted(next.attempt.entry.index)
                await onEvent(.started(start(of: next.attempt, total: total)))
                attempt = next.attempt
                began = next.began
            } else {
                guard let index = state.nextStartable(window: 1),
                      let made = await start(index, state: &state, delay: delay, total: total) else { break }
                guard made.sendsOnce else {
                    await absorb(await made.perform(), into: &state)
                    continue
                }
                attempt = made
                began = made.begin(attempt: 1)
            }
            if case .sent(let sent) = began, delay == 0, !runner.options.bail, attempt.letsNextStartEarly,
               let nextIndex = state.nextStartable(window: 1) {
                let next = makeAttempt(for: runner.plan.entry(at: nextIndex), state: state)
                if next.sendsOnce { ahead = (next, next.begin(attempt: 1, after: sent.pending)) }
            }
            await absorb(await attempt.finish(began), into: &state)
        }
        if let ahead, case .sent(let sent) = ahead.began { sent.pending?.cancel() }
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
        state.markStarted(index)
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

    /// The attempt for an entry, with the variables of its pass so far.
    private func makeAttempt(for entry: RunEntry, state: RunState) -> RequestAttempt {
        let step = runner.plan.steps[entry.stepIndex]
        let row = entry.dataRowIndex.map { runner.plan.dataRows[$0] }
        let captured = state.captures(ofPass: entry.pass)
        return RequestAttempt(
            entry: entry, step: step, row: row,
            scope: runner.variables.scope(for: step, row: row, captured: captured.values),
            capturedSecrets: captured.secrets, options: runner.options,
            client: hurlCookieJars.client(for: step, pass: entry.pass) ?? runner.client, history: runner.history)
    }
}
