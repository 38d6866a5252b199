import Foundation
import RequestKit
import RequestStore

/// A field of a collection that the hostile-export tests fill with hostile text.
enum HostileField: String, CaseIterable, Sendable {
    case collectionName, requestName, description, folderName, url, queryName, queryValue, headerName, headerValue
    case jsonBody, rawBody, formName, formValue, multipartName, multipartValue, multipartFileName, multipartFilePath, bodyFilePath
    case bearerToken, basicUser, basicPassword, variableName, variableValue

    /// Whether the field is a file path, which the file system limits (no `/` or NUL in a name, 255 bytes).
    var isPath: Bool { self == .multipartFilePath || self == .bodyFilePath }
}

/// One case: a collection with one folder holding one request, with `text` in `field` and plain values elsewhere.
struct HostileCase: Sendable, CustomStringConvertible {
    /// The case's number, also in its URL (`/c17/`) so that a server can tell the requests apart.
    var index: Int
    /// Where the text goes.
    var field: HostileField
    /// The hostile text.
    var text: String

    /// The cases from the seed: one per string, the fields taken in turn.
    static func all(count: Int, seed: UInt64 = 0x5EED_C0DE) -> [HostileCase] {
        var strings = HostileText(seed: seed)
        let fields = HostileField.allCases
        return (0..<count).map { HostileCase(index: $0, field: fields[$0 % fields.count], text: strings.next()) }
    }

    var description: String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "… (\(text.utf8.count) bytes)" : text
        return "case \(index) \(field.rawValue) \(shown.debugDescription)"
    }

    /// The path of a request's URL, before the hostile part: `/c17/`.
    var pathPrefix: String { "/c\(index)/" }

    /// The collection, its request sent to `baseURL`; `path` turns the text into a file path when the field is one.
    func collection(baseURL: String, path: (String) -> String = { $0 }) -> RequestCollection {
        var request = SavedRequest(
            name: "Request \(index)", method: .post, url: baseURL + pathPrefix + "path",
            query: [KeyValueRow(name: "q", value: "1")],
            headers: [KeyValueRow(name: "X-Base", value: "base"), KeyValueRow(name: "X-Var", value: field == .variableName ? "{{\(text)}}" : "{{v\(index)}}")],
            body: .raw(text: "body", contentType: "text/plain"))
        var folder = Folder(name: "Folder \(index)")
        var collection = RequestCollection(name: "hostile", variables: [Variable(name: "v\(index)", value: "value")])
        switch field {
        case .collectionName: collection.name = text
        case .requestName: request.name = text
        case .description: request.description = text
        case .folderName: folder.name = text
        case .url: request.url = baseURL + pathPrefix + text
        case .queryName: request.query = [KeyValueRow(name: text, value: "1")]
        case .queryValue: request.query = [KeyValueRow(name: "q", value: text)]
        case .headerName: request.headers[0].name = text
        case .headerValue: request.headers[0].value = text
        case .jsonBody: request.body = .json(text)
        case .rawBody: request.body = .raw(text: text, contentType: "text/plain")
        case .formName: request.body = .form([KeyValueRow(name: text, value: "1")])
        case .formValue: request.body = .form([KeyValueRow(name: "f", value: text)])
        case .multipartName: request.body = .multipart([.field(name: text, value: "1", enabled: true)])
        case .multipartValue: request.body = .multipart([.field(name: "f", value: text, enabled: true)])
        case .multipartFileName:
            request.body = .multipart([.file(name: "f", path: "upload.txt", fileName: text, contentType: "text/plain", enabled: true)])
        case .multipartFilePath:
            request.body = .multipart([.file(name: "f", path: path(text), fileName: nil, contentType: "text/plain", enabled: true)])
        case .bodyFilePath: request.body = .file(path: path(text), contentType: "text/plain")
        case .bearerToken: request.auth = .bearer(token: text)
        case .basicUser: request.auth = .basic(user: text, password: "secret")
        case .basicPassword: request.auth = .basic(user: "user", password: text)
        case .variableName: collection.variables.append(Variable(name: text, value: "value"))
        case .variableValue: collection.variables[0].value = text
        }
        folder.requests = [request]
        collection.folders = [folder]
        return collection
    }
}

extension RequestCollection {
    /// The collection with a variable for every `{{name}}` its requests and variables use but do not define
    /// (built-ins left alone: by default every name starting with `$`), so that resolving cannot fail for want of a value.
    func definingEveryPlaceholder(value: String = "resolved", isBuiltin: (String) -> Bool = { $0.hasPrefix("$") }) -> RequestCollection {
        var result = self
        var defined = Set(variables.filter(\.enabled).map(\.name))
        var texts = allRequests.flatMap { $0.request.texts } + variables.map(\.value)
        while let text = texts.popLast() {
            for reference in VariableResolver.references(in: text, scope: VariableScope()) where !isBuiltin(reference.name) {
                guard defined.insert(reference.name).inserted else { continue }
                result.variables.append(Variable(name: reference.name, value: value))
            }
        }
        return result
    }
}

extension SavedRequest {
    /// Every text of the request that variables are resolved in.
    var texts: [String] {
        var texts = [url] + query.flatMap { [$0.name, $0.value] } + headers.flatMap { [$0.name, $0.value] }
        switch body {
        case .none, .bytes: break
        case .json(let text), .raw(let text, _): texts.append(text)
        case .form(let rows): texts += rows.flatMap { [$0.name, $0.value] }
        case .multipart(let parts):
            for part in parts {
                switch part {
                case .field(let name, let value, _): texts += [name, value]
                case .file(let name, let path, let fileName, _, _): texts += [name, path] + (fileName.map { [$0] } ?? [])
                }
            }
        case .file(let path, _): texts.append(path)
        case .graphQL(let graphQL): texts += [graphQL.query, graphQL.variables]
        }
        texts += auth.templates
        return texts
    }
}
