import CXML
import Foundation

/// A body parsed by libxml2 as XML or HTML, kept for the XPath expressions of one response's checks.
///
/// It holds the C document's address as an integer and never changes it, so it is `Sendable` without
/// unchecked conformance; the document is freed when the last copy of the evaluation lets go of it.
final class MarkupDocument: Sendable {
    /// How the body was read.
    enum Form: Sendable {
        /// The XML parser (no network, no entities).
        case xml
        /// The HTML parser (recovering, no network).
        case html
    }

    /// The address of the `cxml_document`.
    private let address: Int

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
        address = Int(bitPattern: UnsafeMutableRawPointer(document))
    }

    deinit {
        cxml_free_document(OpaquePointer(bitPattern: address))
    }

    /// Evaluates an XPath 1.0 expression: a node set, a string, a number or a boolean.
    func evaluate(_ expression: String) throws(EvaluationProblem) -> CheckValue {
        var result = cxml_result()
        let status = cxml_evaluate(OpaquePointer(bitPattern: address), expression, &result)
        defer { cxml_result_free(&result) }
        guard status == 0 else {
            throw EvaluationProblem("the XPath expression \(CheckValueRenderer.quoted(expression, limit: 200)) is not valid XPath 1.0")
        }
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
