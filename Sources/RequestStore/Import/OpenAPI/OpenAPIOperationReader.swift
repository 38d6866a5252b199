import RequestKit

/// Walks the `paths` of a description and makes one saved request per operation.
struct OpenAPIOperationReader {
    /// The description.
    let root: OrderedJSON
    /// Whether it is Swagger 2.0.
    let swagger: Bool
    /// The base URL the `baseUrl` variable holds.
    private(set) var baseURL = ""
    /// Bodies and examples (and, through them, references).
    var body: OpenAPIBodyReader
    /// Security schemes.
    var security: OpenAPISecurity
    /// What could not be carried over, besides what the parts above report.
    var warnings: [ConversionWarning] = []
    /// Parameters whose unknown type was reported.
    private var reportedTypes: Set<String> = []
    /// What the description-wide `security` list applies, if it has one.
    private let globalSecurity: OpenAPISecurity.Applied?
    /// The variables that parameters' values are given.
    var variableNames: OpenAPIVariableNames
    /// The request names used in each folder (by index; the top level as -1).
    private var requestNames: [Int: RequestNames] = [:]

    /// A reader for a description; `directory` is where referenced files are looked for.
    init(root: OrderedJSON, swagger: Bool, directory: String?) {
        self.root = root
        self.swagger = swagger
        var references = OpenAPIReferences(root: root, directory: directory)
        var security = OpenAPISecurity(root: root, swagger: swagger)
        globalSecurity = security.apply(root["security"], references: &references, location: "security")
        self.security = security
        variableNames = OpenAPIVariableNames(reserved: security.reservedNames.union(["baseUrl"]))
        body = OpenAPIBodyReader(examples: SchemaExample(references: references))
        baseURL = readBaseURL()
    }

    /// The first server's URL (Swagger: scheme, host and base path), with notes on other servers and a missing host.
    private mutating func readBaseURL() -> String {
        let url: String
        if swagger {
            url = OpenAPIServer.swaggerURL(of: root)
        } else if case .array(let servers)? = root["servers"], let first = servers.first {
            url = OpenAPIServer.url(of: first) ?? ""
            if servers.count > 1 {
                let others = servers.dropFirst().compactMap { OpenAPIServer.url(of: $0) }
                warnings.append(ConversionWarning(.note, at: "servers", "baseUrl is the first server; the others are \(others.joined(separator: ", ")). Change baseUrl (or pass --var baseUrl=…) to use another"))
            }
        } else {
            url = ""
        }
        if !OpenAPIServer.isAbsolute(url) {
            warnings.append(ConversionWarning(.note, at: "baseUrl", "the description gives no server with a host\(url.isEmpty ? "" : " ('\(url)')"); set the baseUrl variable (or pass --var baseUrl=https://…) before sending"))
        }
        return url
    }

    /// Reads every operation into folders by first tag, untagged requests at the top, in the description's order.
    mutating func readPaths(into collection: inout RequestCollection) {
        var folderIndex: [String: Int] = [:]
        var tagDescriptions: [String: String] = [:]
        if case .array(let tags)? = root["tags"] {
            for tag in tags {
                if let name = DescriptionDocument.text(tag["name"]), let text = DescriptionDocument.text(tag["description"]) { tagDescriptions[name] = text }
            }
        }
        if let auth = globalSecurity?.auth { collection.auth = auth }
        guard case .object(let paths)? = root["paths"] else { return }
        for path in paths {
            let pathPointer = "#/paths/" + OpenAPIReferences.escape(path.key)
            guard let item = body.examples.references.resolve(path.value, in: "", at: path.key) else { continue }
            guard case .object(let members) = item.value else { continue }
            let pathParameters = parameters(item.value["parameters"], document: item.document, pointer: (item.pointer ?? pathPointer) + "/parameters", location: path.key)
            for member in members {
                let method = member.key.lowercased()
                guard OpenAPIImporter.methods.contains(method) else { continue }
                let location = "\(method.uppercased()) \(path.key)"
                if swagger && method == "trace" {
                    warnings.append(ConversionWarning(.note, at: location, "Swagger 2.0 has no trace operations; imported anyway"))
                }
                guard let operation = body.examples.references.resolve(member.value, in: item.document, at: location) else { continue }
                let operationPointer = operation.pointer ?? (pathPointer + "/" + OpenAPIReferences.escape(member.key))
                var request = readOperation(operation.value, document: operation.document, pointer: operationPointer, method: method, path: path.key,
                                            pathItem: item.value, pathParameters: pathParameters, location: location, collection: &collection)
                let tag: String? = {
                    if case .array(let tags)? = operation.value["tags"] { return tags.first.flatMap { DescriptionDocument.text($0) } }
                    return nil
                }()
                if let tag, !tag.isEmpty {
                    let index: Int
                    if let existing = folderIndex[tag] {
                        index = existing
                    } else {
                        index = collection.folders.count
                        folderIndex[tag] = index
                        collection.folders.append(Folder(name: tag, description: tagDescriptions[tag] ?? ""))
                    }
                    request.name = requestNames[index, default: RequestNames()].unique(request.name, method: method, path: path.key)
                    collection.folders[index].requests.append(request)
                } else {
                    request.name = requestNames[-1, default: RequestNames()].unique(request.name, method: method, path: path.key)
                    collection.requests.append(request)
                }
            }
        }
    }

