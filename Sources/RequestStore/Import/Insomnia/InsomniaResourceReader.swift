import Foundation
import RequestKit

/// Turns the flat `resources` list of an Insomnia export into folders, requests and environments.
struct InsomniaResourceReader {
    /// The resources, in the file's order.
    private let resources: [OrderedJSON]
    /// The indices of each parent's children, in the file's order.
    private var children: [String: [Int]] = [:]
    /// What could not be carried over.
    private var warnings: [ConversionWarning] = []
    /// Variables from folders' environments, added to the collection's.
    private var folderVariables: [Variable] = []

    /// A reader over an export's resources.
    init(resources: [OrderedJSON]) {
        self.resources = resources
        for (index, resource) in resources.enumerated() {
            children[DescriptionDocument.text(resource["parentId"]) ?? "", default: []].append(index)
        }
    }

    /// The collection, environments and warnings of the export.
    mutating func read(name: String?) -> InsomniaImport {
        let workspaces = resources.indices.filter { type(of: resources[$0]) == "workspace" }
        var collection = RequestCollection(name: name ?? "Insomnia")
        var environments: [Environment] = []
        if workspaces.count == 1, let workspace = workspaces.first {
            let resource = resources[workspace]
            collection.name = name ?? DescriptionDocument.text(resource["name"]) ?? "Insomnia"
            collection.description = DescriptionDocument.text(resource["description"]) ?? ""
            let id = DescriptionDocument.text(resource["_id"]) ?? ""
            let contents = readChildren(of: id, path: [], depth: 0)
            collection.folders = contents.folders
            collection.requests = contents.requests
            (collection.variables, environments) = readEnvironments(of: id)
        } else if workspaces.isEmpty {
            let contents = readChildren(of: "", path: [], depth: 0)
            collection.folders = contents.folders
            collection.requests = contents.requests
        } else {
            warnings.append(ConversionWarning(.note, at: "", "the export holds \(workspaces.count) workspaces; each becomes a folder, and the environments of all of them are imported"))
            for workspace in workspaces {
                let resource = resources[workspace]
                let id = DescriptionDocument.text(resource["_id"]) ?? ""
                let folderName = DescriptionDocument.text(resource["name"]) ?? "Workspace"
                let contents = readChildren(of: id, path: [folderName], depth: 1)
                collection.folders.append(Folder(name: folderName, description: DescriptionDocument.text(resource["description"]) ?? "",
                                                 folders: contents.folders, requests: contents.requests))
                let (variables, subEnvironments) = readEnvironments(of: id)
                for variable in variables { add(variable, to: &collection.variables, from: folderName) }
                environments += subEnvironments
            }
        }
        for variable in folderVariables { add(variable, to: &collection.variables, from: "a folder") }
        return InsomniaImport(collection: collection, environments: environments, warnings: warnings)
    }

    /// A resource's `_type`.
    private func type(of resource: OrderedJSON) -> String {
        DescriptionDocument.text(resource["_type"]) ?? ""
    }

