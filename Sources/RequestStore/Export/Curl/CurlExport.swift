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
    /// Every field is data: each word is single-quoted, and line breaks and NUL in the comment are written `⏎` and
    /// `␀`. Resolving fails on the first variable without a value, naming it and where it is used, and on a request
    /// curlew would refuse to send (a header that is not one line, a URL without a host…) or that a command line
    /// cannot carry (NUL in a form part, `=` in a part's name). A template fails on a header that could never be
    /// sent as written, a NUL byte in a word, or `=` in a part's name.
    public static func commands(for requests: [LocatedRequest], in collection: RequestCollection, variables: VariableHandling) throws(CurlExportError) -> String {
        var blocks: [String] = []
        for located in requests {
            let command: String
            switch variables {
            case .resolve(let scope, let boundary):
                let request: Request
                do {
                    request = try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: boundary)
                } catch {
                    throw CurlExportError(request: located.path, problem: error)
                }
                do {
                    _ = try request.prepared()
                } catch {
                    throw CurlExportError(request: located.path, problem: .unwritable(error.description))
                }
                if let problem = request.curlCommandProblem { throw CurlExportError(request: located.path, problem: .unwritable(problem)) }
                command = request.curlCommand(multiline: true)
            case .keep:
                let inherited = InheritedSettings.effective(for: located, in: collection)
                do {
                    command = try TemplateCurlCommand.command(for: located.request, headers: inherited.headers, auth: inherited.auth)
                } catch {
                    throw CurlExportError(request: located.path, problem: .unwritable(error.reason))
                }
            }
            blocks.append("# \(OneLineText.visible(located.path))\n\(command)")
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

/// A request whose command could not be written: a variable without a value, or a field curl cannot send as it is.
public struct CurlExportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What stops the command.
    public enum Problem: Hashable, Sendable {
        /// A variable has no value (or cannot be resolved).
        case variable(VariableError)
        /// A field cannot be written as a curl command that sends it as it is; the reason says which and why.
        case unwritable(String)
    }

    /// The request's path in the collection (`Folder/Name`).
    public var request: String
    /// What is wrong.
    public var problem: Problem

    /// Creates the error for a variable.
    public init(request: String, problem: VariableError) {
        self.init(request: request, problem: .variable(problem))
    }

    /// Creates the error.
    public init(request: String, problem: Problem) {
        self.request = request
        self.problem = problem
    }

    public var description: String {
        switch problem {
        case .variable(let error): return "'\(OneLineText.visible(request))': \(error)"
        case .unwritable(let reason):
            return "'\(OneLineText.visible(request))' cannot be written as a curl command: \(OneLineText.visible(reason)). Fix the field, or leave the request out."
        }
    }
}

extension CurlExportError.Problem {
    /// Whether a field, not a variable, stops the command.
    public var isUnwritable: Bool {
        if case .unwritable = self { return true }
        return false
    }
}
