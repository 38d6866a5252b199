import Foundation
import RequestKit
import RequestStore

/// One saved request of a run, with what it inherits from its collection and folders and where it is written.
public struct RunStep: Hashable, Sendable {
    /// The saved request, `{{variables}}` unresolved.
    public var request: SavedRequest
    /// The effective headers: the collection's, each folder's and the request's own, overridden by name.
    public var headers: [KeyValueRow]
    /// The effective credentials.
    public var auth: SavedAuth
    /// The folder names and the request name joined by `/`, e.g. `Users/Login`.
    public var path: String
    /// The name of the collection the request belongs to.
    public var collectionName: String
    /// The collection file the request is written in, when it came from a file.
    public var collectionFile: String?
    /// The folder relative file paths are resolved against (the collection file's folder).
    public var baseDirectory: String?
    /// The collection's variables, searched after every other source.
    public var collectionVariables: [Variable]
    /// The request's and its folders' variables, most specific first, searched after `--var`.
    public var variableLayers: [VariableLayer] = []
    /// Where the request sits in its collection.
    public var location: RequestLocation
    /// The line of the request in a `.hurl` file, from 1; nil for other collections.
    public var sourceLine: Int?
    /// The line of each check in a `.hurl` file, in the order of the request's checks.
    public var checkLines: [Int] = []
    /// The line of each capture in a `.hurl` file, in the order of the request's captures.
    public var captureLines: [Int] = []

    /// Creates a step for a request found in a collection.
    public init(located: LocatedRequest, in collection: RequestCollection, file: String? = nil, baseDirectory: String? = nil) {
        let inherited = InheritedSettings.effective(for: located, in: collection)
        request = located.request
        headers = inherited.headers
        auth = inherited.auth
        path = located.path
        collectionName = collection.name
        collectionFile = file
        self.baseDirectory = baseDirectory
        collectionVariables = collection.variables
        variableLayers = inherited.variables
        location = located.location
    }

    /// The request's name.
    public var name: String { request.name }

    /// "shop.json/Folder/Name": the source recorded in the history, as `curlew send --from` records it.
    public var historySource: String {
        ((collectionFile.map { ($0 as NSString).lastPathComponent }) ?? collectionName) + "/" + path
    }

    /// "FILE: Folder/Name", or "COLLECTION: Folder/Name" when there is no file, or "FILE:LINE" in a `.hurl` file:
    /// where the request is written.
    public var origin: String {
        if let sourceLine, let collectionFile { return "\(collectionFile):\(sourceLine)" }
        return "\(collectionFile ?? collectionName): \(path)"
    }

    /// Whether any status passes when the request has no checks, as in a `.hurl` file.
    public var acceptsAnyStatus: Bool { sourceLine != nil || collectionFile.map(HurlReader.isHurlFile) == true }

    /// Where the first failing check or capture of a result is written ("FILE:LINE"), else the request's origin.
    public func origin(of result: RunResult) -> String {
        guard let collectionFile, sourceLine != nil else { return origin }
        if let index = result.checks.firstIndex(where: { !$0.passed }), checkLines.indices.contains(index) {
            return "\(collectionFile):\(checkLines[index])"
        }
        if let failure = result.captureFailures.first, let index = request.captures.firstIndex(of: failure.rule), captureLines.indices.contains(index) {
            return "\(collectionFile):\(captureLines[index])"
        }
        return origin
    }
}