    /// The children of a resource, sorted by `metaSortKey` (then file order), as folders and requests.
    /// Folders deeper than curlew allows are reported and left out, so the walk is at most that deep.
    private mutating func readChildren(of parent: String, path: [String], depth: Int) -> (folders: [Folder], requests: [SavedRequest]) {
        let sorted = (children[parent] ?? []).enumerated().sorted { left, right in
            let leftKey = resources[left.element]["metaSortKey"]?.doubleValue ?? Double(left.offset)
            let rightKey = resources[right.element]["metaSortKey"]?.doubleValue ?? Double(right.offset)
            return leftKey == rightKey ? left.offset < right.offset : leftKey < rightKey
        }.map(\.element)
        var folders: [Folder] = []
        var requests: [SavedRequest] = []
        var skipped: [String: Int] = [:]
        for index in sorted {
            let resource = resources[index]
            let itemName = DescriptionDocument.text(resource["name"]) ?? "Untitled"
            let location = (path + [itemName]).joined(separator: " / ")
            switch type(of: resource) {
            case "request_group":
                guard depth < FolderDepth.maximum, let id = DescriptionDocument.text(resource["_id"]), id != parent else {
                    warnings.append(ConversionWarning(.unsupported, at: location, "folders are nested deeper than curlew allows (\(FolderDepth.maximum)); this folder and its contents are not imported"))
                    continue
                }
                var folder = Folder(name: itemName, description: DescriptionDocument.text(resource["description"]) ?? "")
                if let authentication = resource["authentication"] {
                    var headers: [KeyValueRow] = []
                    var query: [KeyValueRow] = []
                    folder.auth = auth(authentication, headers: &headers, query: &query, location: location)
                    folder.headers = headers
                    if !query.isEmpty { warnings.append(ConversionWarning(.unsupported, at: location, "an API key in the query of a folder cannot be inherited; add it to the folder's requests")) }
                }
                folder.headers += rows(resource["headers"], location: location)
                let variables = flatten(resource["environment"], location: location)
                if !variables.isEmpty {
                    warnings.append(ConversionWarning(.note, at: location, "the folder's environment (\(variables.map(\.name).joined(separator: ", "))) becomes collection variables"))
                    for variable in variables where !folderVariables.contains(where: { $0.name == variable.name }) { folderVariables.append(variable) }
                }
                let contents = readChildren(of: id, path: path + [itemName], depth: depth + 1)
                folder.folders = contents.folders
                folder.requests = contents.requests
                folders.append(folder)
            case "request":
                requests.append(request(resource, name: itemName, location: location))
            case "environment", "cookie_jar", "workspace":
                continue
            case let other:
                skipped[other, default: 0] += 1
            }
        }
        for (kind, count) in skipped.sorted(by: { $0.key < $1.key }) {
            let what: String
            switch kind {
            case "grpc_request": what = "gRPC request(s)"
            case "websocket_request": what = "WebSocket request(s)"
            case "api_spec": what = "API design document(s) (import a specification with 'curlew import openapi')"
            case "unit_test_suite", "unit_test": what = "unit test(s) or suite(s)"
            default: what = "resource(s) of type '\(kind)'"
            }
            warnings.append(ConversionWarning(.note, at: path.joined(separator: " / "), "\(count) \(what) not imported"))
        }
        return (folders, requests)
    }

    /// One request resource as a saved request.
    private mutating func request(_ resource: OrderedJSON, name: String, location: String) -> SavedRequest {
        var saved = SavedRequest(name: name, url: "")
        saved.description = DescriptionDocument.text(resource["description"]) ?? ""
        saved.method = HTTPMethod(rawValue: (DescriptionDocument.text(resource["method"]) ?? "GET").uppercased())
        saved.url = template(DescriptionDocument.text(resource["url"]) ?? "", location: location)
        saved.query = rows(resource["parameters"], location: location)
        var headers = rows(resource["headers"], location: location)
        var query: [KeyValueRow] = []
        if let authentication = resource["authentication"] {
            saved.auth = auth(authentication, headers: &headers, query: &query, location: location)
        }
        saved.query += query
        (saved.body, saved.headers) = body(resource["body"], headers: headers, location: location)
        switch DescriptionDocument.text(resource["settingFollowRedirects"]) {
        case "on": saved.options.followRedirects = true
        case "off": saved.options.followRedirects = false
        default: break
        }
        return saved
    }

    /// Rows from `[{name, value, disabled}]`; file-type entries are left to bodies.
    private mutating func rows(_ value: OrderedJSON?, location: String) -> [KeyValueRow] {
        guard case .array(let entries)? = value else { return [] }
        return entries.compactMap { entry in
            let name = template(DescriptionDocument.text(entry["name"]) ?? "", location: location)
            let text = template(DescriptionDocument.text(entry["value"]) ?? "", location: location)
            if name.isEmpty && text.isEmpty { return nil }
            return KeyValueRow(name: name, value: text, enabled: entry["disabled"] != .bool(true))
        }
    }

