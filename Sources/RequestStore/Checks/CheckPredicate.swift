/// What a check's value must satisfy, possibly negated with `not`, as in Hurl's predicates.
public struct CheckPredicate: Hashable, Sendable {
    /// Whether `not` comes first, inverting the outcome.
    public var isNegated: Bool { didSet { written = Self.written(isNegated: isNegated, function: function) } }
    /// The test itself.
    public var function: PredicateFunction { didSet { written = Self.written(isNegated: isNegated, function: function) } }
    /// The predicate as written in a check line (`not == 3`); kept, since every evaluation of the check shows it.
    public private(set) var written: String

    /// Creates a predicate.
    public init(isNegated: Bool = false, function: PredicateFunction) {
        self.isNegated = isNegated
        self.function = function
        written = Self.written(isNegated: isNegated, function: function)
    }

    /// The text of a predicate.
    private static func written(isNegated: Bool, function: PredicateFunction) -> String {
        (isNegated ? "not " : "") + function.written
    }
}

/// One predicate test, with its value when it takes one.
public enum PredicateFunction: Hashable, Sendable {
    /// `==` (also `equals`).
    case equal(PredicateValue)
    /// `!=` (also `notEquals`).
    case notEqual(PredicateValue)
    /// `>` (also `greaterThan`).
    case greater(PredicateValue)
    /// `>=` (also `greaterThanOrEquals`).
    case greaterOrEqual(PredicateValue)
    /// `<` (also `lessThan`).
    case less(PredicateValue)
    /// `<=` (also `lessThanOrEquals`).
    case lessOrEqual(PredicateValue)
    /// `startsWith`: a string or bytes prefix.
    case startsWith(PredicateValue)
    /// `endsWith`: a string or bytes suffix.
    case endsWith(PredicateValue)
    /// `contains`: a substring, a byte sequence, or an item of a list.
    case contains(PredicateValue)
    /// `includes`: an item of a list (also a substring).
    case includes(PredicateValue)
    /// `matches`: a regular expression found in a string.
    case matches(PredicateValue)
    /// `exists`: the query found something.
    case exists
    /// `isEmpty`: an empty string, list, object, node set or bytes.
    case isEmpty
    /// `isString`.
    case isString
    /// `isInteger`.
    case isInteger
    /// `isFloat`.
    case isFloat
    /// `isNumber`: an integer or a float.
    case isNumber
    /// `isBoolean`.
    case isBoolean
    /// `isList`.
    case isList
    /// `isObject`.
    case isObject
    /// `isCollection`: a list, an object, a node set or bytes.
    case isCollection
    /// `isDate`: a date (as `toDate` makes).
    case isDate
    /// `isIsoDate`: a string in the ISO 8601 / RFC 3339 date-time form.
    case isIsoDate
    /// `isUuid`: a string in the 8-4-4-4-12 hexadecimal UUID form.
    case isUuid
    /// `isIpv4`: a string holding an IPv4 address.
    case isIpv4
    /// `isIpv6`: a string holding an IPv6 address.
    case isIpv6

    /// The predicate's value, when it takes one.
    public var value: PredicateValue? {
        switch self {
        case .equal(let value), .notEqual(let value), .greater(let value), .greaterOrEqual(let value),
             .less(let value), .lessOrEqual(let value), .startsWith(let value), .endsWith(let value),
             .contains(let value), .includes(let value), .matches(let value):
            return value
        default:
            return nil
        }
    }

    /// The name or operator as written canonically.
    public var name: String {
        switch self {
        case .equal: return "=="
        case .notEqual: return "!="
        case .greater: return ">"
        case .greaterOrEqual: return ">="
        case .less: return "<"
        case .lessOrEqual: return "<="
        case .startsWith: return "startsWith"
        case .endsWith: return "endsWith"
        case .contains: return "contains"
        case .includes: return "includes"
        case .matches: return "matches"
        case .exists: return "exists"
        case .isEmpty: return "isEmpty"
        case .isString: return "isString"
        case .isInteger: return "isInteger"
        case .isFloat: return "isFloat"
        case .isNumber: return "isNumber"
        case .isBoolean: return "isBoolean"
        case .isList: return "isList"
        case .isObject: return "isObject"
        case .isCollection: return "isCollection"
        case .isDate: return "isDate"
        case .isIsoDate: return "isIsoDate"
        case .isUuid: return "isUuid"
        case .isIpv4: return "isIpv4"
        case .isIpv6: return "isIpv6"
        }
    }

    /// The test as written in a check line (`== "a"`, `exists`).
    public var written: String {
        guard let value else { return name }
        return name + " " + value.written
    }

    /// Whether the predicate orders or equates numbers: `==`, `!=`, `>`, `>=`, `<`, `<=` with an integer value.
    public var comparesNumbers: Bool {
        switch self {
        case .equal(.integer), .notEqual(.integer), .greater(.integer), .greaterOrEqual(.integer), .less(.integer), .lessOrEqual(.integer): return true
        default: return false
        }
    }
}

/// A value written in a predicate.
public enum PredicateValue: Hashable, Sendable {
    /// A quoted string, which may hold variables.
    case string(CheckString)
    /// An integer.
    case integer(Int64)
    /// An integer beyond 64 bits, as its canonical decimal text (`1000000000000000000000`); compared as Hurl
    /// compares big integers, digit for digit with the integers a response holds.
    case bigInteger(String)
    /// A float, with its text as written.
    case float(Double, text: String)
    /// `true` or `false`.
    case boolean(Bool)
    /// `null`.
    case null
    /// A `/…/` regular expression.
    case regex(String)
    /// `base64,…;` or `hex,…;` bytes, with the text as written.
    case bytes([UInt8], written: String)
    /// `{{name}}`: a variable's value, compared as a number or boolean when it reads as one.
    case placeholder(String)
    /// `file,PATH;`: the bytes of a file, read when the check runs; a relative path is relative to the
    /// collection or `.hurl` file.
    case file(String)

    /// The value as written in a check line.
    public var written: String {
        switch self {
        case .string(let string): return string.quoted
        case .integer(let number): return String(number)
        case .bigInteger(let digits): return digits
        case .float(_, let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .regex(let pattern): return CheckPattern.literal(pattern).written
        case .bytes(_, let written): return written
        case .placeholder(let name): return "{{\(name)}}"
        case .file(let path): return "file," + path + ";"
        }
    }
}