    /// One operation as a saved request: name, URL, parameters, body and security.
    private mutating func readOperation(_ operation: OrderedJSON, document: String, pointer: String, method: String, path: String,
                                        pathItem: OrderedJSON, pathParameters: [OpenAPIParameter], location: String,
                                        collection: inout RequestCollection) -> SavedRequest {
        let name = DescriptionDocument.text(operation["summary"]).flatMap { $0.isEmpty ? nil : $0 }
            ?? DescriptionDocument.text(operation["operationId"]).flatMap { $0.isEmpty ? nil : $0 }
            ?? "\(method.uppercased()) \(path)"
        var request = SavedRequest(name: Self.oneLine(name), method: HTTPMethod(rawValue: method.uppercased()), url: "")
        var description = DescriptionDocument.text(operation["description"]) ?? ""
        if operation["deprecated"] == .bool(true) { description = description.isEmpty ? "Deprecated." : "Deprecated. " + description }
        request.description = description
        var merged = pathParameters
        for parameter in parameters(operation["parameters"], document: document, pointer: pointer + "/parameters", location: location) {
            if let index = merged.firstIndex(where: { $0.name == parameter.name && $0.location == parameter.location }) {
                merged[index] = parameter
            } else {
                merged.append(parameter)
            }
        }
        let pathVariables = place(merged, path: path, operation: operation, into: &request, collection: &collection, location: location)
        request.url = url(for: path, variables: pathVariables, operation: operation, pathItem: pathItem, location: location)
        if Self.answersOnlyWithRedirects(operation) { request.options.followRedirects = false }
        if let requestBody = operation["requestBody"], !swagger {
            request.body = body.body(of: requestBody, document: document, pointer: pointer + "/requestBody", location: location)
        }
        if case .object(let callbacks)? = operation["callbacks"], !callbacks.isEmpty {
            warnings.append(ConversionWarning(.note, at: location, "callbacks (\(callbacks.map(\.key).joined(separator: ", "))) are requests the API sends; not imported"))
        }
        var ownSecurity: OpenAPISecurity.Applied?
        if operation["security"] != nil {
            ownSecurity = security.apply(operation["security"], references: &body.examples.references, location: location)
        }
        if let applied = ownSecurity {
            request.auth = applied == globalSecurity ? .inherit : (applied.auth ?? .none)
            request.headers += applied.headers
            request.query += applied.query
        } else if let global = globalSecurity {
            request.headers += global.headers
            request.query += global.query
        }
        return request
    }