    /// The body and the header rows left once the Content-Type the body kind implies is taken out.
    private mutating func body(_ value: OrderedJSON?, headers: [KeyValueRow], location: String) -> (SavedBody, [KeyValueRow]) {
        guard let value, case .object = value else { return (.none, headers) }
        let mimeType = DescriptionDocument.text(value["mimeType"]) ?? ""
        let text = template(DescriptionDocument.text(value["text"]) ?? "", location: location)
        let withoutType = headers.filter { $0.name.lowercased() != "content-type" }
        switch mimeType.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) ?? "" {
        case "application/json":
            return text.isEmpty ? (.none, withoutType) : (.json(text), withoutType)
        case "application/x-www-form-urlencoded":
            return (.form(rows(value["params"], location: location)), withoutType)
        case "multipart/form-data":
            guard case .array(let entries)? = value["params"] else { return (.multipart([]), withoutType) }
            let parts: [MultipartRow] = entries.map { entry in
                let name = template(DescriptionDocument.text(entry["name"]) ?? "", location: location)
                let enabled = entry["disabled"] != .bool(true)
                if DescriptionDocument.text(entry["type"]) == "file" {
                    let path = DescriptionDocument.text(entry["fileName"]) ?? ""
                    if path.isEmpty { warnings.append(ConversionWarning(.note, at: location, "the file part '\(name)' has no file; choose one before sending")) }
                    return .file(name: name, path: path, fileName: nil, contentType: nil, enabled: enabled)
                }
                return .field(name: name, value: template(DescriptionDocument.text(entry["value"]) ?? "", location: location), enabled: enabled)
            }
            return (.multipart(parts), withoutType)
        case "application/graphql":
            warnings.append(ConversionWarning(.note, at: location, "the GraphQL body is imported as the JSON Insomnia sends"))
            return (.json(text), withoutType)
        case "application/octet-stream":
            let path = DescriptionDocument.text(value["fileName"]) ?? ""
            if path.isEmpty { warnings.append(ConversionWarning(.note, at: location, "the file body names no file; choose one before sending")) }
            let (contentType, rest) = SavedBodyInference.takeContentType(from: headers)
            return (.file(path: path, contentType: contentType), rest)
        case "":
            if text.isEmpty { return (.none, headers) }
            return SavedBodyInference.body(text: text, headers: headers)
        default:
            let (contentType, rest) = SavedBodyInference.takeContentType(from: headers)
            return (.raw(text: text, contentType: contentType ?? mimeType), rest)
        }
    }

    /// The auth of an `authentication` object; API keys become rows. `{}` inherits.
    private mutating func auth(_ value: OrderedJSON, headers: inout [KeyValueRow], query: inout [KeyValueRow], location: String) -> SavedAuth {
        guard let type = DescriptionDocument.text(value["type"]) else { return .inherit }
        if value["disabled"] == .bool(true) {
            warnings.append(ConversionWarning(.note, at: location, "the \(type) auth is switched off in Insomnia; imported without auth"))
            return .none
        }
        switch type {
        case "none": return .none
        case "inherit": return .inherit
        case "basic":
            return .basic(user: template(DescriptionDocument.text(value["username"]) ?? "", location: location),
                          password: template(DescriptionDocument.text(value["password"]) ?? "", location: location))
        case "bearer":
            let token = template(DescriptionDocument.text(value["token"]) ?? "", location: location)
            let prefix = DescriptionDocument.text(value["prefix"]) ?? ""
            if !prefix.isEmpty && prefix.lowercased() != "bearer" {
                headers.append(KeyValueRow(name: "Authorization", value: "\(prefix) \(token)"))
                warnings.append(ConversionWarning(.note, at: location, "the bearer token's prefix is '\(prefix)'; imported as an Authorization header"))
                return .none
            }
            return .bearer(token: token)
        case "apikey":
            let key = template(DescriptionDocument.text(value["key"]) ?? "", location: location)
            let text = template(DescriptionDocument.text(value["value"]) ?? "", location: location)
            switch DescriptionDocument.text(value["addTo"]) {
            case "queryParams": query.append(KeyValueRow(name: key, value: text))
            case "cookie": headers.append(KeyValueRow(name: "Cookie", value: "\(key)=\(text)"))
            default: headers.append(KeyValueRow(name: key, value: text))
            }
            return .inherit
        case "digest", "ntlm":
            let user = template(DescriptionDocument.text(value["username"]) ?? "", location: location)
            let password = template(DescriptionDocument.text(value["password"]) ?? "", location: location)
            return type == "digest" ? .digest(user: user, password: password) : .ntlm(user: user, password: password)
        case "iam":
            let token = template(DescriptionDocument.text(value["sessionToken"]) ?? "", location: location)
            return .awsSigV4(SavedAWSSigV4(
                accessKey: template(DescriptionDocument.text(value["accessKeyId"]) ?? "", location: location),
                secretKey: template(DescriptionDocument.text(value["secretAccessKey"]) ?? "", location: location),
                sessionToken: token.isEmpty ? nil : token,
                region: template(DescriptionDocument.text(value["region"]) ?? "", location: location),
                service: template(DescriptionDocument.text(value["service"]) ?? "", location: location)))
        default:
            warnings.append(ConversionWarning(.unsupported, at: location, "\(type) auth is not supported; imported without auth. Add a header by hand"))
            return .none
        }
    }

    /// The base environment of a workspace as variables, and its sub-environments as environments.
    private mutating func readEnvironments(of workspace: String) -> ([Variable], [Environment]) {
        let bases = (children[workspace] ?? []).filter { type(of: resources[$0]) == "environment" }
        guard let base = bases.first else { return ([], []) }
        if bases.count > 1 {
            warnings.append(ConversionWarning(.note, at: "environments", "the workspace has \(bases.count) base environments; the first is used"))
        }
        let baseResource = resources[base]
        let variables = flatten(baseResource["data"], location: "base environment")
        var environments: [Environment] = []
        let baseID = DescriptionDocument.text(baseResource["_id"]) ?? ""
        for index in children[baseID] ?? [] where type(of: resources[index]) == "environment" {
            let resource = resources[index]
            let name = DescriptionDocument.text(resource["name"]) ?? "environment"
            environments.append(Environment(name: name, variables: flatten(resource["data"], location: "environment '\(name)'")))
        }
        return (variables, environments)
    }

    /// An environment's `data` as variables; nested objects flatten to dotted names (`{{a.b}}`, as Insomnia's `_.a.b`).
    private mutating func flatten(_ data: OrderedJSON?, location: String) -> [Variable] {
        guard case .object(let members)? = data else { return [] }
        var variables: [Variable] = []
        var pending: [(prefix: String, members: ArraySlice<JSONMember>, depth: Int)] = [("", members[...], 0)]
        var flattened = false
        while var top = pending.popLast() {
            guard let member = top.members.popFirst() else { continue }
            pending.append(top)
            let name = top.prefix + member.key
            if case .object(let inner) = member.value, top.depth < 16 {
                flattened = true
                pending.append((name + ".", inner[...], top.depth + 1))
            } else {
                variables.append(Variable(name: name, value: template(DescriptionDocument.rowText(member.value), location: location)))
            }
        }
        if flattened {
            warnings.append(ConversionWarning(.note, at: location, "nested values become variables with dotted names ({{a.b}})"))
        }
        return variables
    }

    /// Adds a variable unless one of its name exists; another value for it is reported.
    private mutating func add(_ variable: Variable, to variables: inout [Variable], from source: String) {
        if let existing = variables.first(where: { $0.name == variable.name }) {
            if existing.value != variable.value {
                warnings.append(ConversionWarning(.unsupported, at: variable.name, "\(source) gives this variable another value ('\(variable.value)'); the first value is kept"))
            }
        } else {
            variables.append(variable)
        }
    }

    /// A text with its templates rewritten; tags that stay are reported.
    private mutating func template(_ text: String, location: String) -> String {
        let converted = InsomniaTemplate.convert(text)
        for tag in converted.unsupported {
            warnings.append(ConversionWarning(.unsupported, at: location, "the template \(tag) is not supported by curlew; kept as written"))
        }
        return converted.text
    }
}
