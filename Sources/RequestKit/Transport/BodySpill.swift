/// Where a large response body goes instead of memory: a new file in a chosen folder, once the body grows
/// past a threshold or its Content-Length announces more.
///
/// The file holds the decoded body byte for byte (what came before the threshold, then the rest). It is a
/// `TemporaryBodyFile` of the response, removed when the last copy of the response goes away. Its name is
/// `curlew-body-<pid>-<random>`, so a later process can tell the files of a process that ended
/// (`BodySpill.ownerProcess(ofFileNamed:)`) from those still in use.
public struct BodySpill: Hashable, Sendable {
    /// The folder the file is made in; nil for the system's temporary folder.
    public var directory: String?
    /// The most body bytes held in memory; a body past it is written to the file.
    public var threshold: Int64
    /// The largest body accepted when the request sets no `maxResponseSize` of its own; nil for no limit but the disk's.
    public var limit: Int64?

    /// Creates a spill rule; a negative threshold counts as zero (every body goes to a file).
    public init(directory: String?, threshold: Int64, limit: Int64?) {
        self.directory = directory
        self.threshold = max(0, threshold)
        self.limit = limit
    }

    /// The start of every spill file's name.
    public static let filePrefix = "curlew-body-"

    /// The process id in a spill file's name (`curlew-body-<pid>-<random>`), or nil for a name of another form.
    public static func ownerProcess(ofFileNamed name: String) -> Int32? {
        guard name.hasPrefix(filePrefix) else { return nil }
        let rest = name.dropFirst(filePrefix.count)
        guard let dash = rest.firstIndex(of: "-") else { return nil }
        let digits = rest[..<dash]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(digits)
    }
}
