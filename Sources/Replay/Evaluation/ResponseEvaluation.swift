import Foundation
import RequestKit
import RequestStore

/// One response as checks and captures see it, with the variables of the run so far.
///
/// It parses the body at most once per form (text, JSON, XML, HTML) however many checks ask for it.
/// Bodies are hostile: every failure to read one becomes a failed check with a problem, never a crash.
public struct ResponseEvaluation: Sendable {
    /// The response.
    public var response: Response
    /// The variables known when the response arrived (environment, `--var`, earlier captures).
    public var variables: [String: String]
    /// The moment `daysAfterNow` and `daysBeforeNow` count from.
    public var now: Date
    /// The folder that relative `file,PATH;` values are read from (the collection or `.hurl` file's folder).
    public var baseDirectory: String?
    /// What the user lets `file,PATH;` values read: by default files under `baseDirectory` only.
    public var trust = TrustPolicy()

    /// The gate `file,PATH;` values pass.
    var fileBoundary: TrustBoundary { TrustBoundary(policy: trust, baseDirectory: baseDirectory) }

    /// The body as UTF-8 text, once read.
    var bodyText: String?
    /// The body as JSON, once parsed (or why it is not JSON).
    var jsonBody: Result<OrderedJSON, EvaluationProblem>?
    /// The body's Server-Sent Events once read, and how many there are.
    var serverSentEventCache: (events: [ServerSentEvent], total: Int)?
    /// The body as an XML or HTML document, once parsed (or why it could not be).
    var markupBody: Result<MarkupDocument, EvaluationProblem>?

    /// Creates an evaluation of a response.
    public init(response: Response, variables: [String: String], now: Date = Date()) {
        self.response = response
        self.variables = variables
        self.now = now
    }

    /// Evaluates one check; a failed one says what was expected with the variables filled in.
    public mutating func evaluate(_ check: Check) -> CheckResult {
        var result = check.isHeaderLine ? evaluateHeaderLine(check) : evaluateQuery(check)
        if !result.passed { result.expected = expectedText(check.predicate) }
        return result
    }

    /// The predicate as written with the variables of its value filled in (`== "tok-ann"` for `== "{{token}}"`), so a
    /// failure says what was wanted; as written when its value has no variable, or a variable has no value.
    func expectedText(_ predicate: CheckPredicate) -> String {
        let value: String
        switch predicate.function.value {
        case .string(let string)? where string.literal == nil:
            guard case .success(let text) = string.resolved(variables) else { return predicate.written }
            value = CheckString(text).quoted
        case .placeholder(let name)?:
            guard let text = variables[name] else { return predicate.written }
            // A bare variable compares as a number or boolean when it reads as one, else as a string.
            let readsAsScalar = text == "true" || text == "false" || Double(text) != nil
            value = readsAsScalar ? text : CheckString(text).quoted
        default:
            return predicate.written
        }
        return (predicate.isNegated ? "not " : "") + predicate.function.name + " " + value
    }

    /// Evaluates a check of a query, its filters and its predicate.
    private mutating func evaluateQuery(_ check: Check) -> CheckResult {
        let expected = check.predicate.written
        var value: CheckValue?
        do throws(EvaluationProblem) {
            value = try queryValue(check.query)
            for filter in check.filters {
                value = try apply(filter, to: value)
            }
            // curlew's older `redirects == 2` compares the count, as `redirects count == 2` does.
            if check.query == .redirects, check.filters.isEmpty, check.predicate.function.comparesNumbers, case .list(let steps)? = value {
                value = .integer(Int64(steps.count))
            }
        } catch {
            return CheckResult(check: check, passed: false, actual: CheckValueRenderer.display(value), expected: expected, problem: error.message)
        }
        let actual = CheckValueRenderer.display(value)
        switch PredicateEvaluation.test(check.predicate.function, on: value, variables: variables, boundary: fileBoundary) {
        case .holds(let holds):
            return CheckResult(check: check, passed: holds != check.predicate.isNegated, actual: actual, expected: expected)
        case .inapplicable(let reason):
            return CheckResult(check: check, passed: false, actual: actual, expected: expected, problem: reason)
        }
    }

