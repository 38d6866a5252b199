import Foundation
import RequestStore

/// Gives the steps that come from `.hurl` files the lines of their request, checks and captures, so that
/// results name `FILE:LINE`.
public enum HurlSourceLines {
    /// The steps with lines attached where the file on disk still holds the same request at that position.
    public static func attach(to steps: [RunStep]) -> [RunStep] {
        var documents: [String: [HurlEntry]] = [:]
        var isHurl: [String: Bool] = [:]
        var steps = steps
        // Each step is read in place rather than copied: a run may hold many thousands of steps of a JSON collection.
        for index in steps.indices {
            guard let file = steps[index].collectionFile, steps[index].location.folderIndices.isEmpty else { continue }
            if isHurl[file] == nil { isHurl[file] = HurlReader.isHurlFile(file) }
            guard isHurl[file] == true else { continue }
            if documents[file] == nil {
                documents[file] = FileManager.default.contents(atPath: file).flatMap { try? HurlReader.read($0, file: file) }?.entries ?? []
            }
            let requestIndex = steps[index].location.requestIndex
            guard let entries = documents[file], entries.indices.contains(requestIndex) else { continue }
            let entry = entries[requestIndex]
            guard entry.request == steps[index].request else { continue }
            steps[index].sourceLine = entry.line
            steps[index].checkLines = entry.checkLines
            steps[index].captureLines = entry.captureLines
        }
        return steps
    }
}
