/// The entries of a plan that got no result (left unsent when a run stopped), which reports list as skipped.
struct UnrunEntries {
    /// The plan, for naming the entries.
    private(set) var plan = RunPlan(steps: [])
    /// Which entries of the plan have a result, by index.
    private var reported: [Bool] = []

    /// Starts tracking the entries of a plan.
    mutating func begin(_ plan: RunPlan) {
        self.plan = plan
        reported = Array(repeating: false, count: plan.count)
    }

    /// Notes that an entry got a result.
    mutating func reported(_ entry: RunEntry) {
        if reported.indices.contains(entry.index) { reported[entry.index] = true }
    }

    /// The entries without a result, in plan order.
    var entries: [RunEntry] {
        reported.indices.filter { !reported[$0] }.map { plan.entry(at: $0) }
    }

    /// An entry's request path, its collection's name and its data row's number, if any.
    func describe(_ entry: RunEntry) -> (path: String, collection: String, row: Int?) {
        let step = plan.steps[entry.stepIndex]
        return (step.path, step.collectionName, entry.dataRowIndex.map { plan.dataRows[$0].number })
    }

    /// Why a report names an entry skipped.
    static let reason = "not run: the run stopped before it"
}
