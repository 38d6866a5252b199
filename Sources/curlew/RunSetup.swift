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
        let collectionPath = paths.collectionPath(for: arguments.target)
        guard FileManager.default.fileExists(atPath: collectionPath) else {
            throw UsageError(message: "No collection at '\(arguments.target)'. Give a collection file or folder, or the name of one in \(paths.collectionsDirectory).")
        }
        var library = CollectionLibrary.load(collectionPath)
        let extraFiles = arguments.names.filter { HurlReader.isHurlFile($0) && FileManager.default.fileExists(atPath: $0) }
        for file in extraFiles {
            let more = CollectionLibrary.load(file)
            library.collections += more.collections
            library.failures += more.failures
        }
        let names = arguments.names.filter { !extraFiles.contains($0) }
        if let failure = library.failures.first { throw UsageError(message: failure.description) }
        guard !library.collections.isEmpty else {
            throw UsageError(message: "No collection in '\(arguments.target)': a collection is a .json file with \"format\": \"\(RequestCollection.formatName)\".")
        }
        let steps: [RunStep]
        do {
            steps = try RunSelection.steps(in: library.collections, picking: names)
        } catch {
            throw UsageError(message: error.description)
        }
        // A .hurl file of comments only runs nothing and passes, as in Hurl; any other empty selection is a mistake.
        let emptyHurlFile = names.isEmpty && extraFiles.isEmpty && HurlReader.isHurlFile(collectionPath)
        guard !steps.isEmpty || emptyHurlFile else { throw UsageError(message: "'\(arguments.target)' holds no requests to run") }
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
        let variables = RunVariables(
            commandLine: arguments.variables, environment: environment, process: ProcessInfo.processInfo.environment, policy: options.trust)
        var reports: [any RunReport] = []
        for (format, path) in arguments.reports {
            do {
                var report = try format.open(path)
                try report.begin(plan: plan)
                reports.append(report)
            } catch {
                throw UsageError(message: "--report \(format.rawValue):\(path): \(error.description)")
            }
        }
        let history = arguments.noHistory ? nil : HistoryStore(paths: paths)
        let runner = Runner(plan: plan, variables: variables, options: options, client: await client.value, history: history)
        return Prepared(runner: runner, reports: reports)
    }
}
