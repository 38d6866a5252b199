import Foundation
import RequestKit

/// A collection written as Postman Collection v2.1 JSON, with what the format cannot hold.
public struct PostmanExport: Hashable, Sendable {
    /// The JSON text.
    public var text: String
    /// Settings that were left out or changed, per request.
    public var warnings: [ConversionWarning]
}

/// Writes collections as Postman Collection v2.1.
///
/// Folders, query and header rows (disabled ones as `disabled`), every body kind, bearer and
/// basic auth at each level, variables (secret ones without their value), descriptions, kept
/// Postman scripts (as `event`, at each level), and the redirect and TLS settings
/// (`protocolProfileBehavior`) are written. Postman has no
/// headers on collections or folders, so inherited headers are copied onto each request.
/// Ids are kept when the request has one, else derived from its path so that they are stable.
public enum PostmanWriter {
    /// The schema URL of Collection v2.1.
    public static let schemaURL = "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"

    /// Writes a whole collection.
    public static func write(_ collection: RequestCollection) -> PostmanExport {
        var warnings: [ConversionWarning] = []
        let items = folderItems(collection.folders, requests: collection.requests, inheritedHeaders: collection.headers, path: [collection.name], warnings: &warnings)
        if !collection.headers.isEmpty {
            warnings.append(ConversionWarning(.note, at: "collection", "collection headers are copied onto each request (Postman has none on collections)"))
        }
        let root = OrderedJSON.members([
            ("info", .members([
                ("_postman_id", .string(StableIdentifier.uuid(from: "collection/" + collection.name))),
                ("name", .string(collection.name)),
                ("description", collection.description.isEmpty ? nil : .string(collection.description)),
                ("schema", .string(schemaURL)),
            ])),
            ("item", .array(items)),
            ("event", events(collection.scripts)),
            ("auth", auth(collection.auth)),
            ("variable", variables(collection.variables, warnings: &warnings)),
        ])
        return PostmanExport(text: String(decoding: CanonicalJSON.format(root), as: UTF8.self), warnings: warnings)
    }

    /// The items of a container and of every folder inside it, built without recursion: each folder's
    /// headers are merged into those it inherits on the way in, its item is made once its folders are done.
    private static func folderItems(_ folders: [Folder], requests: [SavedRequest], inheritedHeaders: [KeyValueRow], path: [String], warnings: inout [ConversionWarning]) -> [OrderedJSON] {
        typealias Context = (headers: [KeyValueRow], path: [String])
        let built: OrderedJSON = FolderWalk.build(
            folders: folders, requests: requests, root: (headers: inheritedHeaders, path: path),
            enter: { (parent: Context, folder: Folder, _: [Int]) -> Context in
                if !folder.headers.isEmpty {
                    warnings.append(ConversionWarning(.note, at: folder.name, "folder headers are copied onto each request (Postman has none on folders)"))
                }
                return (merged(parent.headers, folder.headers), parent.path + [folder.name])
            },
            finish: { (context: Context, folder: Folder?, requests: [SavedRequest], _: [Int], children: [OrderedJSON]) -> OrderedJSON in
                var items = children
                for request in requests {
                    items.append(requestItem(request, inheritedHeaders: context.headers, path: context.path, warnings: &warnings))
                }
                guard let folder else { return .array(items) }
                return .members([
                    ("name", .string(folder.name)),
                    ("description", folder.description.isEmpty ? nil : .string(folder.description)),
                    ("item", .array(items)),
                    ("event", events(folder.scripts)),
                    ("auth", auth(folder.auth)),
                    ("variable", variables(folder.variables, warnings: &warnings)),
                ])
            })
        guard case .array(let items) = built else { return [] }
        return items
    }

    /// Headers of a parent with a child's rows overriding those of the same name.
    private static func merged(_ parent: [KeyValueRow], _ child: [KeyValueRow]) -> [KeyValueRow] {
        let overridden = Set(child.filter(\.enabled).map { $0.name.lowercased() })
        return parent.filter { !overridden.contains($0.name.lowercased()) } + child
    }

