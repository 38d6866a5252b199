import CXML
import Foundation
import Locking

/// A body parsed by libxml2 as XML or HTML, kept for the XPath expressions of one response's checks.
///
/// Sendable because the C document is only reached inside its lock: libxml2 lets threads share a document only
/// while nothing changes it, and the lock makes each evaluation (with its own XPath context) and the final free
/// run alone. It owns the document, never changes it after parsing, and frees it when the last holder lets go.
final class MarkupDocument: Sendable {
    /// How the body was read.
    enum Form: Sendable {
        /// The XML parser (no network, no entities).
        case xml
        /// The HTML parser (recovering, no network).
        case html
    }

    /// The `cxml_document`, reached only while its lock is held.
    private let document: Locked<OpaquePointer>

    /// Parses a body; the error says why it could not be read.
    init(_ body: Data, form: Form) throws(EvaluationProblem) {
        var message: UnsafePointer<CChar>?
        let document = body.withUnsafeBytes { raw -> OpaquePointer? in
            let base = raw.bindMemory(to: CChar.self).baseAddress
            let empty: [CChar] = [0]
            return empty.withUnsafeBufferPointer { fallback in
                cxml_parse(base ?? fallback.baseAddress, raw.count, form == .html ? 1 : 0, &message)
            }
        }
        guard let document else {
            throw EvaluationProblem(message.map { String(cString: $0) } ?? "the body could not be parsed")
        }
        self.document = Locked(document)
    }

    deinit {
        document.withLock { cxml_free_document($0) }
    }

    /// Evaluates an XPath 1.0 expression: a node set, a string, a number or a boolean.
    func evaluate(_ expression: String) throws(EvaluationProblem) -> CheckValue {
        let value = document.withLock { document -> CheckValue? in
            var result = cxml_result()
            let status = cxml_evaluate(document, expression, &result)
            defer { cxml_result_free(&result) }
            return status == 0 ? Self.value(of: result) : nil
        }
        guard let value else {
            throw EvaluationProblem("the XPath expression \(CheckValueRenderer.quoted(expression, limit: 200)) is not valid XPath 1.0")
        }
        return value
    }

    /// The value of an evaluation's result, copied out of libxml2's memory.
    private static func value(of result: cxml_result) -> CheckValue {
        switch Int(result.kind) {
        case Int(CXML_RESULT_NODESET):
            var texts: [String] = []
            texts.reserveCapacity(result.count)
            for index in 0..<result.count {
                texts.append(result.texts[index].map { String(cString: $0) } ?? "")
            }
            return .nodeset(texts)
        case Int(CXML_RESULT_BOOLEAN):
            return .boolean(result.boolean != 0)
        case Int(CXML_RESULT_NUMBER):
            let number = result.number
            if number == number.rounded(), abs(number) < 9e15 { return .integer(Int64(number)) }
            return .float(number)
        default:
            return .string(result.string.map { String(cString: $0) } ?? "")
        }
    }

    /// Why libxml2 cannot be used, or nil when it can.
    static var loadError: String? {
        cxml_load_error().map { String(cString: $0) }
    }
}

/// Why a check could not be evaluated: a filter that does not apply, a body that does not parse.
struct EvaluationProblem: Error, Sendable {
    /// What went wrong, for a person.
    var message: String

    /// Creates a problem.
    init(_ message: String) {
        self.message = message
    }
}
