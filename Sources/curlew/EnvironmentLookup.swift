import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// Finds the environment named by `--env`: beside the collection first, then in the data folder's collections.
enum EnvironmentLookup {
    /// The variables of the environment `name`, or a usage error saying where curlew looked and which
    /// environments it found there.
    static func variables(named name: String, library: CollectionLibrary, paths: StorePaths) throws(UsageError) -> [Variable] {
        if let file = library.environment(named: name) { return file.document.variables }
        let fallback = CollectionLibrary.load(paths.collectionsDirectory)
        if let file = fallback.environment(named: name) { return file.document.variables }
        throw UsageError(message: missingMessage(name, known: knownNames(library) + knownNames(fallback), collectionsDirectory: paths.collectionsDirectory))
    }

    /// The names of the environments of a library, as `--env` takes them.
    static func knownNames(_ library: CollectionLibrary) -> [String] {
        library.environments.map(\.document.name)
    }

    /// What is said when no environment has the name: where curlew looked, the known names (the nearest first
    /// when one is close) or that there are none.
    static func missingMessage(_ name: String, known names: [String], collectionsDirectory: String) -> String {
        var known: [String] = []
        for name in names where !known.contains(name) { known.append(name) }
        let start = "No environment named '\(name)': curlew looks for \(name).env.json beside the collection and in \(collectionsDirectory)"
        guard !known.isEmpty else { return start + "; there are none. Create one, or leave out --env." }
        let guess = NearestWord.suggestion(for: name, among: known).map { " Did you mean '\($0)'?" } ?? ""
        return start + ". Known environments: " + known.joined(separator: ", ") + "." + guess
    }
}
