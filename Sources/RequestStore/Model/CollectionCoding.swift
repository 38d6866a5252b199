import Foundation

extension RequestCollection {
    /// Reads a collection from the text of a collection file, migrating older versions; errors name file, line and column.
    public static func decode(from data: Data, file: String) throws(FileFormatError) -> RequestCollection {
        let bytes = Array(data)
        let tree = try CanonicalJSON.parseTree(bytes, file: file)
        if case .object(let members) = tree.kind, let declared = members.first(where: { $0.key == "version" }),
           case .number(let text) = declared.value.kind, let version = Int(text), version < currentVersion,
           let migrated = try CollectionMigration.migrate(tree.jsonValue, file: file) {
            return try CanonicalJSON.decode(RequestCollection.self, from: migrated, file: file)
        }
        return try CanonicalJSON.decode(RequestCollection.self, from: tree, bytes: bytes, file: file)
    }

    /// The canonical text of the collection file.
    public func encoded() throws -> Data {
        try CanonicalJSON.encode(self)
    }
}