    /// Evaluates a header line (`Vary: User-Agent`) as Hurl does: it passes when any of the response's values of
    /// the header (named in any case) equals the value; the value shown is the one that matched, else all of them.
    private func evaluateHeaderLine(_ check: Check) -> CheckResult {
        let expected = check.predicate.written
        guard case .header(let name) = check.query, case .equal(.string(let value)) = check.predicate.function else {
            return CheckResult(check: check, passed: false, actual: "none", expected: expected, problem: "the header line does not name a header and a value")
        }
        let wanted: String
        let values: [String]
        do throws(EvaluationProblem) {
            values = response.headers.values(for: try resolve(name))
            wanted = try resolve(value)
        } catch {
            return CheckResult(check: check, passed: false, actual: "none", expected: expected, problem: error.message)
        }
        if values.contains(wanted) {
            return CheckResult(check: check, passed: true, actual: CheckValueRenderer.display(.string(wanted)), expected: expected)
        }
        let found: CheckValue? = values.isEmpty ? nil : values.count == 1 ? .string(values[0]) : .list(values.map(CheckValue.string))
        return CheckResult(check: check, passed: false, actual: CheckValueRenderer.display(found), expected: expected)
    }

    /// Takes one capture's value, or says why there is none.
    public mutating func capture(_ rule: CaptureRule) -> Result<CapturedValue, CaptureFailure> {
        var value: CheckValue?
        var variable = rule.variable
        if let template = rule.variableTemplate {
            guard let name = variables[template], VariableNameRule.isValid(name) else {
                let problem = variables[template].map { "holds \(CheckValueRenderer.quoted($0, limit: 64)), which is not a variable name" } ?? "has no value"
                return .failure(CaptureFailure(rule: rule, message: "the capture's name {{\(template)}} \(problem)"))
            }
            variable = name
        }
        do throws(EvaluationProblem) {
            value = try queryValue(rule.query)
            for filter in rule.filters {
                value = try apply(filter, to: value)
            }
        } catch {
            return .failure(CaptureFailure(rule: rule, message: error.message))
        }
        guard let value else {
            return .failure(CaptureFailure(rule: rule, message: "\(rule.query.written) found nothing in the response"))
        }
        if case .nodeset(let texts) = value, texts.count != 1 {
            return .failure(CaptureFailure(rule: rule, message: "the XPath selected \(texts.count) nodes; pick one with nth or write string(…) in the expression"))
        }
        return .success(CapturedValue(variable: variable, value: CheckValueRenderer.plainText(value), isSecret: rule.isSecret))
    }

    /// A redirect step as a check sees it: an object with its `location` and `status`.
    static func value(of step: RedirectStep) -> CheckValue {
        .object([JSONMember(key: "location", value: .string(step.location)), JSONMember(key: "status", value: .number(String(step.status)))])
    }

    /// The number an index stands for, its variable read when it is one.
    func resolve(_ index: CheckIndex) throws(EvaluationProblem) -> Int {
        switch index {
        case .literal(let value): return value
        case .variable(let name):
            guard let text = variables[name] else { throw EvaluationProblem(UndefinedVariable(name: name).description) }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)), abs(value) <= CheckIndex.maximum else {
                throw EvaluationProblem("nth {{\(name)}}: the variable holds \(CheckValueRenderer.quoted(text, limit: 64)), not a whole number")
            }
            return value
        }
    }

    /// The text of a check string with its variables filled in.
    func resolve(_ string: CheckString) throws(EvaluationProblem) -> String {
        switch string.resolved(variables) {
        case .success(let text): return text
        case .failure(let missing): throw EvaluationProblem(missing.description)
        }
    }

    /// The text of a pattern with its variables filled in.
    func resolve(_ pattern: CheckPattern) throws(EvaluationProblem) -> String {
        switch pattern.resolved(variables) {
        case .success(let text): return text
        case .failure(let missing): throw EvaluationProblem(missing.description)
        }
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
