import Foundation
import RequestKit
import RequestStore

/// A predicate's value with its variables filled in, and how it compares with what a query found.
enum ExpectedValue {
    /// A string, variables filled in.
    case string(String)
    /// An integer.
    case integer(Int64)
    /// An integer beyond 64 bits, as canonical decimal text.
    case bigInteger(String)
    /// A float.
    case float(Double)
    /// A boolean.
    case boolean(Bool)
    /// JSON null.
    case null
    /// A `/…/` pattern.
    case regex(String)
    /// Bytes.
    case bytes([UInt8])
    /// A `{{variable}}`'s text, read as a number or boolean when compared with one.
    case variable(String)

    /// The largest file a `file,PATH;` value reads, in bytes.
    static let maximumFileSize = 64 * 1024 * 1024

    /// Why a predicate value could not be filled in.
    struct Unresolved: Error, CustomStringConvertible {
        /// What went wrong and what to do.
        var description: String
    }

    /// Fills in a predicate value's variables, and reads a `file,PATH;` value's bytes through the trust boundary
    /// (a relative path from the collection's folder, refused outside the file root).
    static func resolve(_ value: PredicateValue, variables: [String: String], boundary: TrustBoundary = .userTyped()) -> Result<ExpectedValue, Unresolved> {
        switch value {
        case .string(let string): return string.resolved(variables).map(ExpectedValue.string).mapError { Unresolved(description: $0.description) }
        case .integer(let number): return .success(.integer(number))
        case .bigInteger(let digits): return .success(.bigInteger(digits))
        case .float(let number, _): return .success(.float(number))
        case .boolean(let flag): return .success(.boolean(flag))
        case .null: return .success(.null)
        case .regex(let pattern): return .success(.regex(pattern))
        case .bytes(let bytes, _): return .success(.bytes(bytes))
        case .placeholder(let name):
            guard let text = variables[name] else { return .failure(Unresolved(description: UndefinedVariable(name: name).description)) }
            return .success(.variable(text))
        case .file(let path):
            return readFile(path, boundary: boundary).map { .bytes($0) }
        }
    }

    /// A file's bytes, refused when the path leads outside the file root or the file is too large.
    private static func readFile(_ path: String, boundary: TrustBoundary) -> Result<[UInt8], Unresolved> {
        let full: String
        do throws(TrustRefusal) {
            full = try boundary.readable(path, for: "The compared file")
        } catch {
            return .failure(Unresolved(description: error.description))
        }
        guard let handle = FileHandle(forReadingAtPath: full) else {
            return .failure(Unresolved(description: "cannot read the file \(full); check that it exists and is readable"))
        }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maximumFileSize + 1) ?? Data() else {
            return .failure(Unresolved(description: "cannot read the file \(full); check that it is a readable file"))
        }
        guard data.count <= maximumFileSize else {
            return .failure(Unresolved(description: "the file \(full) is larger than \(maximumFileSize / 1024 / 1024) MB; compare a digest with sha256 == hex,…; instead"))
        }
        return .success(Array(data))
    }

    /// The text, for string tests.
    var text: String? {
        switch self {
        case .string(let text), .variable(let text): return text
        default: return nil
        }
    }

    /// The decimal text of an integer value, of any size.
    var integerText: String? {
        switch self {
        case .integer(let number): return String(number)
        case .bigInteger(let digits): return digits
        default: return nil
        }
    }

    /// The pattern, for `matches`.
    var pattern: String? {
        switch self {
        case .string(let text), .variable(let text), .regex(let text): return text
        default: return nil
        }
    }

    /// The value as the type of what it is compared with, for a variable's text.
    private func coerced(toward actual: CheckValue) -> ExpectedValue {
        guard case .variable(let text) = self else { return self }
        switch actual {
        case .integer, .float, .bigInteger:
            if let integer = Int64(text) { return .integer(integer) }
            if BigIntegerText.isInteger(text) { return .bigInteger(BigIntegerText.canonical(text)) }
            if let float = Double(text) { return .float(float) }
        case .boolean:
            if text == "true" { return .boolean(true) }
            if text == "false" { return .boolean(false) }
        case .null:
            if text == "null" { return .null }
        default:
            break
        }
        return .string(text)
    }

    /// Whether a found value equals this one; numbers compare across integer and float.
    func equals(_ actual: CheckValue) -> Bool {
        switch (coerced(toward: actual), actual) {
        case (.string(let wanted), _): return actual.text == wanted
        case (.integer(let wanted), .integer(let found)): return wanted == found
        case (.bigInteger(let wanted), .bigInteger(let found)): return wanted == found
        case (.bigInteger, .integer), (.integer, .bigInteger): return false
        case (.integer(let wanted), .float(let found)): return Double(wanted) == found
        case (.float(let wanted), .integer(let found)): return wanted == Double(found)
        case (.float(let wanted), .float(let found)): return wanted == found
        case (.boolean(let wanted), .boolean(let found)): return wanted == found
        case (.null, .null): return true
        case (.bytes(let wanted), .bytes(let found)): return wanted == found
        default: return false
        }
    }

    /// How a found value orders against this one (`.orderedAscending`: the found value is smaller), when comparable.
    func order(of actual: CheckValue) -> ComparisonResult? {
        switch (coerced(toward: actual), actual) {
        case (.integer(let wanted), .integer(let found)):
            return found < wanted ? .orderedAscending : found > wanted ? .orderedDescending : .orderedSame
        case (.bigInteger, .bigInteger), (.bigInteger, .integer), (.integer, .bigInteger):
            guard let wanted = coerced(toward: actual).integerText, let found = actual.integerText else { return nil }
            let order = BigIntegerText.compare(found, wanted)
            return order < 0 ? .orderedAscending : order > 0 ? .orderedDescending : .orderedSame
        case (.integer, .float), (.float, .integer), (.float, .float):
            guard let found = actual.numeric else { return nil }
            let wanted: Double
            switch coerced(toward: actual) {
            case .integer(let number): wanted = Double(number)
            case .float(let number): wanted = number
            default: return nil
            }
            return found < wanted ? .orderedAscending : found > wanted ? .orderedDescending : .orderedSame
        case (.string(let wanted), _):
            guard let found = actual.text else { return nil }
            return found < wanted ? .orderedAscending : found > wanted ? .orderedDescending : .orderedSame
        default:
            return nil
        }
    }
}