    private static func requestItem(_ request: SavedRequest, inheritedHeaders: [KeyValueRow], path: [String], warnings: inout [ConversionWarning]) -> OrderedJSON {
        let off = Set(request.disabledInheritedHeaders.map { $0.lowercased() })
        var headers = merged(inheritedHeaders.filter { !off.contains($0.name.lowercased()) }, request.headers)
        let body = self.body(request.body, headers: &headers)
        let item = OrderedJSON.members([
            ("id", .string(request.id ?? StableIdentifier.uuid(from: (path + [request.name]).joined(separator: "/")))),
            ("name", .string(request.name)),
            ("event", events(request.scripts)),
            ("protocolProfileBehavior", profile(request.options)),
            ("request", .members([
                ("auth", auth(request.auth)),
                ("method", .string(request.method.rawValue)),
                ("header", .array(headers.map(keyValue))),
                ("body", body),
                ("url", PostmanURLWriter.url(request.url, query: request.query)),
                ("description", PostmanExampleWriter.description(request).isEmpty ? nil : .string(PostmanExampleWriter.description(request))),
            ])),
            ("response", PostmanExampleWriter.responses(request.examples)),
            ("variable", variables(request.variables, warnings: &warnings)),
        ])
        reportLost(request, warnings: &warnings)
        return item
    }

    /// Kept scripts as Postman's `event` list (each script's lines as `exec`); nil when there are none.
    private static func events(_ scripts: [SavedScript]) -> OrderedJSON? {
        guard !scripts.isEmpty else { return nil }
        return .array(scripts.map { script in
            .members([
                ("listen", .string(script.event)),
                ("script", .members([
                    ("type", script.language.map(OrderedJSON.string)),
                    ("exec", .array(script.text.split(separator: "\n", omittingEmptySubsequences: false).map { .string(String($0)) })),
                ])),
                ("disabled", script.enabled ? nil : .bool(true)),
            ])
        })
    }

    private static func keyValue(_ row: KeyValueRow) -> OrderedJSON {
        .members([("key", .string(row.name)), ("value", .string(row.value)), ("disabled", row.enabled ? nil : .bool(true))])
    }

    private static func body(_ body: SavedBody, headers: inout [KeyValueRow]) -> OrderedJSON? {
        func ensureContentType(_ type: String?) {
            guard let type, !headers.contains(where: { $0.enabled && $0.name.lowercased() == "content-type" }) else { return }
            headers.append(KeyValueRow(name: "Content-Type", value: type))
        }
        switch body {
        case .none:
            return nil
        case .json(let text):
            ensureContentType("application/json")
            return .members([("mode", .string("raw")), ("raw", .string(text)), ("options", .members([("raw", .members([("language", .string("json"))]))]))])
        case .graphQL(let graphQL):
            ensureContentType("application/json")
            return .members([("mode", .string("raw")), ("raw", .string(graphQL.envelope)), ("options", .members([("raw", .members([("language", .string("json"))]))]))])
        case .raw(let text, let contentType):
            ensureContentType(contentType)
            return .members([("mode", .string("raw")), ("raw", .string(text))])
        case .form(let rows):
            return .members([("mode", .string("urlencoded")), ("urlencoded", .array(rows.map { row in
                .members([("key", .string(row.name)), ("value", .string(row.value)), ("type", .string("text")), ("disabled", row.enabled ? nil : .bool(true))])
            }))])
        case .multipart(let parts):
            return .members([("mode", .string("formdata")), ("formdata", .array(parts.map(multipartPart)))])
        case .file(let path, let contentType):
            ensureContentType(contentType)
            return .members([("mode", .string("file")), ("file", .members([("src", .string(path))]))])
        case .bytes(let data, let contentType):
            ensureContentType(contentType)
            return .members([("mode", .string("raw")), ("raw", .string(String(decoding: data, as: UTF8.self)))])
        }
    }

    private static func multipartPart(_ part: MultipartRow) -> OrderedJSON {
        switch part {
        case .field(let name, let value, let enabled):
            return .members([("key", .string(name)), ("value", .string(value)), ("type", .string("text")), ("disabled", enabled ? nil : .bool(true))])
        case .file(let name, let path, _, let contentType, let enabled):
            return .members([
                ("key", .string(name)), ("type", .string("file")), ("src", .string(path)),
                ("contentType", contentType.map(OrderedJSON.string)), ("disabled", enabled ? nil : .bool(true)),
            ])
        }
    }

