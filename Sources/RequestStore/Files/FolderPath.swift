/// A folder and a name inside it joined into one path with exactly one `/` between them.
public enum FolderPath {
    /// `name` inside `folder`: one slash between them however many end the folder or start the name; the name alone
    /// when the folder is empty.
    public static func joined(_ folder: String, _ name: String) -> String {
        let tail = name.drop { $0 == "/" }
        guard !folder.isEmpty else { return String(tail) }
        var head = Substring(folder)
        while head.hasSuffix("/") { head = head.dropLast() }
        return String(head) + "/" + tail
    }
}
