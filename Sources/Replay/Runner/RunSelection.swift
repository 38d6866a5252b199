import Foundation
import RequestKit
import RequestStore

/// Picks the steps of a run from loaded collections: every request, or the requests and folders named by
/// path (`Folder/Sub/Name`), name or id, always in collection order (files in the order given).
public enum RunSelection {
    /// The steps for the references given; with none, every request of every collection.
    public static func steps(in collections: [CollectionFile], picking references: [String] = []) throws(RequestLookupError) -> [RunStep] {
        var pickedRequests = Set<Picked>()
        var pickedFolders = Set<Picked>()
        for reference in references {
            let matches = matches(of: reference, in: collections)
            guard !matches.isEmpty else {
                throw .notFound(name: reference, collection: collections.count == 1 ? collections[0].document.name : "the collections given")
            }
            guard matches.count == 1 else {
                throw .ambiguous(name: reference, paths: matches.map { collections[$0.file].document.name + ": " + $0.path })
            }
            let match = matches[0]
            if match.isFolder {
                pickedFolders.insert(match.picked)
            } else {
                pickedRequests.insert(match.picked)
            }
        }
        var steps: [RunStep] = []
        for (fileIndex, file) in collections.enumerated() {
            // Worked out once per file: the folder is a path operation, and every step of the file shares it.
            let baseDirectory = file.baseDirectory
            let located = file.document.allRequests
            steps.reserveCapacity(steps.count + located.count)
            for located in located {
                let picked = references.isEmpty
                    || pickedRequests.contains(Picked(file: fileIndex, indices: located.location.folderIndices + [located.location.requestIndex]))
                    || pickedFolders.contains { $0.file == fileIndex && located.location.folderIndices.starts(with: $0.indices) }
                guard picked else { continue }
                steps.append(RunStep(located: located, in: file.document, file: file.path, baseDirectory: baseDirectory))
            }
        }
        return HurlSourceLines.attach(to: steps)
    }

    /// A picked request (folder indices then the request index) or folder (folder indices) of one file.
    private struct Picked: Hashable {
        var file: Int
        var indices: [Int]
    }

    /// One thing a reference names.
    private struct Match {
        var file: Int
        var path: String
        var isFolder: Bool
        var picked: Picked
    }

    /// The requests and folders a reference names: exact paths first, else unique names or ids.
    private static func matches(of reference: String, in collections: [CollectionFile]) -> [Match] {
        var byPath: [Match] = []
        var byName: [Match] = []
        for (fileIndex, file) in collections.enumerated() {
            for located in file.document.allRequests {
                let match = Match(
                    file: fileIndex, path: located.path, isFolder: false,
                    picked: Picked(file: fileIndex, indices: located.location.folderIndices + [located.location.requestIndex]))
                if located.path == reference { byPath.append(match) }
                else if located.request.name == reference || (located.request.id != nil && located.request.id == reference) { byName.append(match) }
            }
            for folder in allFolders(of: file.document) {
                let match = Match(file: fileIndex, path: folder.path, isFolder: true, picked: Picked(file: fileIndex, indices: folder.indices))
                if folder.path == reference { byPath.append(match) }
                else if folder.name == reference { byName.append(match) }
            }
        }
        return byPath.isEmpty ? byName : byPath
    }

    /// Every folder of a collection with its path and indices, depth first, without recursion.
    private static func allFolders(of collection: RequestCollection) -> [(name: String, path: String, indices: [Int])] {
        var result: [(name: String, path: String, indices: [Int])] = []
        var pending: [(folder: Folder, path: String, indices: [Int])] = collection.folders.enumerated().map { ($0.element, $0.element.name, [$0.offset]) }.reversed()
        while let (folder, path, indices) = pending.popLast() {
            result.append((folder.name, path, indices))
            for (index, child) in folder.folders.enumerated().reversed() {
                pending.append((child, path + "/" + child.name, indices + [index]))
            }
        }
        return result
    }
}
