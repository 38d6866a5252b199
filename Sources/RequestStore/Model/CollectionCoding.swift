import Foundation
import RequestKit

extension RequestCollection {
    /// Reads a collection from the text of a collection file, migrating older versions; errors name file, line and column.
    public static func decode(from data: Data, file: String) throws(FileFormatError) -> RequestCollection {
        let bytes = Array(data)
        let tree = try CanonicalJSON.parseTree(bytes, file: file)
        if declaredVersion(of: tree) < currentVersion {
            let original = tree.jsonValue
            if let migrated = try CollectionMigration.migrate(original, file: file), migrated != original.declaringVersion(currentVersion) {
                return try CanonicalJSON.decode(RequestCollection.self, from: migrated, file: file)
            }
        }
        return try CanonicalJSON.read(tree, bytes: bytes, file: file) { tree in
            var reader = CollectionTreeReader()
            return try reader.collection(tree)
        }
    }

    /// The version a parsed file declares; a file without one is version 1.
    private static func declaredVersion(of tree: ParsedJSON) -> Int {
        guard case .object(let members) = tree.kind, let declared = members.first(where: { $0.key == "version" }) else { return 1 }
        if case .number(let text) = declared.value.kind, let version = Int(text) { return version }
        return currentVersion
    }

    /// The canonical text of the collection file.
    public func encoded() throws -> Data {
        try CanonicalJSON.encode(self)
    }
}

extension OrderedJSON {
    /// The tree with its `version` member (if it has one) set to a version, as a migration leaves it.
    fileprivate func declaringVersion(_ version: Int) -> OrderedJSON {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == "version" }) else { return self }
        members[index].value = .number(String(version))
        return .object(members)
    }
}
