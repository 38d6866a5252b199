import Foundation

/// The collections and environments found at a path, and the files that could not be read.
public struct CollectionLibrary: Sendable {
    /// Collections that loaded, in file-name order.
    public var collections: [CollectionFile]
    /// Environments (`NAME.env.json`) that loaded, in file-name order.
    public var environments: [EnvironmentFile]
    /// Files that could not be read, each with its file, line, column and reason; they are left untouched.
    public var failures: [StoreError]

    /// The suffix of environment files.
    public static let environmentSuffix = ".env.json"
    /// The suffix of secrets files, which are never loaded on their own.
    public static let secretsSuffix = ".secrets.json"

    /// Loads a collection file, or every collection file in a folder, with the environments beside them.
    ///
    /// In a folder, `*.json` and `*.hurl` files are collections, `*.env.json` environments, and `*.secrets.json` are read only
    /// with their owner. JSON files of another format (e.g. a `package.json`) are passed over. One broken file
    /// does not stop the others from loading.
    public static func load(_ path: String) -> CollectionLibrary {
        var library = CollectionLibrary(collections: [], environments: [], failures: [])
        let folder: String
        if POSIXFile.isDirectory(path) {
            folder = path
            let hurlNames = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { HurlReader.isHurlFile($0) && !$0.hasPrefix(".") }
            for name in (jsonFiles(in: folder).filter { !$0.hasSuffix(environmentSuffix) } + hurlNames).sorted() {
                let file = FolderPath.joined(folder, name)
                do {
                    guard try (HurlReader.isHurlFile(file) ? true : isCollectionFile(file)) else { continue }
                    library.collections.append(try CollectionFile.load(file))
                } catch {
                    library.failures.append(error)
                }
            }
        } else {
            folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
            do {
                library.collections.append(try CollectionFile.load(path))
            } catch {
                library.failures.append(error)
            }
        }
        for name in jsonFiles(in: folder) where name.hasSuffix(environmentSuffix) {
            do {
                library.environments.append(try EnvironmentFile.load(FolderPath.joined(folder, name)))
            } catch {
                library.failures.append(error)
            }
        }
        return library
    }

    /// The environment with this name, if one was loaded.
    public func environment(named name: String) -> EnvironmentFile? {
        environments.first { $0.document.name == name }
            ?? environments.first { ($0.path as NSString).lastPathComponent == name + CollectionLibrary.environmentSuffix }
    }

    /// The file name for an environment of this name beside a collection.
    public static func environmentPath(named name: String, in folder: String) -> String {
        FolderPath.joined(folder, name + environmentSuffix)
    }

    private static func jsonFiles(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(secretsSuffix) && !$0.hasPrefix(".") }.sorted()
    }

    /// Whether a file in a collections folder is meant as a collection: it declares the collection format,
    /// or it does not parse (so that the user hears about it).
    private static func isCollectionFile(_ path: String) throws(StoreError) -> Bool {
        guard let data = try POSIXFile.read(path) else { return false }
        guard let tree = try? CanonicalJSON.parseTree(Array(data), file: path) else { return true }
        guard case .object(let members) = tree.kind else { return false }
        guard let format = members.first(where: { $0.key == "format" }), case .string(let name) = format.value.kind else { return false }
        return name == RequestCollection.formatName
    }
}