    /// The parameters of a `parameters` list, references followed; types Swagger does not know are reported.
    private mutating func parameters(_ list: OrderedJSON?, document: String, pointer: String, location: String) -> [OpenAPIParameter] {
        guard case .array(let items)? = list else { return [] }
        var result: [OpenAPIParameter] = []
        for (index, item) in items.enumerated() {
            guard let resolved = body.examples.references.resolve(item, in: document, at: location),
                  let name = DescriptionDocument.text(resolved.value["name"]),
                  let place = DescriptionDocument.text(resolved.value["in"]) else { continue }
            let parameterPointer = resolved.pointer ?? "\(pointer)/\(index)"
            let required = resolved.value["required"] == .bool(true) || place == "path"
            var parameter = OpenAPIParameter(name: name, location: place, required: required, object: resolved.value, document: resolved.document, pointer: parameterPointer)
            if swagger, place != "body", let type = DescriptionDocument.text(resolved.value["type"]) {
                parameter.swaggerType = SchemaExample.checked(type, extra: ["file"], pointer: parameterPointer, location: location, warnings: &warnings, reported: &reportedTypes)
                parameter.unknownType = parameter.swaggerType == nil
            }
            result.append(parameter)
        }
        return result
    }

    /// `{{baseUrl}}` (or the operation's or path's own first server) followed by the path, `{name}` as
    /// `{{variable}}` of the variable `variables` names for it.
    private mutating func url(for path: String, variables: [String: String], operation: OrderedJSON, pathItem: OrderedJSON, location: String) -> String {
        var base = "{{baseUrl}}"
        if !swagger {
            for holder in [operation, pathItem] {
                if case .array(let servers)? = holder["servers"], let first = servers.first, let server = OpenAPIServer.url(of: first) {
                    base = server
                    warnings.append(ConversionWarning(.note, at: location, "the operation has its own server (\(server)); its URL uses it instead of {{baseUrl}}"))
                    break
                }
            }
        }
        var converted = ""
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            converted += rest[..<open]
            let name = String(rest[rest.index(after: open)..<close])
            converted += "{{" + (variables[name] ?? name) + "}}"
            rest = rest[rest.index(after: close)...]
        }
        converted += rest
        return base + (converted.hasPrefix("/") || converted.isEmpty ? "" : "/") + converted
    }

    /// The `{name}`s of a path template.
    static func templateNames(in path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    /// Swagger 2.0's `consumes` of the operation, else of the description.
    func consumes(_ operation: OrderedJSON) -> [String] {
        for holder in [operation, root] {
            if case .array(let types)? = holder["consumes"] { return types.compactMap { DescriptionDocument.text($0) } }
        }
        return []
    }

    /// Whether every response the operation documents is a redirect (`3xx`, `3XX`), so that a run should see
    /// the redirect itself rather than follow it.
    static func answersOnlyWithRedirects(_ operation: OrderedJSON) -> Bool {
        guard case .object(let responses)? = operation["responses"] else { return false }
        let codes = responses.map(\.key).filter { !$0.hasPrefix("x-") }
        return !codes.isEmpty && codes.allSatisfy { code in
            code.count == 3 && code.hasPrefix("3") && (code.dropFirst().allSatisfy(\.isNumber) || code.uppercased() == "3XX")
        }
    }

    /// The names of the requests in one folder, so that each new one is made unique in constant time.
    struct RequestNames {
        /// The names used.
        private var taken: Set<String> = []
        /// The next number to try after each name.
        private var nextNumber: [String: Int] = [:]

        /// A name unique among the requests beside it: the name, else with the method, else with method and path,
        /// else numbered; it is then taken.
        mutating func unique(_ name: String, method: String, path: String) -> String {
            var chosen = name
            if taken.contains(chosen) {
                let candidates = ["\(name) (\(method.uppercased()))", "\(name) (\(method.uppercased()) \(path))"]
                if let free = candidates.first(where: { !taken.contains($0) }) {
                    chosen = free
                } else {
                    // Numbers only go up for each name, so the names of one folder are made in time linear in their count.
                    var counter = nextNumber[name] ?? 2
                    while taken.contains("\(name) (\(counter))") { counter += 1 }
                    nextNumber[name] = counter + 1
                    chosen = "\(name) (\(counter))"
                }
            }
            taken.insert(chosen)
            return chosen
        }
    }

    /// A summary on one line, as names are shown in a tree.
    static func oneLine(_ text: String) -> String {
        let words = text.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
        return words.trimmingCharacters(in: .whitespaces)
    }
}
