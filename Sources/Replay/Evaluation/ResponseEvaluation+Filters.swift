import Foundation
import RequestKit
import RequestStore

extension ResponseEvaluation {
    /// Applies one filter to a value.
    mutating func apply(_ filter: CheckFilter, to input: CheckValue?) throws(EvaluationProblem) -> CheckValue? {
        guard let value = input else {
            throw EvaluationProblem("the value is none (the query found nothing), so \(filter.written) has nothing to work on")
        }
        func mismatch(_ expected: String) -> EvaluationProblem {
            EvaluationProblem("\(filter.written) works on \(expected), and the value is \(value.typeName)")
        }
        switch filter {
        case .count:
            switch value {
            case .list(let items): return .integer(Int64(items.count))
            case .object(let members): return .integer(Int64(members.count))
            case .nodeset(let texts): return .integer(Int64(texts.count))
            case .bytes(let bytes): return .integer(Int64(bytes.count))
            default: throw mismatch("a list, an object, a node set or bytes")
            }
        case .nth(let written):
            guard let items = value.items else { throw mismatch("a list or a node set") }
            let index = try resolve(written)
            let position = index < 0 ? items.count + index : index
            guard items.indices.contains(position) else {
                throw EvaluationProblem("nth \(index) is out of range for a list of \(items.count) items")
            }
            return items[position]
        case .first, .last:
            guard let items = value.items else { throw mismatch("a list or a node set") }
            guard let item = filter == .first ? items.first : items.last else {
                throw EvaluationProblem("\(filter.written) found an empty list")
            }
            return item
        case .regex(let pattern):
            guard let text = value.text else { throw mismatch("a string") }
            return try RegexMatching.firstGroup(of: try resolve(pattern), in: text)
        case .replace(let old, let new):
            guard let text = value.text else { throw mismatch("a string") }
            guard let result = TextTransforms.replace(text, try resolve(old), with: try resolve(new)) else { throw tooLarge(filter) }
            return .string(result)
        case .replaceRegex(let pattern, let new):
            guard let text = value.text else { throw mismatch("a string") }
            guard let result = try RegexMatching.replace(try resolve(pattern), in: text, with: try resolve(new)) else { throw tooLarge(filter) }
            return .string(result)
        case .split(let separator):
            guard let text = value.text else { throw mismatch("a string") }
            let resolved = try resolve(separator)
            guard !resolved.isEmpty else { throw EvaluationProblem("split needs a separator that is not empty") }
            return .list(text.components(separatedBy: resolved).map(CheckValue.string))
        case .toInt:
            switch value {
            case .integer: return value
            case .float(let number):
                guard number.isFinite, abs(number) < 9.2e18 else { throw EvaluationProblem("toInt: \(number) does not fit in 64 bits") }
                return .integer(Int64(number))
            case .string(let text):
                guard let number = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                    throw EvaluationProblem("toInt: \(CheckValueRenderer.quoted(text, limit: 60)) is not a whole number")
                }
                return .integer(number)
            case .boolean(let flag): return .integer(flag ? 1 : 0)
            default: throw mismatch("a string or a number")
            }
        case .toFloat:
            switch value {
            case .float: return value
            case .integer(let number): return .float(Double(number))
            case .string(let text):
                guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite else {
                    throw EvaluationProblem("toFloat: \(CheckValueRenderer.quoted(text, limit: 60)) is not a number")
                }
                return .float(number)
            default: throw mismatch("a string or a number")
            }
        case .toString:
            return .string(CheckValueRenderer.plainText(value))
        case .toHex:
            guard case .bytes(let bytes) = value else { throw mismatch("bytes") }
            return .string(CheckValueRenderer.hex(bytes))
        case .urlDecode:
            guard let text = value.text else { throw mismatch("a string") }
            guard let decoded = TextTransforms.urlDecode(text) else { throw EvaluationProblem("urlDecode: the text has a malformed %XX escape or is not UTF-8 once decoded") }
            return .string(decoded)
        case .urlEncode:
            guard let text = value.text else { throw mismatch("a string") }
            return .string(TextTransforms.urlEncode(text))
        case .base64Decode, .base64UrlSafeDecode:
            guard let text = value.text else { throw mismatch("a string") }
            guard let bytes = TextTransforms.base64Decode(text, urlSafe: filter == .base64UrlSafeDecode) else {
                throw EvaluationProblem("\(filter.written): the text is not Base64")
            }
            return .bytes(bytes)
        case .base64Encode, .base64UrlSafeEncode:
            let bytes: [UInt8]
            switch value {
            case .bytes(let raw): bytes = raw
            case .string(let text): bytes = Array(text.utf8)
            default: throw mismatch("bytes or a string")
            }
            return .string(TextTransforms.base64Encode(bytes, urlSafe: filter == .base64UrlSafeEncode))
        case .utf8Decode:
            guard case .bytes(let bytes) = value else { throw mismatch("bytes") }
            guard let text = String(validatingUTF8Bytes: bytes) else { throw EvaluationProblem("utf8Decode: the bytes are not valid UTF-8") }
            return .string(text)
        case .utf8Encode:
            guard let text = value.text else { throw mismatch("a string") }
            return .bytes(Array(text.utf8))
        case .htmlEscape:
            guard let text = value.text else { throw mismatch("a string") }
            return .string(TextTransforms.htmlEscape(text))
        case .htmlUnescape:
            guard let text = value.text else { throw mismatch("a string") }
            return .string(TextTransforms.htmlUnescape(text))
        case .jsonpath(let expression):
            let source: [UInt8]
            switch value {
            case .string(let text): source = Array(text.utf8)
            case .bytes(let bytes): source = bytes
            default: throw mismatch("a string holding JSON")
            }
            let document: OrderedJSON
            do {
                document = try OrderedJSON.parse(source)
            } catch {
                throw EvaluationProblem("the jsonpath filter needs a string holding JSON (\(error))")
            }
            return try JSONPathQuerying.select(try resolve(expression), in: document)
        case .xpath(let expression):
            guard let text = value.text else { throw mismatch("a string holding HTML or XML") }
            let trimmed = text.drop(while: { $0.isWhitespace })
            let form: MarkupDocument.Form = trimmed.hasPrefix("<?xml") ? .xml : .html
            return try MarkupDocument(Data(text.utf8), form: form).evaluate(try resolve(expression))
        case .toDate(let format):
            guard let text = value.text else { throw mismatch("a string") }
            let pattern = try resolve(format)
            guard let date = StrftimeFormat.parse(text, pattern: pattern) else {
                throw EvaluationProblem("toDate: \(CheckValueRenderer.quoted(text, limit: 60)) does not follow the format \(CheckValueRenderer.quoted(pattern, limit: 60))")
            }
            return .date(date)
        case .dateFormat(let format):
            guard case .date(let date) = value else { throw mismatch("a date (use toDate first)") }
            return .string(StrftimeFormat.format(date, pattern: try resolve(format)))
        case .daysAfterNow, .daysBeforeNow:
            guard case .date(let date) = value else { throw mismatch("a date (use toDate first)") }
            let seconds = filter == .daysAfterNow ? date.timeIntervalSince(now) : now.timeIntervalSince(date)
            return .integer(Int64((seconds / 86_400).rounded(.towardZero)))
        case .urlQueryParam(let name):
            guard let text = value.text else { throw mismatch("a string holding a URL") }
            return TextTransforms.queryParameter(try resolve(name), in: text).map(CheckValue.string)
        case .location:
            guard case .object(let members) = value, let location = members.first(where: { $0.key == "location" }), case .string(let url) = location.value else {
                throw mismatch("a redirect step (redirects nth 0 location)")
            }
            return .string(url)
        case .decode(let encoding):
            guard case .bytes(let bytes) = value else { throw mismatch("bytes") }
            let label = try resolve(encoding)
            guard let text = BodyCharset.decode(Data(bytes), encoding: label) else {
                throw EvaluationProblem("charsetDecode: the bytes are not valid \(CheckValueRenderer.quoted(label, limit: 64)), or that encoding is unknown (write a name such as utf-8, latin1, gb2312 or windows-1256)")
            }
            return .string(text)
        }
    }

    /// The problem of a filter whose output would pass the size limit.
    private func tooLarge(_ filter: CheckFilter) -> EvaluationProblem {
        EvaluationProblem("\(filter.written) would make a text larger than \(TextTransforms.maximumOutput / 1_048_576) MB; curlew stops there")
    }
}
