import CommandLineArguments
import Foundation
import RequestStore

/// `curlew export`: writes a collection, or one request of it, as curl commands, Postman JSON or a `.http` file.
enum ExportCommand: Subcommand {
    /// The command line's table.
    static let spec = ExportCommandSpec.spec

    static func run(arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            StandardStreams.writeError("curlew export: \(error.message)\nRun 'curlew export --help' for usage.\n")
            return 2
        }
        do {
            let (text, warnings) = try export(options)
            for warning in warnings { StandardStreams.writeError("\(warning)\n") }
            StandardStreams.writeOutside(text)
            return 0
        } catch {
            StandardStreams.writeError("curlew export: \(error)\n")
            return exitStatus(of: error)
        }
    }

    /// 2 for a missing file or environment (as every command exits for one), 1 for a collection that cannot be exported.
    private static func exitStatus(of error: any Error) -> Int32 {
        if case StoreError.notFound = error { return 2 }
        if case ExportCommandError.noEnvironment = error { return 2 }
        return 1
    }

    private static func export(_ options: Options) throws -> (String, [ConversionWarning]) {
        let paths = StorePaths.resolve(dataDirectoryOption: options.dataDirectory)
        let path = paths.collectionPath(for: options.collection)
        let file = try collectionFile(at: path, given: options.collection)
        let collection = file.document
        guard let format = options.format else { return try k6Script(options, file: file, path: path) }
        let selected = try options.request.map { [try collection.findRequest($0)] }
        switch format {
        case .curl:
            let handling: VariableHandling
            if options.keepVariables {
                handling = .keep
            } else {
                var environment: [Variable] = []
                if let name = options.environment {
                    let library = CollectionLibrary.load(path)
                    guard let found = library.environment(named: name) else { throw ExportCommandError.noEnvironment(name: name, folder: file.baseDirectory) }
                    environment = found.document.variables
                }
                let policy = try UserTrust.policy(options.trust, paths: paths)
                let scope = VariableScope(commandLine: options.variables, environment: environment, collection: collection.variables,
                                          process: ProcessInfo.processInfo.environment, policy: policy)
                handling = .resolve(scope, boundary: TrustBoundary(policy: policy, baseDirectory: file.baseDirectory, source: (file.path as NSString).lastPathComponent))
            }
            do {
                return (try CurlExport.commands(for: selected ?? collection.allRequests, in: collection, variables: handling), [])
            } catch {
                throw ExportCommandError.unresolved(error, environmentGiven: options.environment != nil)
            }
        case .postman:
            let result = PostmanWriter.write(selected?.first.map { collection.keeping($0) } ?? collection)
            return (result.text, result.warnings)
        case .http:
            let result = HTTPFileWriter.write(collection, only: selected)
            return (result.text, result.warnings)
        case .hurl:
            let result = HurlWriter.write(collection, only: selected)
            return (result.text, result.warnings)
        }
    }

    /// The collection at `path`: a collection file, or a folder holding exactly one collection (with environments beside it).
    private static func collectionFile(at path: String, given: String) throws -> CollectionFile {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return try CollectionFile.load(path) }
        let library = CollectionLibrary.load(path)
        if library.collections.count == 1, let only = library.collections.first { return only }
        if library.collections.isEmpty, let failure = library.failures.first { throw failure }
        throw ExportCommandError.notOneCollection(folder: given, files: library.collections.map { ($0.path as NSString).lastPathComponent })
    }

    /// A k6 script of the collection, a folder of it or one request, with the environment's values as defaults.
    private static func k6Script(_ options: Options, file: CollectionFile, path: String) throws -> (String, [ConversionWarning]) {
        let collection = file.document
        var selected: [LocatedRequest]?
        if let name = options.request {
            let inFolder = collection.allRequests.filter { $0.path.hasPrefix(name + "/") }
            selected = inFolder.isEmpty ? [try collection.findRequest(name)] : inFolder
        }
        var environment: (name: String, variables: [Variable])?
        if let name = options.environment {
            guard let found = CollectionLibrary.load(path).environment(named: name) else {
                throw ExportCommandError.noEnvironment(name: name, folder: file.baseDirectory)
            }
            environment = (found.document.name, found.document.variables)
        }
        let result = K6Writer.write(collection, only: selected, environment: environment)
        return (result.text, result.warnings)
    }

    /// The parsed command line.
    struct Options {
        /// The interchange format, or nil for a k6 script.
        var format: InterchangeFormat?
        var collection: String
        var request: String?
        var environment: String?
        var variables: [String: String] = [:]
        var keepVariables = false
        var dataDirectory: String?
        /// `--file-root` and `--allow-env`, for resolving.
        var trust = TrustPolicy()

        static func parse(_ arguments: [String]) throws(UsageError) -> Options {
            var reader = ArgumentReader(arguments, command: ExportCommandSpec.spec)
            var positionals: [String] = []
            var environment: String?, dataDirectory: String?
            var variables: [String: String] = [:]
            var keep: Bool?
            var trust = TrustPolicy()
            while let token = try reader.next() {
                switch token {
                case .positional(let value): positionals.append(value)
                case .option("--env"): environment = try reader.value(of: "--env")
                case .option("--var"):
                    let pair = try reader.value(of: "--var")
                    guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                        throw UsageError(message: "--var needs NAME=VALUE, not '\(pair)'")
                    }
                    variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
                case .option("--resolve"): keep = false
                case .option("--keep-variables"): keep = true
                case .option("--data-dir"): dataDirectory = try reader.value(of: "--data-dir")
                case .option("--file-root"): trust.fileRoot = try reader.value(of: "--file-root")
                case .option("--allow-env"): trust.allowedEnvironment.insert(try TrustOptions.environmentName(try reader.value(of: "--allow-env")))
                case .option(let other): throw UsageError(message: "\(other) is in the table of curlew export but not read")
                }
            }
            guard (2...3).contains(positionals.count) else {
                throw UsageError(message: "expected a format (curl, postman, http or hurl), a COLLECTION and optionally a REQUEST")
            }
            if positionals[0] == "k6" {
                guard keep == nil, variables.isEmpty else {
                    throw UsageError(message: "--resolve, --keep-variables and --var apply to curl export only; a k6 script reads variables from __ENV")
                }
                return Options(format: nil, collection: positionals[1], request: positionals.count == 3 ? positionals[2] : nil,
                               environment: environment, dataDirectory: dataDirectory)
            }
            guard let format = InterchangeFormat(rawValue: positionals[0]) else {
                throw UsageError(message: "unknown format '\(positionals[0])'; use curl, postman, http, hurl or k6")
            }
            if format != .curl, keep != nil || environment != nil || !variables.isEmpty {
                throw UsageError(message: "--resolve, --keep-variables, --env and --var apply to curl export only; \(format.rawValue) files keep {{variables}}")
            }
            return Options(format: format, collection: positionals[1], request: positionals.count == 3 ? positionals[2] : nil,
                           environment: environment, variables: variables, keepVariables: keep ?? false, dataDirectory: dataDirectory, trust: trust)
        }
    }
}

