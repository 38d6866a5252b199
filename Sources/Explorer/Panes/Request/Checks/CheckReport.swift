import RequestKit
import Replay
import RequestStore

/// What the last evaluation of a request's checks and captures gave, found again by the line as written.
///
/// Results are keyed by the line's text, so a line edited since shows no result until the next send.
public struct CheckReport: Hashable, Sendable {
    /// Check results by the check's text.
    public var checks: [String: CheckResult]
    /// Capture outcomes by the capture's text.
    public var captures: [String: Result<CapturedValue, CaptureFailure>]
    /// The status code of the response evaluated, for "no checks: any 2xx or 3xx passes".
    public var status: Int?

    /// A report of check results (captures keyed by their rule's text) for a response with this status.
    public init(checks: [CheckResult] = [], captures: [CaptureRule: Result<CapturedValue, CaptureFailure>] = [:], status: Int? = nil) {
        var byText: [String: CheckResult] = [:]
        for result in checks { byText[result.check.text] = result }
        self.checks = byText
        var capturesByText: [String: Result<CapturedValue, CaptureFailure>] = [:]
        for (rule, outcome) in captures { capturesByText[rule.text] = outcome }
        self.captures = capturesByText
        self.status = status
    }

    /// Evaluates checks and captures on a response (in a command, never in `update`); `file,PATH;` values are read
    /// from `baseDirectory` (the collection's folder) through the trust policy. `secrets` (secret variables' values)
    /// and the values of secret captures are masked in what the results show, as run results mask them.
    public static func evaluate(_ checks: [Check], captures: [CaptureRule], on response: Response, variables: [String: String],
                                baseDirectory: String? = nil, trust: TrustPolicy = TrustPolicy(), secrets: [String] = []) -> CheckReport {
        var evaluation = ResponseEvaluation(response: response, variables: variables)
        evaluation.baseDirectory = baseDirectory
        evaluation.trust = trust
        var report = CheckReport(status: response.statusCode)
        for rule in captures { report.captures[rule.text] = evaluation.capture(rule) }
        var masked = secrets
        for case .success(let value) in report.captures.values where value.isSecret && !value.value.isEmpty { masked.append(value.value) }
        let redaction = Redaction(secrets: masked)
        for check in checks {
            var result = evaluation.evaluate(check)
            if !masked.isEmpty {
                result.actual = redaction.text(result.actual)
                result.expected = redaction.text(result.expected)
                result.problem = result.problem.map(redaction.text)
            }
            report.checks[check.text] = result
        }
        return report
    }

    /// The number of checks that passed and failed.
    public var counts: (passed: Int, failed: Int) {
        let passed = checks.values.filter(\.passed).count
        return (passed, checks.count - passed)
    }

    /// True when nothing was evaluated yet.
    public var isEmpty: Bool { checks.isEmpty && captures.isEmpty && status == nil }
}
