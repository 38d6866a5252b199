/// What a request from a `.hurl` file reports when part of its response fails, in Hurl's order: the status line's
/// checks come first, and when one fails nothing else is looked at; then the captures, and when one fails the
/// other checks are not; then the other checks.
struct HurlPrecedence {
    /// The checks reported, in order.
    var checks: [CheckResult]
    /// The line of each reported check, in order (empty for a request that is not from a `.hurl` file).
    var checkLines: [Int]
    /// The capture failures reported.
    var captureFailures: [CaptureFailure]

    /// Applies the order to a step's outcome; a step that is not from a `.hurl` file reports everything.
    init(step: RunStep, checks: [CheckResult], captureFailures: [CaptureFailure]) {
        self.checks = checks
        self.captureFailures = captureFailures
        guard step.sourceLine != nil, step.checkLines.count == checks.count else {
            checkLines = []
            return
        }
        checkLines = step.checkLines
        let statusLineCount = Self.statusLineCount(checks, lines: step.checkLines)
        let statusLine = checks.prefix(statusLineCount)
        if !statusLine.allSatisfy(\.passed) {
            keep(statusLineCount)
            self.captureFailures = []
        } else if !captureFailures.isEmpty {
            keep(statusLineCount)
        }
    }

    /// How many checks at the start come from the response's status line (`HTTP/1.1 200` gives status and version).
    static func statusLineCount(_ checks: [CheckResult], lines: [Int]) -> Int {
        guard let firstLine = lines.first else { return 0 }
        var count = 0
        while count < checks.count, lines[count] == firstLine {
            switch checks[count].check.query {
            case .status, .version: count += 1
            default: return count
            }
        }
        return count
    }

    private mutating func keep(_ count: Int) {
        checks = Array(checks.prefix(count))
        checkLines = Array(checkLines.prefix(count))
    }
}
