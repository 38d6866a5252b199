import RequestKit
import RequestStore

/// One response as checks and captures see it, with the variables of the run so far.
///
/// It parses the body at most once per form (JSON, XML, HTML) however many checks ask for it.
public struct ResponseEvaluation: Sendable {
    /// The response.
    public var response: Response
    /// The variables known when the response arrived (environment, `--var`, earlier captures).
    public var variables: [String: String]

    /// Creates an evaluation of a response.
    public init(response: Response, variables: [String: String]) {
        self.response = response
        self.variables = variables
    }

    /// Evaluates one check.
    public mutating func evaluate(_ check: Check) -> CheckResult {
        CheckResult(check: check, passed: false, actual: "", expected: "", problem: "checks are not evaluated yet")
    }

    /// Takes one capture's value, or says why there is none.
    public mutating func capture(_ rule: CaptureRule) -> Result<CapturedValue, CaptureFailure> {
        .failure(CaptureFailure(rule: rule, message: "captures are not evaluated yet"))
    }
}

/// What came of one check.
public struct CheckResult: Hashable, Sendable {
    /// The check as written.
    public var check: Check
    /// Whether the predicate held.
    public var passed: Bool
    /// The value the query and filters produced, as shown to a person (`"tok-bob"`, `200`, `none`).
    public var actual: String
    /// What the predicate wanted, as shown to a person (`== "tok-ann"`).
    public var expected: String
    /// Why the check could not be evaluated (the body is not JSON, a filter does not apply), if so.
    public var problem: String?

    /// Creates a result.
    public init(check: Check, passed: Bool, actual: String, expected: String, problem: String? = nil) {
        self.check = check
        self.passed = passed
        self.actual = actual
        self.expected = expected
        self.problem = problem
    }
}

/// A value a capture took.
public struct CapturedValue: Hashable, Sendable {
    /// The variable that receives it.
    public var variable: String
    /// The value as text, as `{{variable}}` will insert it.
    public var value: String
    /// Whether it is redacted wherever it is shown or stored.
    public var isSecret: Bool

    /// Creates a captured value.
    public init(variable: String, value: String, isSecret: Bool) {
        self.variable = variable
        self.value = value
        self.isSecret = isSecret
    }
}

/// Why a capture took no value.
public struct CaptureFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The capture.
    public var rule: CaptureRule
    /// What went wrong.
    public var message: String

    /// Creates a failure.
    public init(rule: CaptureRule, message: String) {
        self.rule = rule
        self.message = message
    }

    /// "capture NAME: message".
    public var description: String { "capture \(rule.variable): \(message)" }
}
