import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// Resolves the request of `curlew send`: a saved request from a collection, or `{{variables}}` in one typed on the command line.
struct SendVariables {
    /// The variables in force.
    let scope: VariableScope
    /// The saved request's path, e.g. `shop.json/Users/List users`, when sending from a collection.
    let source: String?
    /// The collection file the saved request comes from, when sending from a collection.
    var collectionFile: String?
    /// The texts the request was made from (arguments, collection and environment), searched for `{{$env.NAME}}`.
    var templates: [String] = []

    /// Every value to mask in the history: secret variables and the process environment values used.
    var secretValues: [String] { scope.secretValues(referencedIn: templates) + extraSecrets.map(\.key) + typedSecrets }

    /// Every secret value in use with the variable it came from (value to name).
    var secretVariables: [String: String] { scope.secretVariables(referencedIn: templates).merging(extraSecrets) { first, _ in first } }

    /// Values to treat as secret beyond the scope's own (value to variable name), e.g. the variables a
    /// history entry held secrets in when it is sent again.
    var extraSecrets: [String: String] = [:]
    /// Secret values typed for this request that came from no variable.
    var typedSecrets: [String] = []

    /// What can stop the request before it is sent.
    enum Failure: Error, CustomStringConvertible {
        case store(StoreError)
        case lookup(RequestLookupError)
        case variable(VariableError)
        case usage(String)

        var description: String {
            switch self {
            case .store(let error): return error.description
            case .lookup(let error): return error.description
            case .variable(let error): return error.description
            case .usage(let message): return message
            }
        }
    }

    /// Loads the saved request named by `--from` and converts it, with inherited headers and auth and variables resolved.
    static func savedRequest(_ options: SendStoreOptions, collection reference: String, name: String) throws(Failure) -> (Request, SendVariables) {
        let paths = options.paths
        let library = CollectionLibrary.load(paths.collectionPath(for: reference))
        if library.collections.isEmpty {
            if let failure = library.failures.first { throw .store(failure) }
            throw .usage("No collection at '\(reference)'. Give a collection file or folder, or the name of one in \(paths.collectionsDirectory).")
        }
        var found: [(CollectionFile, LocatedRequest)] = []
        var lastError: RequestLookupError?
        for file in library.collections {
            do {
                found.append((file, try file.document.findRequest(name)))
            } catch {
                lastError = error
            }
        }
        guard found.count == 1, let (file, located) = found.first else {
            if found.count > 1 {
                throw .lookup(.ambiguous(name: name, paths: found.map { ($0.0.path as NSString).lastPathComponent + ": " + $0.1.path }))
            }
            throw .lookup(lastError ?? .notFound(name: name, collection: reference))
        }
        let environment = try environmentVariables(options, library: library)
        let policy = try trustPolicy(options)
        var scope = VariableScope(
            commandLine: options.variables, environment: environment, collection: file.document.variables,
            process: ProcessInfo.processInfo.environment, policy: policy, builtins: .seeded(options.seed))
        scope.prompter = TerminalPrompter.shared
        do {
            let source = (file.path as NSString).lastPathComponent + "/" + located.path
            let boundary = TrustBoundary(policy: policy, baseDirectory: file.baseDirectory, source: source)
            let request = try RequestConversion.makeRequest(located, in: file.document, scope: scope, boundary: boundary)
            let document = (try? file.document.encoded()).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let templates = [document] + environment.map(\.value) + Array(options.variables.values)
            return (request, SendVariables(scope: scope, source: source, collectionFile: file.path, templates: templates))
        } catch {
            throw .variable(error)
        }
    }

    /// Resolves `{{variables}}` in a request typed on the command line (URL, query, headers, text bodies, auth).
    static func adHoc(_ request: Request, options: SendStoreOptions) throws(Failure) -> (Request, SendVariables) {
        let environment = options.environment == nil
            ? [] : try environmentVariables(options, library: CollectionLibrary.load(options.paths.collectionsDirectory))
        // The command line is the user's own: a `{{$env.NAME}}` typed in it allows NAME for this request.
        var policy = try trustPolicy(options)
        policy.allowedEnvironment.formUnion(UserTrust.environmentNames(typedIn: CommandLine.arguments))
        var scope = VariableScope(
            commandLine: options.variables, environment: environment,
            process: ProcessInfo.processInfo.environment, policy: policy, builtins: .seeded(options.seed))
        scope.prompter = TerminalPrompter.shared
        func resolve(_ text: String, _ location: String) throws(Failure) -> String {
            do { return try VariableResolver.resolve(text, in: scope, location: location) } catch { throw .variable(error) }
        }
        var resolved = request
        resolved.url = try resolve(request.url, "the URL")
        resolved.query = []
        for item in request.query {
            resolved.query.append(QueryItem(name: try resolve(item.name, "query parameter '\(item.name)'"),
                                            value: try item.value.map { (value: String) throws(Failure) in try resolve(value, "query parameter '\(item.name)'") }))
        }
        var headers = HTTPHeaders()
        for header in request.headers {
            headers.add(name: header.name, value: try resolve(header.value, "header '\(header.name)'"))
        }
        resolved.headers = headers
        switch request.body {
        case .json(let text): resolved.body = .json(try resolve(text, "the JSON body"))
        case .raw(let data, let contentType):
            if let text = String(data: data, encoding: .utf8), VariableResolver.containsPlaceholder(text) {
                resolved.body = .raw(Data(try resolve(text, "the body").utf8), contentType: contentType)
            }
        default: break
        }
        switch request.auth {
        case .bearer(let token): resolved.auth = .bearer(try resolve(token, "the bearer token"))
        case .basic(let user, let password):
            resolved.auth = .basic(user: try resolve(user, "the basic auth user"), password: try resolve(password, "the basic auth password"))
        case .scheme(let scheme, let user, let password):
            resolved.auth = .scheme(scheme, user: try resolve(user, "the user"), password: try resolve(password, "the password"))
        case .none: break
        }
        return (resolved, SendVariables(scope: scope, source: nil, templates: CommandLine.arguments + environment.map(\.value)))
    }

    /// The policy of `--file-root`, `--allow-env` and the settings file.
    private static func trustPolicy(_ options: SendStoreOptions) throws(Failure) -> TrustPolicy {
        do {
            return try UserTrust.policy(TrustPolicy(fileRoot: options.fileRoot, allowedEnvironment: options.allowedEnvironment), paths: options.paths)
        } catch {
            throw .usage(error.message)
        }
    }

    private static func environmentVariables(_ options: SendStoreOptions, library: CollectionLibrary) throws(Failure) -> [Variable] {
        guard let name = options.environment else { return [] }
        do {
            return try EnvironmentLookup.variables(named: name, library: library, paths: options.paths)
        } catch {
            throw .usage(error.message)
        }
    }
}
