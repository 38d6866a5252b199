import Foundation
import RequestKit

/// A collection read from a `.http` / `.rest` file, with what could not be carried over.
public struct HTTPFileImport: Hashable, Sendable {
    /// The requests, in file order (inside folders when the file names them with `# @folder`).
    public var collection: RequestCollection
    /// Things that were ignored or changed, with their line numbers.
    public var warnings: [ConversionWarning]
}

/// Reads the `.http` / `.rest` format of VS Code's REST Client and JetBrains' HTTP Client.
///
/// Requests are separated by `###` lines (text after `###` names the request). Before the request
/// line come `@name = value` file variables and `#` or `//` comments, among them `# @name NAME`,
/// `# @no-redirect`, `# @timeout SECONDS` and curlew's own `# @folder A/B`. Then the request line
/// (`METHOD URL [HTTP/1.1]`, or just a URL for GET), query lines starting with `?` or `&`, headers
/// up to a blank line, and the body up to the next `###`; a body of `< ./path` sends that file.
public enum HTTPFileParser {
    /// Parses a whole file into a collection named `collectionName`.
    public static func parse(_ text: String, collectionName: String) -> HTTPFileImport {
        var collection = RequestCollection(name: collectionName)
        var warnings: [ConversionWarning] = []
        for block in blocks(of: text) {
            var parser = HTTPFileBlockParser(block: block)
            let result = parser.parse()
            warnings += parser.warnings
            collection.variables += parser.variables
            guard let request = result else { continue }
            collection.insert(request, intoFolderPath: parser.folderPath)
        }
        return HTTPFileImport(collection: collection, warnings: warnings)
    }

    /// One `###`-separated part of the file: the text after `###` and the numbered lines.
    struct Block {
        var title: String
        var lines: [(number: Int, text: String)]
    }

    static func blocks(of text: String) -> [Block] {
        var blocks: [Block] = [Block(title: "", lines: [])]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            if line.hasPrefix("###") {
                blocks.append(Block(title: line.dropFirst(3).trimmingCharacters(in: .whitespaces), lines: []))
            } else {
                blocks[blocks.count - 1].lines.append((index + 1, line))
            }
        }
        return blocks
    }
}

extension RequestCollection {
    /// Appends a request inside the folder path given (names from the top), creating folders as needed.
    mutating func insert(_ request: SavedRequest, intoFolderPath path: [String]) {
        guard let first = path.first else {
            requests.append(request)
            return
        }
        Folder.insert(request, path: path[...], first: first, into: &folders)
    }
}

extension Folder {
    /// Appends a request under `path` among `folders`, creating the folders that do not exist; walks the
    /// path without recursion, keeping each level and putting them back bottom up.
    static func insert(_ request: SavedRequest, path: ArraySlice<String>, first: String, into folders: inout [Folder]) {
        var levels: [(folders: [Folder], index: Int)] = []
        var current = folders
        for name in path {
            let index: Int
            if let existing = current.firstIndex(where: { $0.name == name }) {
                index = existing
            } else {
                current.append(Folder(name: name))
                index = current.count - 1
            }
            levels.append((current, index))
            current = current[index].folders
        }
        guard let deepest = levels.popLast() else { return }
        var rebuilt = deepest.folders
        rebuilt[deepest.index].requests.append(request)
        while let outer = levels.popLast() {
            var level = outer.folders
            level[outer.index].folders = rebuilt
            rebuilt = level
        }
        folders = rebuilt
    }
}
