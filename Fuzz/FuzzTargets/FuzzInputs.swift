import Foundation

/// The input files a fuzz target is replayed on: its seed folders and its saved crashes.
public enum FuzzInputs {
    /// The longest input tried, in bytes (libFuzzer's `-max_len`); longer seed files are left out.
    public static let maximumLength = 64 << 10

    /// The folder, relative to the package root, where the inputs that once broke `target` are kept.
    public static func crashFolder(of target: FuzzTarget) -> String {
        "Tests/Fuzz/crashes/" + target.name
    }

    /// The regular files of at most `maximumLength` bytes under `path` (itself, when it is a file), sorted,
    /// skipping names that start with a dot.
    public static func files(under path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        let candidates: [String]
        if isFolder.boolValue {
            let names = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
            candidates = names.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted().map { path + "/" + $0 }
        } else {
            candidates = [path]
        }
        return candidates.filter { file in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: file),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let size = attributes[.size] as? Int else { return false }
            return size <= maximumLength
        }
    }
}
