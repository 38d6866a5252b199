import Foundation

/// A `.hurl` file read into requests, with where each one and each of its checks is written.
public struct HurlDocument: Sendable {
    /// The entries in file order.
    public var entries: [HurlEntry]
    /// Constructs curlew does not support, each naming the construct, file, line and column; an entry that
    /// holds one is kept without it only when the file is read leniently (for `curlew import hurl`).
    public var problems: [FileFormatError]
    /// The file's lines, kept so that unchanged entries are written back as they were.
    var source: HurlSource

    /// The file's lines of an entry: from its leading comments to just before the next entry's.
    func text(of entry: HurlEntry) -> String {
        source.text(of: entry.sourceLines)
    }
}

/// One entry of a `.hurl` file: a request with its checks and captures, and the lines they come from.
public struct HurlEntry: Hashable, Sendable {
    /// The request; its name is the comment line above it, or its method and URL.
    public var request: SavedRequest
    /// The line of the request's method and URL, from 1.
    public var line: Int
    /// The line of each check, in the order of `request.checks`, from 1.
    public var checkLines: [Int]
    /// The line of each capture, in the order of `request.captures`, from 1.
    public var captureLines: [Int]
    /// The lines (0-based) that belong to the entry, leading comments and trailing blank lines included.
    var sourceLines: Range<Int>
}
