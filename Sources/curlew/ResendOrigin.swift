import CommandLineArguments
import Foundation
import RequestStore

/// Where a history entry came from, for sending it again: its collection file (recorded with the entry, or
/// found by name in the data folder's collections) with the environments beside it, and the environment it
/// was sent with.
struct ResendOrigin {
    /// The collection file, when the entry came from one that still exists.
    var collection: CollectionFile?
    /// The collection's folder with its environments, or the data folder's collections.
    var library: CollectionLibrary
    /// The environment to resolve with: `--env`, else the one the entry was sent with.
    var environmentName: String?

    /// The origin of `entry`, with `--env` (when given) winning over the entry's own environment.
    static func of(_ entry: HistoryEntry, environment: String?, paths: StorePaths) -> ResendOrigin {
        let environmentName = environment ?? entry.request.environment
        guard let path = collectionPath(of: entry, paths: paths) else {
            return ResendOrigin(collection: nil, library: CollectionLibrary.load(paths.collectionsDirectory), environmentName: environmentName)
        }
        let library = CollectionLibrary.load(path)
        return ResendOrigin(collection: library.collections.first, library: library, environmentName: environmentName)
    }

    /// The collection file of the entry: the path it recorded, else the file its `source` names in the data
    /// folder's collections; nil when neither exists.
    static func collectionPath(of entry: HistoryEntry, paths: StorePaths) -> String? {
        var isFolder: ObjCBool = false
        if let recorded = entry.request.collection, FileManager.default.fileExists(atPath: recorded, isDirectory: &isFolder), !isFolder.boolValue {
            return recorded
        }
        guard let source = entry.source, let name = source.split(separator: "/").first, name.hasSuffix(".json") || name.hasSuffix(".hurl") else {
            return nil
        }
        let candidate = paths.collectionsDirectory + "/" + name
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return candidate
    }

    /// The variables of the chosen environment (none when none was chosen), or a usage error listing the known ones.
    func environmentVariables(paths: StorePaths) throws(UsageError) -> [Variable] {
        guard let environmentName else { return [] }
        return try EnvironmentLookup.variables(named: environmentName, library: library, paths: paths)
    }

    /// The variables of the entry's request and its folders in the collection, most specific first; none when the
    /// collection no longer holds the request its `source` names.
    func variableLayers(of entry: HistoryEntry) -> [VariableLayer] {
        guard let document = collection?.document, let source = entry.source, let slash = source.firstIndex(of: "/") else { return [] }
        let path = String(source[source.index(after: slash)...])
        guard let located = document.allRequests.first(where: { $0.path == path }) else { return [] }
        return VariableLayer.chain(for: located)
    }

    /// The collection's own variables, but a secret one without a value (its value was never stored beside
    /// the collection), so that it is asked for with `--var` as an unresolved variable.
    var collectionVariables: [Variable] {
        (collection?.document.variables ?? []).filter { !($0.secret && $0.value.isEmpty) }
    }
}
