/// The words a predicate starts with, Hurl's aliases included.
enum PredicateNames {
    /// A predicate with or without a value.
    enum Kind {
        /// A predicate that takes no value.
        case plain(PredicateFunction)
        /// A predicate that takes a value.
        case valued(@Sendable (PredicateValue) -> PredicateFunction)
    }

    /// Whether a word starts a predicate (including `not`).
    static func starts(_ word: String) -> Bool {
        word == "not" || kind(of: word) != nil
    }

    /// The predicate a word names.
    static func kind(of word: String) -> Kind? {
        switch word {
        case "==", "equals": return .valued(PredicateFunction.equal)
        case "!=", "notEquals": return .valued(PredicateFunction.notEqual)
        case ">", "greaterThan": return .valued(PredicateFunction.greater)
        case ">=", "greaterThanOrEquals": return .valued(PredicateFunction.greaterOrEqual)
        case "<", "lessThan": return .valued(PredicateFunction.less)
        case "<=", "lessThanOrEquals": return .valued(PredicateFunction.lessOrEqual)
        case "startsWith": return .valued(PredicateFunction.startsWith)
        case "endsWith": return .valued(PredicateFunction.endsWith)
        case "contains": return .valued(PredicateFunction.contains)
        case "includes": return .valued(PredicateFunction.includes)
        case "matches": return .valued(PredicateFunction.matches)
        case "exists": return .plain(.exists)
        case "isEmpty": return .plain(.isEmpty)
        case "isString": return .plain(.isString)
        case "isInteger": return .plain(.isInteger)
        case "isFloat": return .plain(.isFloat)
        case "isNumber": return .plain(.isNumber)
        case "isBoolean": return .plain(.isBoolean)
        case "isList": return .plain(.isList)
        case "isObject": return .plain(.isObject)
        case "isCollection": return .plain(.isCollection)
        case "isDate": return .plain(.isDate)
        case "isIsoDate": return .plain(.isIsoDate)
        case "isUuid": return .plain(.isUuid)
        case "isIpv4": return .plain(.isIpv4)
        case "isIpv6": return .plain(.isIpv6)
        default: return nil
        }
    }
}
