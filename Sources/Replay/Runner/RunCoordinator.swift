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
            // One at a time: each request runs on this task, without a child task per request.
            while !state.stopped, let index = state.nextStartable(window: 1) {
                guard let attempt = await start(index, state: &state, delay: delay, total: total) else { break }
                await absorb(await attempt.perform(), into: &state)
            }
        } else {
            await withTaskGroup(of: RequestAttempt.Outcome.self) { group in
                var inFlight = 0
                while true {
                    while !state.stopped, inFlight < concurrency, let index = state.nextStartable(window: Self.lookAhead) {
                        guard let attempt = await start(index, state: &state, delay: delay, total: total) else { break }
                        group.addTask { await attempt.perform() }
                        inFlight += 1
                    }
                    if inFlight == 0 { break }
                    guard let outcome = await group.next() else { break }
                    inFlight -= 1
                    await absorb(outcome, into: &state)
                }
            }
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
        await onEvent(.started(RunStart(
            entry: attempt.entry, total: total, name: attempt.step.name, path: attempt.step.path,
            method: attempt.step.request.method.rawValue, dataRow: attempt.row?.number)))
        return attempt
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
