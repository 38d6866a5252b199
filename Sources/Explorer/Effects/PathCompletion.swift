import Foundation

/// Tab completion of file paths: the longest unambiguous extension of what was typed.
public enum PathCompletion {
    /// The completed text, or nil when nothing matches.
    ///
    /// One match completes fully (a folder gets a trailing `/`); several complete to their
    /// longest common prefix.
    public static func complete(_ text: String) -> String? {
        let expanded = (text as NSString).expandingTildeInPath
        let directoryPart: String
        let prefix: String
        if expanded.hasSuffix("/") {
            directoryPart = expanded
            prefix = ""
        } else {
            directoryPart = (expanded as NSString).deletingLastPathComponent
            prefix = (expanded as NSString).lastPathComponent
        }
        let listed = directoryPart.isEmpty ? "." : directoryPart
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: listed) else { return nil }
        let matches = names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        guard let first = matches.first else { return nil }
        let typedDirectory: String
        if text.hasSuffix("/") {
            typedDirectory = text
        } else if let slash = text.lastIndex(of: "/") {
            typedDirectory = String(text[...slash])
        } else {
            typedDirectory = ""
        }
        if matches.count == 1 {
            var isDirectory: ObjCBool = false
            let full = (listed as NSString).appendingPathComponent(first)
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
            return typedDirectory + first + (isDirectory.boolValue ? "/" : "")
        }
        var common = first
        for name in matches.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        return typedDirectory + common
    }
}
