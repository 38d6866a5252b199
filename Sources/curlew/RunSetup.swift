import CommandLineArguments
import Foundation
import Replay
import RequestKit
import RequestStore

/// Turns the arguments of `curlew run` into a runner: loads the collections, the environment and the data rows,
/// picks the requests, and opens the reports. Every failure here is a usage or file error (exit status 2).
enum RunSetup {
    /// A runner ready to go and the reports it feeds.
    struct Prepared {
        var runner: Runner
        var reports: [any RunReport]
    }

    /// Prepares the run the arguments describe.
    /// `client` is awaited only once the collection is read, so that it can start meanwhile.
    static func prepare(_ arguments: RunArguments, client: Task<Client, Never>) async throws(UsageError) -> Prepared {
        let paths = StorePaths.resolve(dataDirectoryOption: arguments.dataDirectory)
        var globbed: [String] = []
        for pattern in arguments.globs {
            let matched: [String]
            do { matched = try FileGlob.files(matching: pattern) } catch { throw UsageError(message: "--glob \(error.message)") }
            guard !matched.isEmpty else { throw UsageError(message: "--glob '\(pattern)' matches no file") }
            for file in matched where !globbed.contains(file) { globbed.append(file) }
        }
        var target = arguments.target
        if target.isEmpty {
            guard !globbed.isEmpty else { throw UsageError(message: "give a collection file or folder to run, or --glob PATTERN") }
            target = globbed.removeFirst()
        }
        let collectionPath = paths.collectionPath(for: target)
        guard FileManager.default.fileExists(atPath: collectionPath) else {
            throw UsageError(message: "No collection at '\(target)'. Give a collection file or folder, or the name of one in \(paths.collectionsDirectory).")
        }
        var library = CollectionLibrary.load(collectionPath)
        let extraFiles = arguments.names.filter { HurlReader.isHurlFile($0) && FileManager.default.fileExists(atPath: $0) }
        var loaded: Set<String> = [target]
        for file in extraFiles + globbed where loaded.insert(file).inserted {
            let more = CollectionLibrary.load(file)
            library.collections += more.collections
            library.failures += more.failures
        }
        let names = arguments.names.filter { !extraFiles.contains($0) }
        if let failure = library.failures.first { throw UsageError(message: failure.description) }
        guard !library.collections.isEmpty else {
            throw UsageError(message: "No collection in '\(target)': a collection is a .json file with \"format\": \"\(RequestCollection.formatName)\".")
        }
        for file in library.collections { CollectionKeyWarnings.report(file.path, command: "run") }
        let steps: [RunStep]
        do {
            steps = try RunSelection.steps(in: library.collections, picking: names)
        } catch {
            throw UsageError(message: error.description)
        }
        // A .hurl file of comments only runs nothing and passes, as in Hurl; any other empty selection is a mistake.
        let emptyHurlFile = names.isEmpty && extraFiles.isEmpty && globbed.isEmpty && HurlReader.isHurlFile(collectionPath)
        guard !steps.isEmpty || emptyHurlFile else { throw UsageError(message: "'\(target)' holds no requests to run") }
        let environment = try arguments.environment.map { (name: String) throws(UsageError) in
            try EnvironmentLookup.variables(named: name, library: library, paths: paths)
        } ?? []
        var rows: [DataRow] = []
        if let dataFile = arguments.dataFile {
            do { rows = try DataFile.load(dataFile) } catch { throw UsageError(message: "--data \(error.description)") }
        }
        let plan = RunPlan(steps: steps, dataRows: rows, repeatCount: arguments.repeatCount)
        var options = arguments.options
        options.trust = try UserTrust.policy(options.trust, paths: paths)
        options.oauth2CacheFile = OAuth2TokenCacheFile(paths: paths).path
        options.oauth2Environment = arguments.environment ?? ""
        if arguments.reports.contains(where: { $0.format.needsExcerpts }) { options.excerptBodyBytes = ExchangeExcerpt.defaultBodyBytes }
        // A --secret value is a command-line value whose name is declared secret, so that every output masks it.
        let secretDeclarations = arguments.secrets.sorted { $0.key < $1.key }.map { Variable(name: $0.key, value: $0.value, secret: true) }
        var variables = RunVariables(
            commandLine: arguments.variables.merging(arguments.secrets) { _, secret in secret }, environment: environment + secretDeclarations,
            process: ProcessInfo.processInfo.environment, policy: options.trust, builtins: .seeded(arguments.seed))
        variables.prompter = TerminalPrompter.shared
        var reports: [any RunReport] = []
        for (format, path, folder) in arguments.reports {
            do {
                if let folder { try makeFolder(folder, for: path) }
                var report = try format.open(path)
                try report.begin(plan: plan)
                reports.append(report)
            } catch {
                let option = folder == nil ? "--report \(format.rawValue):\(path)" : (format == .html ? "--report-html" : "--report-json")
                throw UsageError(message: "\(option): \(error.description)")
            }
        }
        let history = arguments.noHistory ? nil : HistoryStore(paths: paths)
        var runner = Runner(plan: plan, variables: variables, options: options, client: await client.value, history: history)
        runner.oauth2SignIn = TerminalSignIn(timeLimit: .seconds(arguments.signInTimeout))
        return Prepared(runner: runner, reports: reports)
    }

    /// Creates the folder of a report (`--report-json DIR`, `--report-html DIR`) with its parents.
    private static func makeFolder(_ folder: String, for path: String) throws(RunReportError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw RunReportError(file: path, message: "the folder \(folder) cannot be made: \(error.localizedDescription)")
        }
    }
}
