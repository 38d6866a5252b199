/// What a run sends: the selected requests in collection order, once per data row, repeated.
///
/// Entries are numbered from 0: repetitions outermost, then data rows, then steps. A pass is one
/// repetition of one data row; captures flow from a request to the requests after it in the same pass.
public struct RunPlan: Hashable, Sendable {
    /// The requests, in the order they are sent.
    public var steps: [RunStep]
    /// The data rows; with none the steps run once per repetition without row variables.
    public var dataRows: [DataRow]
    /// How many times the whole selection runs (at least 1).
    public var repeatCount: Int

    /// Creates a plan.
    public init(steps: [RunStep], dataRows: [DataRow] = [], repeatCount: Int = 1) {
        self.steps = steps
        self.dataRows = dataRows
        self.repeatCount = max(1, repeatCount)
    }

    /// How many passes there are: repetitions times data rows (or one per repetition without rows).
    public var passCount: Int { repeatCount * max(1, dataRows.count) }

    /// How many requests the run sends, retries not counted.
    public var count: Int { steps.count * passCount }

    /// The entry at a plan index in 0..<count.
    public func entry(at index: Int) -> RunEntry {
        let stepCount = max(1, steps.count)
        let pass = index / stepCount
        let rows = max(1, dataRows.count)
        let rowIndex = dataRows.isEmpty ? nil : pass % rows
        return RunEntry(index: index, stepIndex: index % stepCount, pass: pass, iteration: pass / rows, dataRowIndex: rowIndex)
    }
}

/// One request of a plan: which step, in which pass, with which data row.
public struct RunEntry: Hashable, Sendable {
    /// The position in the plan, from 0.
    public var index: Int
    /// The step in `RunPlan.steps`.
    public var stepIndex: Int
    /// The pass (repetition × data row), from 0; captures stay within a pass.
    public var pass: Int
    /// The repetition, from 0.
    public var iteration: Int
    /// The data row in `RunPlan.dataRows`, from 0, or nil without data rows.
    public var dataRowIndex: Int?
}
