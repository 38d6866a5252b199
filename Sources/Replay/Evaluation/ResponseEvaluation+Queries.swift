import Foundation
import RequestKit
import RequestStore

extension ResponseEvaluation {
    /// The value a query finds in the response, or nil when it finds nothing.
    mutating func queryValue(_ query: CheckQuery) throws(EvaluationProblem) -> CheckValue? {
        if query.readsBody, response.body.isEmpty, let temporary = response.temporaryBody,
           let whole = FileManager.default.contents(atPath: temporary.path) {
            response.body = whole
            response.temporaryBody = nil
        }
        if let path = response.bodyPath, response.body.isEmpty, response.temporaryBody == nil, query.readsBody {
            throw EvaluationProblem("the body was written to \(path) instead of memory, so \(query.written) cannot read it")
        }
        // A body that did not decode fails the checks that read it, at their line, as in Hurl; rawbytes still reads it.
        if query.readsBody, query != .rawbytes, let failure = response.contentDecodingFailure { throw EvaluationProblem(failure) }
        switch query {
        case .status:
            return .integer(Int64(response.statusCode))
        case .version:
            let version = response.httpVersion
            return .string(version.hasPrefix("HTTP/") ? String(version.dropFirst(5)) : version)
        case .url:
            return .string(response.effectiveURL)
        case .redirects:
            return .list(response.redirects.map(ResponseEvaluation.value(of:)))
        case .header(let name):
            let values = response.headers.values(for: try resolve(name))
            switch values.count {
            case 0: return nil
            case 1: return .string(values[0])
            default: return .list(values.map(CheckValue.string))
            }
        case .cookie(let name, let attribute):
            return SetCookieReader.value(of: try resolve(name), attribute: attribute, in: response.headers)
        case .body:
            return .string(text())
        case .bytes:
            return .bytes(Array(response.body))
        case .rawbytes:
            switch response.receivedBody {
            case .sameAsBody: return .bytes(Array(response.body))
            case .bytes(let received): return .bytes(Array(received))
            case .notKept(let count):
                throw EvaluationProblem("the body came as \(count) coded bytes, more than the \(ResponseSizeLimit.memoryPart) kept as received, so rawbytes cannot read it")
            }
        case .certificate(let field):
            return try certificateValue(field)
        case .sha256:
            return .bytes(Digest.sha256(response.body))
        case .md5:
            return .bytes(Digest.md5(response.body))
        case .duration:
            let seconds = response.timings.total
            guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return .integer(0) }
            return .integer(Int64((seconds * 1000).rounded()))
        case .variable(let name):
            return variables[try resolve(name)].map(CheckValue.string)
        case .ip:
            return response.remoteAddress.flatMap(Self.address(of:)).map(CheckValue.string)
        case .regex(let pattern):
            return try RegexMatching.firstGroup(of: try resolve(pattern), in: text())
        case .jsonpath(let expression):
            return try JSONPathQuerying.select(try resolve(expression), in: try json())
        case .xpath(let expression):
            return try markup().evaluate(try resolve(expression))
        case .sse(let query):
            return try serverSentEventValue(query)
        }
    }

    /// The value of a field of the server's certificate; nothing when the exchange had no certificate or lacks the field.
    private func certificateValue(_ field: CertificateField) throws(EvaluationProblem) -> CheckValue? {
        guard let certificate = response.certificate else { return nil }
        switch field {
        case .subject: return certificate.subject.map(CheckValue.string)
        case .issuer: return certificate.issuer.map(CheckValue.string)
        case .serialNumber: return certificate.serialNumber.map { .string(CertificateText.serialNumber($0)) }
        case .startDate, .expireDate:
            guard let text = field == .startDate ? certificate.startDate : certificate.expireDate else { return nil }
            guard let date = CertificateText.date(text) else {
                throw EvaluationProblem("the certificate's \(field.rawValue) \(CheckValueRenderer.quoted(text, limit: 60)) is not a date curlew reads")
            }
            return .date(date)
        }
    }

    /// The most events kept for checks; `sse count` still counts them all.
    static let serverSentEventLimit = 100_000

    /// The value of an `sse` query.
    private mutating func serverSentEventValue(_ query: ServerSentEventQuery) throws(EvaluationProblem) -> CheckValue? {
        let (events, total) = serverSentEvents()
        let limit = ResponseEvaluation.serverSentEventLimit
        switch query {
        case .count:
            return .integer(Int64(total))
        case .events:
            guard total <= events.count else {
                throw EvaluationProblem("the body holds \(total) events; sse events reads at most \(limit); use sse count or sse event N")
            }
            return .list(events.map { CheckValue.string($0.data) })
        case .event(let index, let field):
            let position = index < 0 ? total + index : index
            guard position >= 0, position < total else { return nil }
            guard position < events.count else {
                throw EvaluationProblem("event \(position) is past the first \(limit) events, which are all that checks read")
            }
            let event = events[position]
            switch field {
            case .data: return .string(event.data)
            case .type: return .string(event.event)
            case .id: return event.id.map(CheckValue.string)
            }
        }
    }

    /// The events of the body read as `text/event-stream` (the first `serverSentEventLimit`), and how many there are; parsed once.
    mutating func serverSentEvents() -> (events: [ServerSentEvent], total: Int) {
        if let serverSentEventCache { return serverSentEventCache }
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var total = 0
        var start = response.body.startIndex
        while start < response.body.endIndex {
            let end = response.body.index(start, offsetBy: 1 << 16, limitedBy: response.body.endIndex) ?? response.body.endIndex
            for event in parser.feed(response.body[start..<end]) {
                total += 1
                if events.count < ResponseEvaluation.serverSentEventLimit { events.append(event) }
            }
            start = end
        }
        parser.finish()
        serverSentEventCache = (events, total)
        return (events, total)
    }

    /// The IP address of an `address:port` or `[address]:port` text, or nil when it is neither.
    static func address(of remote: String) -> String? {
        if remote.hasPrefix("["), let close = remote.firstIndex(of: "]") {
            let address = remote[remote.index(after: remote.startIndex)..<close]
            return address.isEmpty ? nil : String(address)
        }
        guard let colon = remote.lastIndex(of: ":"), colon > remote.startIndex else { return nil }
        return String(remote[..<colon])
    }

    /// The body as text, decoded in the Content-Type's charset (UTF-8 by default, invalid bytes replaced), read once.
    mutating func text() -> String {
        if let bodyText { return bodyText }
        let text = BodyCharset.text(of: response.body, contentType: response.headers["Content-Type"])
        bodyText = text
        return text
    }

    /// The body as JSON, parsed once.
    mutating func json() throws(EvaluationProblem) -> OrderedJSON {
        if jsonBody == nil {
            do {
                jsonBody = .success(try OrderedJSON.parse(response.body))
            } catch {
                jsonBody = .failure(EvaluationProblem("the body is not JSON (\(error))"))
            }
        }
        switch jsonBody {
        case .success(let json)?: return json
        case .failure(let problem)?: throw problem
        case nil: throw EvaluationProblem("the body is not JSON")
        }
    }

    /// The body as an HTML document when the response says it is HTML, else as XML; parsed once.
    mutating func markup() throws(EvaluationProblem) -> MarkupDocument {
        if markupBody == nil {
            let contentType = response.headers.value(for: "Content-Type")?.lowercased() ?? ""
            let form: MarkupDocument.Form = contentType.contains("html") ? .html : .xml
            do throws(EvaluationProblem) {
                markupBody = .success(try MarkupDocument(response.body, form: form))
            } catch {
                markupBody = .failure(error)
            }
        }
        switch markupBody {
        case .success(let document)?: return document
        case .failure(let problem)?: throw problem
        case nil: throw EvaluationProblem("the body could not be parsed")
        }
    }
}

