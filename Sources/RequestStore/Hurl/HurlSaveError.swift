/// A collection that a `.hurl` file cannot hold without losing something; the file is left as it was.
public struct HurlSaveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The `.hurl` file.
    public var path: String
    /// What would be lost, one sentence each.
    public var losses: [String]

    /// Creates the error.
    public init(path: String, losses: [String]) {
        self.path = path
        self.losses = losses
    }

    /// What would be lost and what to do.
    public var description: String {
        "\(path) was not written, because a .hurl file cannot hold all of it: " + losses.joined(separator: "; ")
            + ". Nothing was written; change what the list names, or keep the collection as JSON (curlew import hurl)."
    }
}
