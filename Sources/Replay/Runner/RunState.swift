/// The bookkeeping of a run in progress: what has started, what is done, the captures of the open passes,
/// and the results waiting for earlier ones to be reported. It holds results only, never bodies, and forgets
/// a pass's captures once every entry of the pass is reported.
struct RunState {
    /// The plan.
    let plan: RunPlan
    /// The steps each step waits for.
    let dependencies: RunDependencies
    /// The first entry not started yet.
    private(set) var nextToStart = 0
    /// Entries after `nextToStart` already started (ahead of one waiting for a capture).
    private var startedAhead = Set<Int>()
    /// How many entries were started.
    private(set) var startedCount = 0
    /// The next entry to report; every entry before it is reported.
    var nextToReport = 0
    /// Whether no more entries are started (bail, cancellation).
    var stopped = false
    /// Requests reported as passed.
    var passed = 0
    /// Requests reported as failed.
    var failed = 0
    /// Finished results not yet reported, by plan index; cancelled entries hold nil.
    private var finished: [Int: RunResult?] = [:]
    /// Captured values of the passes still running, by pass, each with the step that captured it.
    private var captured: [Int: [String: (step: Int, value: CapturedValue)]] = [:]

    /// Creates the state for a plan.
    init(plan: RunPlan, dependencies: RunDependencies) {
        self.plan = plan
        self.dependencies = dependencies
    }

    /// The first entry within `window` of `nextToStart` that is not started and whose dependencies are done.
    func nextStartable(window: Int) -> Int? {
        let limit = min(plan.count, nextToStart + window)
        var index = nextToStart
        while index < limit {
            if !startedAhead.contains(index), dependenciesDone(of: index) { return index }
            index += 1
        }
        return nil
    }

    /// Notes that an entry was started.
    mutating func markStarted(_ index: Int) {
        startedCount += 1
        guard index == nextToStart else {
            startedAhead.insert(index)
            return
        }
        nextToStart += 1
        while startedAhead.remove(nextToStart) != nil { nextToStart += 1 }
    }

    /// Whether every entry the given one waits for has finished.
    func dependenciesDone(of index: Int) -> Bool {
        let entry = plan.entry(at: index)
        let base = index - entry.stepIndex
        return dependencies.waitsFor[entry.stepIndex].allSatisfy { step in
            let dependency = base + step
            return dependency < nextToReport || finished[dependency] != nil
        }
    }

    /// The values captured so far in a pass (a later step's value wins), and the secret ones.
    func captures(ofPass pass: Int) -> (values: [String: String], secrets: [String]) {
        guard let values = captured[pass] else { return ([:], []) }
        return (values.mapValues(\.value.value), values.values.filter(\.value.isSecret).map(\.value.value))
    }

    /// Takes an outcome in: its captures become visible to its pass, its result waits to be reported.
    mutating func complete(_ outcome: RequestAttempt.Outcome) {
        let entry = outcome.result.entry
        for value in outcome.captured {
            if let existing = captured[entry.pass]?[value.variable], existing.step > entry.stepIndex { continue }
            captured[entry.pass, default: [:]][value.variable] = (entry.stepIndex, value)
        }
        finished[entry.index] = outcome.cancelled ? .some(nil) : .some(outcome.result)
    }

    /// The results that can be reported now, in plan order.
    mutating func takeReportable() -> [RunResult] {
        var results: [RunResult] = []
        while let next = finished.removeValue(forKey: nextToReport) {
            if let result = next { results.append(count(result)) }
            nextToReport += 1
            forgetFinishedPasses()
        }
        return results
    }

    /// The results left after the run stopped, in plan order, skipping entries that never finished.
    mutating func takeRemaining() -> [RunResult] {
        var results: [RunResult] = []
        for index in finished.keys.sorted() {
            if let result = finished[index] ?? nil { results.append(count(result)) }
        }
        finished.removeAll()
        return results
    }

    private mutating func count(_ result: RunResult) -> RunResult {
        if result.passed { passed += 1 } else { failed += 1 }
        return result
    }

    /// Drops the captures of passes whose entries are all reported.
    private mutating func forgetFinishedPasses() {
        let stepCount = max(1, plan.steps.count)
        let donePasses = nextToReport / stepCount
        for pass in captured.keys where pass < donePasses { captured[pass] = nil }
    }
}