extension CheckQuery {
    /// Whether the query reads the body.
    var readsBody: Bool {
        switch self {
        case .body, .bytes, .rawbytes, .sha256, .md5, .regex, .jsonpath, .xpath, .sse: return true
        default: return false
        }
    }
}

/// Runs JSONPath queries for the `jsonpath` query and filter.
enum JSONPathQuerying {
    /// The value a query selects: a singular query gives its node or nothing, any other a list of its nodes.
    static func select(_ expression: String, in document: OrderedJSON) throws(EvaluationProblem) -> CheckValue? {
        let path = try ParsedJSONPaths.path(for: expression)
        let values = path.values(in: document)
        if path.isSingular {
            return values.first.map { CheckValue(json: $0) }
        }
        return .list(values.map { CheckValue(json: $0) })
    }
}

/// Regular expressions on response text, with NSRegularExpression.
enum RegexMatching {
    /// Compiles a pattern, or says why it does not compile.
    static func compile(_ pattern: String) throws(EvaluationProblem) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: pattern)
        } catch {
            throw EvaluationProblem("the regex \(CheckValueRenderer.quoted(pattern, limit: 200)) is not valid")
        }
    }

    /// The first capture group of the first match (the whole match when the pattern has no group), or nil.
    static func firstGroup(of pattern: String, in text: String) throws(EvaluationProblem) -> CheckValue? {
        let regex = try compile(pattern)
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, range: range) else { return nil }
        let group = match.numberOfRanges > 1 ? match.range(at: 1) : match.range
        guard group.location != NSNotFound, let found = Range(group, in: text) else { return nil }
        return .string(String(text[found]))
    }

    /// Whether the pattern matches anywhere in the text.
    static func matches(_ pattern: String, _ text: String) throws(EvaluationProblem) -> Bool {
        let regex = try compile(pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Every match replaced by a template (`$1` names a group); nil when the result would be too large.
    static func replace(_ pattern: String, in text: String, with template: String) throws(EvaluationProblem) -> String? {
        let regex = try compile(pattern)
        var result = ""
        var last = text.startIndex
        for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text) else { continue }
            result += text[last..<whole.lowerBound]
            result += regex.replacementString(for: match, in: text, offset: 0, template: template)
            last = whole.upperBound
            if result.utf8.count > TextTransforms.maximumOutput { return nil }
        }
        return result + text[last...]
    }
}
