import Foundation
import RequestKit
import RequestStore

/// Tests a value against a predicate, with Hurl's rules: integers and floats compare as numbers (1 == 1.0),
/// strings as text, every predicate is false for nothing, a test on a value of the wrong type is a problem.
enum PredicateEvaluation {
    /// What a predicate said about a value.
    enum Outcome: Equatable {
        /// The test ran: whether it held (before `not`).
        case holds(Bool)
        /// The test does not apply to the value, and why.
        case inapplicable(String)
    }

    /// Tests a value (nil for nothing) against a predicate function; `file,PATH;` values are read through `boundary`.
    static func test(_ function: PredicateFunction, on value: CheckValue?, variables: [String: String], boundary: TrustBoundary = .userTyped()) -> Outcome {
        let expected: ExpectedValue?
        if let written = function.value {
            switch ExpectedValue.resolve(written, variables: variables, boundary: boundary) {
            case .success(let resolved): expected = resolved
            case .failure(let missing): return .inapplicable(missing.description)
            }
        } else {
            expected = nil
        }
        // As in Hurl, every predicate is false on nothing (so `not …` holds), `!=` and `isEmpty` included.
        guard value != nil else { return .holds(false) }
        switch function {
        case .exists:
            if case .nodeset(let texts)? = value { return .holds(!texts.isEmpty) }
            return .holds(value != nil)
        case .isString: return .holds(value?.isString == true)
        case .isInteger:
            switch value {
            case .integer?, .bigInteger?: return .holds(true)
            default: return .holds(false)
            }
        case .isFloat: if case .float? = value { return .holds(true) } else { return .holds(false) }
        case .isNumber: return .holds(value?.numeric != nil)
        case .isBoolean: if case .boolean? = value { return .holds(true) } else { return .holds(false) }
        case .isList: if case .list? = value { return .holds(true) } else { return .holds(false) }
        case .isObject: if case .object? = value { return .holds(true) } else { return .holds(false) }
        case .isDate: if case .date? = value { return .holds(true) } else { return .holds(false) }
        case .isCollection:
            switch value {
            case .list?, .object?, .nodeset?, .bytes?: return .holds(true)
            default: return .holds(false)
            }
        case .isIsoDate: return .holds(value?.text.map(TextShapes.isISODate) ?? false)
        case .isUuid: return .holds(value?.text.map(TextShapes.isUUID) ?? false)
        case .isIpv4: return .holds(value?.text.map { TextShapes.isIP($0, version6: false) } ?? false)
        case .isIpv6: return .holds(value?.text.map { TextShapes.isIP($0, version6: true) } ?? false)
        case .isEmpty:
            switch value {
            case .string(let text)?: return .holds(text.isEmpty)
            case .list(let items)?: return .holds(items.isEmpty)
            case .object(let members)?: return .holds(members.isEmpty)
            case .bytes(let bytes)?: return .holds(bytes.isEmpty)
            case .nodeset(let texts)?: return .holds(texts.isEmpty)
            case let other?: return .inapplicable("isEmpty applies to strings, lists, objects, bytes and node sets; the value is \(other.typeName)")
            case nil: return .inapplicable("isEmpty has nothing to test: the query found nothing")
            }
        default:
            break
        }
        guard let expected else { return .inapplicable("the predicate needs a value") }
        switch function {
        case .equal: return .holds(value.map { expected.equals($0) } ?? false)
        case .notEqual: return .holds(!(value.map { expected.equals($0) } ?? false))
        case .greater, .greaterOrEqual, .less, .lessOrEqual:
            guard let value else { return .inapplicable("\(function.name) has nothing to compare: the query found nothing") }
            guard let order = expected.order(of: value) else {
                return .inapplicable("\(function.name) compares numbers with numbers or strings with strings; the value is \(value.typeName)")
            }
            switch function {
            case .greater: return .holds(order == .orderedDescending)
            case .greaterOrEqual: return .holds(order != .orderedAscending)
            case .less: return .holds(order == .orderedAscending)
            default: return .holds(order != .orderedDescending)
            }
        case .startsWith, .endsWith:
            let atStart = function.name == "startsWith"
            if case .bytes(let bytes)? = value, case .bytes(let wanted) = expected {
                return .holds(atStart ? bytes.starts(with: wanted) : bytes.reversed().starts(with: wanted.reversed()))
            }
            guard let text = value?.text, let wanted = expected.text else {
                return .inapplicable("\(function.name) compares a string with a string or bytes with bytes; the value is \(value?.typeName ?? "none")")
            }
            return .holds(atStart ? text.hasPrefix(wanted) : text.hasSuffix(wanted))
        case .includes:
            guard let items = value?.items else {
                return .inapplicable("includes looks for an item of a list (use contains for text or bytes); the value is \(value?.typeName ?? "none")")
            }
            return .holds(items.contains { expected.equals($0) })
        case .contains:
            if let items = value?.items { return .holds(items.contains { expected.equals($0) }) }
            if case .bytes(let bytes)? = value, case .bytes(let wanted) = expected {
                return .holds(wanted.isEmpty || bytes.firstRange(of: wanted) != nil)
            }
            guard let text = value?.text, let wanted = expected.text else {
                return .inapplicable("\(function.name) looks in a string, a list or bytes; the value is \(value?.typeName ?? "none")")
            }
            return .holds(wanted.isEmpty || text.contains(wanted))
        case .matches:
            guard let text = value?.text else {
                return .inapplicable("matches tests a string; the value is \(value?.typeName ?? "none")")
            }
            guard let pattern = expected.pattern else { return .inapplicable("matches takes a \"pattern\" or a /regex/") }
            do throws(EvaluationProblem) {
                return .holds(try RegexMatching.matches(pattern, text))
            } catch {
                return .inapplicable(error.message)
            }
        default:
            return .inapplicable("the predicate \(function.name) is not known")
        }
    }
}

extension CheckValue {
    /// Whether this is a string.
    var isString: Bool {
        if case .string = self { return true }
        return false
    }
}
