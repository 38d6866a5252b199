import CommandLineArguments
import RequestStore

/// Finds the environment named by `--env`: beside the collection first, then in the data folder's collections.
enum EnvironmentLookup {
    /// The variables of the environment `name`, or a usage error saying where curlew looked.
    static func variables(named name: String, library: CollectionLibrary, paths: StorePaths) throws(UsageError) -> [Variable] {
        if let file = library.environment(named: name) { return file.document.variables }
        let fallback = CollectionLibrary.load(paths.collectionsDirectory)
        if let file = fallback.environment(named: name) { return file.document.variables }
        throw UsageError(message: "No environment named '\(name)': curlew looks for \(name).env.json beside the collection and in \(paths.collectionsDirectory).")
    }
}