    private static func auth(_ auth: SavedAuth) -> OrderedJSON? {
        func parameter(_ key: String, _ value: String) -> OrderedJSON {
            .members([("key", .string(key)), ("value", .string(value)), ("type", .string("string"))])
        }
        switch auth {
        case .inherit: return nil
        case .none: return .members([("type", .string("noauth"))])
        case .bearer(let token): return .members([("type", .string("bearer")), ("bearer", .array([parameter("token", token)]))])
        case .basic(let user, let password):
            return .members([("type", .string("basic")), ("basic", .array([parameter("username", user), parameter("password", password)]))])
        case .digest(let user, let password):
            return .members([("type", .string("digest")), ("digest", .array([parameter("username", user), parameter("password", password)]))])
        case .ntlm(let user, let password):
            return .members([("type", .string("ntlm")), ("ntlm", .array([parameter("username", user), parameter("password", password)]))])
        case .negotiate:
            // Postman has no Negotiate; the request goes without auth there.
            return .members([("type", .string("noauth"))])
        case .apiKey(let key):
            return .members([("type", .string("apikey")), ("apikey", .array([
                parameter("key", key.name), parameter("value", key.value), parameter("in", key.location.rawValue),
            ]))])
        case .awsSigV4(let aws):
            var parameters = [parameter("accessKey", aws.accessKey), parameter("secretKey", aws.secretKey),
                              parameter("region", aws.region), parameter("service", aws.service)]
            if let token = aws.sessionToken { parameters.append(parameter("sessionToken", token)) }
            return .members([("type", .string("awsv4")), ("awsv4", .array(parameters))])
        case .oauth2(let oauth):
            return .members([("type", .string("oauth2")), ("oauth2", .array(PostmanOAuth2.parameters(of: oauth).map { parameter($0.key, $0.value) }))])
        }
    }

    /// A collection's, folder's or request's variables as Postman's `variable` list; nil when there are none.
    private static func variables(_ variables: [Variable], warnings: inout [ConversionWarning]) -> OrderedJSON? {
        variables.isEmpty ? nil : .array(variables.map { variable(_: $0, warnings: &warnings) })
    }

    private static func variable(_ variable: Variable, warnings: inout [ConversionWarning]) -> OrderedJSON {
        if variable.secret {
            warnings.append(ConversionWarning(.note, at: variable.name, "a secret variable is written without its value"))
        }
        return .members([
            ("key", .string(variable.name)), ("value", .string(variable.secret ? "" : variable.value)),
            ("type", .string(variable.secret ? "secret" : "string")), ("disabled", variable.enabled ? nil : .bool(true)),
        ])
    }

    private static func profile(_ options: SavedOptions) -> OrderedJSON? {
        let members: [(String, OrderedJSON?)] = [
            ("followRedirects", options.followRedirects.map(OrderedJSON.bool)),
            ("maxRedirects", options.maxRedirects.map { .number(String($0)) }),
            ("strictSSL", options.verifyTLS.map(OrderedJSON.bool)),
        ]
        let present = members.filter { $0.1 != nil }
        return present.isEmpty ? nil : .members(present)
    }

    private static func reportLost(_ request: SavedRequest, warnings: inout [ConversionWarning]) {
        var lost: [String] = []
        if request.options.timeout != nil { lost.append("the timeout") }
        if request.options.pins != nil { lost.append("pins") }
        if request.options.caFile != nil { lost.append("the CA file") }
        if request.options.proxy != nil { lost.append("the proxy") }
        lost += request.options.connectionSettingNames.map { "the \($0) option" }
        if !request.checks.isEmpty { lost.append("checks") }
        if !request.captures.isEmpty { lost.append("captures") }
        if URLQueryPlacement.hasQueryOrFragment(request.url), request.query.contains(where: { !$0.enabled }) {
            lost.append("disabled query rows of a URL with a query or fragment of its own")
        }
        if case .multipart(let parts) = request.body, parts.contains(where: { if case .file(_, _, let fileName?, _, _) = $0 { return !fileName.isEmpty } else { return false } }) {
            lost.append("file names of multipart files")
        }
        if !lost.isEmpty {
            warnings.append(ConversionWarning(.unsupported, at: request.name, "Postman collections cannot hold \(lost.joined(separator: ", ")); left out"))
        }
    }
}
