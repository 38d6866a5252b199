import RequestKit
/// Upgrades collection files written by older versions of the format, one version at a time.
///
/// Each step takes the JSON tree of version N and returns the tree of version N+1. Loading runs
/// the steps from the file's version up to `RequestCollection.currentVersion`, then decodes.
/// Version 2 turned each request's `expectations` objects into `checks` lines and its `captures` objects into
/// capture lines (`ChecksMigration`); a later change to the format adds a step here.
public enum CollectionMigration {
    /// A step that turns a tree of one version into the next.
    public typealias Step = @Sendable (OrderedJSON) throws -> OrderedJSON

    /// Steps keyed by the version they upgrade from.
    static let steps: [Int: Step] = [1: ChecksMigration.step]

    /// The version a collection tree declares; files without one are version 1.
    public static func version(of tree: OrderedJSON) -> Int {
        if case .number(let text)? = tree["version"], let version = Int(text) { return version }
        return 1
    }

    /// Runs the steps that bring a tree to the current version; returns nil when it already is.
    public static func migrate(_ tree: OrderedJSON, file: String) throws(FileFormatError) -> OrderedJSON? {
        var version = version(of: tree)
        guard version < RequestCollection.currentVersion else { return nil }
        var current = tree
        while version < RequestCollection.currentVersion {
            guard let step = steps[version] else {
                throw FileFormatError(file: file, line: 1, column: 1, reason: "no migration from collection format version \(version); this file cannot be read")
            }
            do {
                current = try step(current)
            } catch {
                throw FileFormatError(file: file, line: 1, column: 1, reason: "migrating from version \(version) failed: \(error)")
            }
            version += 1
            if case .object(var members) = current, let index = members.firstIndex(where: { $0.key == "version" }) {
                members[index].value = .number(String(version))
                current = .object(members)
            }
        }
        return current
    }
}
