/// One reason a request of a run failed, as reports and the command line show it.
public struct RunFailure: Hashable, Sendable {
    /// What kind of failure it is.
    public enum Kind: String, Hashable, Sendable {
        /// A check did not hold (or could not be evaluated).
        case check
        /// A capture took no value.
        case capture
        /// A request without checks got a status other than 2xx or 3xx.
        case status
        /// The request could not be sent or built.
        case send
    }

    /// The kind.
    public var kind: Kind
    /// The check or capture as written, or a sentence for status and send failures.
    public var text: String
    /// What was expected, when the check's text does not already say it.
    public var expected: String?
    /// What came, for checks.
    public var actual: String?
    /// Why a check could not be evaluated or a capture took nothing.
    public var problem: String?
    /// The line of the check or capture in its `.hurl` file, when it comes from one.
    public var sourceLine: Int?

    /// `jsonpath "$.token" == "tok-ann"  actual: "tok-bob"`, with `expected:` and the problem when there are.
    public var line: String {
        var text = self.text
        if let expected, !expected.isEmpty { text += "  expected: \(expected)" }
        if let actual { text += "  actual: \(actual)" }
        if let problem, !problem.isEmpty { text += "  (\(problem))" }
        return text
    }
}

extension RunResult {
    /// Every reason this request failed, in order: the sending error, failed checks, failed captures, the status.
    public var failures: [RunFailure] {
        var failures: [RunFailure] = []
        if let error { failures.append(RunFailure(kind: .send, text: error)) }
        for (index, check) in checks.enumerated() where !check.passed {
            let expected = check.check.text.contains(check.expected) ? nil : check.expected
            let line = checkLines.indices.contains(index) ? checkLines[index] : nil
            failures.append(RunFailure(kind: .check, text: check.check.text, expected: expected, actual: check.actual, problem: check.problem,
                                       sourceLine: line))
        }
        for (index, failure) in captureFailures.enumerated() {
            let line = captureFailureLines.indices.contains(index) ? captureFailureLines[index] : nil
            failures.append(RunFailure(kind: .capture, text: failure.rule.text, problem: failure.message, sourceLine: line))
        }
        if let statusProblem { failures.append(RunFailure(kind: .status, text: statusProblem)) }
        return failures
    }
}
