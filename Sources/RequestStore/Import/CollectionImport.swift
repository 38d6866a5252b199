import Foundation

/// The formats curlew imports and exports.
public enum InterchangeFormat: String, Hashable, Sendable, CaseIterable {
    /// curl command lines.
    case curl
    /// Postman Collection v2.1 JSON.
    case postman
    /// `.http` / `.rest` files of VS Code's REST Client and JetBrains' HTTP Client.
    case http
    /// Hurl's `.hurl` files.
    case hurl
}

/// Reads any supported format into a collection.
public enum CollectionImport {
    /// The collection in `data`; `name` names it when the format has no name of its own (curl, .http).
    ///
    /// File paths in the result are as written in the source; use `rebasingFilePaths` before saving.
    /// `file` names the input in the warnings of formats that point at lines (`.hurl`); it defaults to `name`.
    public static func read(_ format: InterchangeFormat, data: Data, name: String, file: String? = nil) throws -> (collection: RequestCollection, warnings: [ConversionWarning]) {
        switch format {
        case .postman:
            let result = try PostmanImporter.parse(data, file: name)
            return (result.collection, result.warnings)
        case .hurl:
            let document = try HurlReader.read(data, file: file ?? name)
            let warnings = document.problems.map { problem in
                ConversionWarning(.unsupported, at: "\(problem.file):\(problem.line):\(problem.column)", problem.reason + " (left out)")
            }
            var collection = HurlReader.collection(of: document, file: name)
            collection.name = name
            for index in collection.requests.indices { collection.requests[index].id = nil }
            return (collection, warnings)
        case .http:
            let result = HTTPFileParser.parse(String(decoding: data, as: UTF8.self), collectionName: name)
            return (result.collection, result.warnings)
        case .curl:
            var collection = RequestCollection(name: name)
            var warnings: [ConversionWarning] = []
            for imported in try CurlImporter.parse(String(decoding: data, as: UTF8.self)) {
                var (request, requestWarnings) = imported.savedRequest()
                ImportedCredentials.extract(from: &request, into: &collection.variables)
                collection.requests.append(request)
                warnings += requestWarnings.map { warning in
                    var named = warning
                    named.location = warning.location.isEmpty ? request.name : "\(request.name): \(warning.location)"
                    return named
                }
            }
            return (collection, warnings)
        }
    }
}

extension RequestCollection {
    /// Adds an imported collection.
    ///
    /// Into an empty collection it goes as it is. Otherwise, with `intoFolder`, its requests and folders go into
    /// a folder named after it that carries its auth and headers, so that what its requests inherit does not
    /// change; without, its requests and folders are appended at the top. Variables are added when the name is
    /// new; a different value for an existing name is kept out and reported.
    public func merging(_ imported: RequestCollection, intoFolder: Bool) -> (collection: RequestCollection, warnings: [ConversionWarning]) {
        var result = self
        var warnings: [ConversionWarning] = []
        if !intoFolder {
            result.requests += imported.requests
            result.folders += imported.folders
        } else if requests.isEmpty && folders.isEmpty && variables.isEmpty && headers.isEmpty {
            result.requests = imported.requests
            result.folders = imported.folders
            result.auth = imported.auth
            result.headers = imported.headers
            if result.description.isEmpty { result.description = imported.description }
        } else {
            var folder = Folder(name: imported.name, description: imported.description, headers: imported.headers,
                                auth: imported.auth, folders: imported.folders, requests: imported.requests)
            if imported.auth == .none && auth == .none { folder.auth = .inherit }
            result.folders.append(folder)
        }
        for variable in imported.variables {
            if let existing = result.variables.first(where: { $0.name == variable.name }) {
                if existing.value != variable.value || existing.secret != variable.secret {
                    warnings.append(ConversionWarning(.unsupported, at: variable.name, "the collection already has this variable with another value; the imported value is not used"))
                }
            } else {
                result.variables.append(variable)
            }
        }
        return (result, warnings)
    }

    /// Rewrites relative file paths written against `source` so that they resolve from `destination`
    /// (the folder of the collection file): relative when the file lies inside it, else absolute.
    /// Paths with `{{variables}}`, absolute paths and `~/` paths are kept.
    public func rebasingFilePaths(from source: String, to destination: String) -> RequestCollection {
        func rebase(_ path: String) -> String {
            guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"), !path.contains("{{") else { return path }
            return CollectionPaths.stored(CollectionPaths.resolved(path, baseDirectory: source), baseDirectory: destination)
        }
        func rebase(_ request: SavedRequest) -> SavedRequest {
            var request = request
            switch request.body {
            case .file(let path, let contentType): request.body = .file(path: rebase(path), contentType: contentType)
            case .multipart(let rows):
                request.body = .multipart(rows.map { row in
                    guard case .file(let name, let path, let fileName, let contentType, let enabled) = row else { return row }
                    return .file(name: name, path: rebase(path), fileName: fileName, contentType: contentType, enabled: enabled)
                })
            default: break
            }
            request.options.caFile = request.options.caFile.map(rebase)
            return request
        }
        var result = self
        FolderWalk.modifyEach(folders: &result.folders, requests: &result.requests) { _, _, requests in
            requests = requests.map(rebase)
            return true
        }
        return result
    }
}
