import Foundation
import RequestKit
import RequestStore
import Testing

/// What each export format gives back for hostile text, by the rules docs/import-export.md states: which fields it
/// carries, and how it neutralises what it cannot carry as written.
struct HostileExpectation {
    var format: InterchangeFormat
    var hostile: HostileCase

    var field: HostileField { hostile.field }

    var carriesNames: Bool { format != .curl }
    var carriesDescriptions: Bool { format == .http || format == .postman }
    var carriesFolders: Bool { format == .http || format == .postman }
    var carriesVariables: Bool { format == .http || format == .postman }
    var carriesCollectionName: Bool { format == .postman }
    /// Whether the body reads back as the same body (a `.http` multipart body reads back as text).
    var carriesBody: Bool {
        !(format == .http && [.multipartName, .multipartValue, .multipartFileName, .multipartFilePath].contains(field))
    }

    /// The text the format gives back for the case's text in its field.
    func neutralised(_ text: String) -> String {
        text
    }

    /// The case's collection as the format gives it back.
    func expectedCollection(baseURL: String) -> RequestCollection {
        var expected = HostileCase(index: hostile.index, field: field, text: neutralised(hostile.text)).collection(baseURL: baseURL)
        if field == .multipartFileName, format == .hurl || format == .postman {
            expected.folders[0].requests[0].body = .multipart([.file(name: "f", path: "upload.txt", fileName: nil, contentType: "text/plain", enabled: true)])
        }
        return expected
    }

    /// A path in a `# Folder/Name` line: line breaks as `⏎`, NUL as `␀`.
    static func commentLine(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                result += "⏎"
            case "\n": result += "⏎"
            case "\0": result += "␀"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Fails for what curl's command line cannot carry: NUL in an argument, `=` in a form part's name.
    static func checkCurlCanCarry(_ request: Request) throws {
        struct CannotCarry: Error { var reason: String }
        guard case .multipart(let form) = request.body else {
            if case .file(let path, _) = request.body, path.unicodeScalars.contains("\0") { throw CannotCarry(reason: "NUL in a path") }
            return
        }
        let names = form.fields.map(\.name) + form.files.map(\.name)
        if names.contains(where: { $0.contains("=") }) { throw CannotCarry(reason: "= in a part name") }
        let texts = names + form.fields.map(\.value) + form.files.flatMap { [$0.path, $0.effectiveFileName] }
        if texts.contains(where: { $0.unicodeScalars.contains("\0") }) { throw CannotCarry(reason: "NUL in a form part") }
    }

    /// Why a curl template of the request must be refused, or nil: a header that could never be sent as written
    /// (a name that is not a token outside its `{{placeholders}}`, CR, LF or NUL), NUL in any argument, `=` in a part name.
    static func curlTemplateRefusal(_ located: LocatedRequest, in collection: RequestCollection) -> String? {
        let inherited = InheritedSettings.effective(for: located, in: collection)
        var headers = inherited.headers.filter(\.enabled).map { ($0.name, $0.value) }
        if case .bearer(let token) = inherited.auth { headers.append(("Authorization", "Bearer " + token)) }
        for (name, value) in headers {
            let bare = WireRequest.literalPlaceholders(name).replacingOccurrences(of: "⟦[^⟧]*⟧", with: "x", options: .regularExpression)
            if bare.isEmpty || !HTTPMethod(rawValue: bare).isValidToken { return "the header name \(name.debugDescription)" }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { return "the header value \(value.debugDescription)" }
        }
        let request = located.request
        // Query and form rows are written percent-encoded, all but their {{placeholders}}.
        var encoded = request.query.flatMap { [$0.name, $0.value] }
        if case .form(let rows) = request.body { encoded += rows.flatMap { [$0.name, $0.value] } }
        var texts = request.texts.filter { !encoded.contains($0) }
        texts += encoded.flatMap { text in VariableResolver.references(in: text, scope: VariableScope()).map { String(text[$0.range]) } }
        if case .basic(let user, let password) = inherited.auth { texts += [user, password] }
        if texts.contains(where: { $0.unicodeScalars.contains("\0") }) { return "NUL" }
        if case .multipart(let parts) = request.body, parts.contains(where: { $0.name.contains("=") }) { return "= in a part name" }
        return nil
    }

    /// Checks a curl script: no NUL byte, and its first line is the request's path as a comment.
    static func checkCurlScript(_ text: String, path: String, hostile: HostileCase) throws {
        #expect(!text.utf8.contains(0), "\(hostile): the script holds a NUL byte")
        let firstLine = String(decoding: text.utf8.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(firstLine == "# " + commentLine(path), "\(hostile): the first line is \(firstLine.prefix(300).debugDescription)")
    }
}