/// Why an export could not be made.
enum ExportCommandError: Error, CustomStringConvertible {
    /// No environment of this name beside the collection.
    case noEnvironment(name: String, folder: String)
    /// A folder given as the collection holds none or several collections.
    case notOneCollection(folder: String, files: [String])
    /// A request's variable has no value while the commands are resolved, or a field cannot be written.
    case unresolved(CurlExportError, environmentGiven: Bool)

    var description: String {
        switch self {
        case .notOneCollection(let folder, let files) where files.isEmpty:
            return "no collection in the folder '\(folder)': a collection is a .json file with \"format\": \"\(RequestCollection.formatName)\", or a .hurl file."
        case .notOneCollection(let folder, let files):
            return "the folder '\(folder)' holds \(files.count) collections (\(files.joined(separator: ", "))); export one at a time: give its file, e.g. \(folder)/\(files[0])."
        case .unresolved(let error, _) where error.problem.isUnwritable:
            return "the request \(error)"
        case .unresolved(let error, let environmentGiven):
            let hint = environmentGiven
                ? "To write the commands with {{variables}} left in them, add --keep-variables."
                : "Pick an environment with --env NAME, or write the commands with {{variables}} left in them with --keep-variables."
            return "the request \(error) \(hint)"
        case .noEnvironment(let name, let folder):
            return "no environment named '\(name)' in \(folder). Create \(name).env.json there, or leave out --env."
        }
    }
}
