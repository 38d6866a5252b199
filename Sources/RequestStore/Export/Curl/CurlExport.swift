import RequestKit

/// How `{{variables}}` are treated when requests are exported as curl commands.
public enum VariableHandling: Sendable {
    /// Every variable is resolved in the scope, and file paths passed through the boundary (made absolute, and
    /// refused outside the file root).
    case resolve(VariableScope, boundary: TrustBoundary)
    /// Variables are left as `{{name}}`, giving a template.
    case keep
}

/// Exports saved requests as curl commands.
public enum CurlExport {
    /// One command per request, each preceded by a `# Folder/Name` comment, separated by blank lines.
    ///
    /// Resolving fails on the first variable without a value, naming it and where it is used.
    public static func commands(for requests: [LocatedRequest], in collection: RequestCollection, variables: VariableHandling) throws(CurlExportError) -> String {
        var blocks: [String] = []
        for located in requests {
            let command: String
            switch variables {
            case .resolve(let scope, let boundary):
                do {
                    let request = try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: boundary)
                    command = request.curlCommand(multiline: true)
                } catch {
                    throw CurlExportError(request: located.path, problem: error)
                }
            case .keep:
                let inherited = InheritedSettings.effective(for: located, in: collection)
                command = TemplateCurlCommand.command(for: located.request, headers: inherited.headers, auth: inherited.auth)
            }
            blocks.append("# \(located.path)\n\(command)")
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}

extension RequestCollection {
    /// The collection reduced to one request, inside the folders that contain it (with their auth and headers).
    public func keeping(_ located: LocatedRequest) -> RequestCollection {
        var result = self
        result.requests = []
        result.folders = []
        var innermost: Folder?
        for folder in located.folders.reversed() {
            var copy = folder
            copy.folders = innermost.map { [$0] } ?? []
            copy.requests = innermost == nil ? [located.request] : []
            innermost = copy
        }
        if let innermost { result.folders = [innermost] } else { result.requests = [located.request] }
        return result
    }
}

/// A request whose command could not be written because one of its variables has no value.
public struct CurlExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The request's path in the collection (`Folder/Name`).
    public var request: String
    /// What is wrong with its variables.
    public var problem: VariableError

    /// Creates the error.
    public init(request: String, problem: VariableError) {
        self.request = request
        self.problem = problem
    }

    public var description: String { "'\(request)': \(problem)" }
}
