import Foundation
import RequestStore

/// Gives the steps that come from `.hurl` files the lines of their request, checks and captures, so that
/// results name `FILE:LINE`.
public enum HurlSourceLines {
    /// The steps with lines attached where the file on disk still holds the same request at that position.
    public static func attach(to steps: [RunStep]) -> [RunStep] {
        var documents: [String: [HurlEntry]] = [:]
        return steps.map { step in
            guard let file = step.collectionFile, HurlReader.isHurlFile(file), step.location.folderIndices.isEmpty else { return step }
            if documents[file] == nil {
                documents[file] = FileManager.default.contents(atPath: file).flatMap { try? HurlReader.read($0, file: file) }?.entries ?? []
            }
            guard let entries = documents[file], entries.indices.contains(step.location.requestIndex) else { return step }
            let entry = entries[step.location.requestIndex]
            guard entry.request == step.request else { return step }
            var attached = step
            attached.sourceLine = entry.line
            attached.checkLines = entry.checkLines
            attached.captureLines = entry.captureLines
            return attached
        }
    }
}
