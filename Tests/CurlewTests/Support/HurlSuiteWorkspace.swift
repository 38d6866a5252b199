import Foundation

/// A writable copy of Hurl's suite with the data files it lacks, the folder the tests run from (as Hurl's run from
/// `integration/hurl`).
struct HurlSuiteWorkspace: Sendable {
    /// Where the copy of Hurl's suite kept in the package is (read only).
    static let peerSuite = ProcessRunner.packageRoot.appendingPathComponent("Tests/Fixtures/hurl-tests").path
    /// This package's side of the suite: the server, the command lines, the known failures and the missing data files.
    static let ownFolder = ProcessRunner.packageRoot.appendingPathComponent("Tests/HurlSuite").path

    /// The copy.
    var root: String
    /// A folder outside the copy, for the targets of symlinks that leave it.
    var outside: String

    /// Copies the suite and lays the missing data files over it.
    static func make(in parent: String) throws -> HurlSuiteWorkspace {
        let manager = FileManager.default
        let base = parent + "/hurl-suite-\(UUID().uuidString)"
        let workspace = HurlSuiteWorkspace(root: base + "/suite", outside: base + "/outside")
        try manager.createDirectory(atPath: base, withIntermediateDirectories: true)
        try manager.createDirectory(atPath: workspace.outside, withIntermediateDirectories: true)
        try manager.copyItem(atPath: peerSuite, toPath: workspace.root)
        let data = ownFolder + "/data"
        for case let relative as String in manager.enumerator(atPath: data) ?? FileManager.DirectoryEnumerator() {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: data + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let target = workspace.root + "/" + relative
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if manager.fileExists(atPath: target) { try manager.removeItem(atPath: target) }
            try manager.copyItem(atPath: data + "/" + relative, toPath: target)
        }
        try manager.createDirectory(atPath: workspace.root + "/build", withIntermediateDirectories: true)
        return workspace
    }

    /// Runs a test's setup steps.
    func prepare(_ steps: [[String]]) throws {
        let manager = FileManager.default
        for step in steps {
            guard step.count >= 2 else { throw HurlSuiteError("a setup step needs a path: \(step)") }
            let path = root + "/" + step[1]
            let parent = (path as NSString).deletingLastPathComponent
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            switch step[0] {
            case "remove":
                if manager.fileExists(atPath: path) { try manager.removeItem(atPath: path) }
            case "folder":
                try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
            case "text":
                try Data(step.dropFirst(2).joined(separator: " ").utf8).write(to: URL(fileURLWithPath: path))
            case "lorem":
                try Data(Self.lorem.utf8).write(to: URL(fileURLWithPath: path))
            case "zeros":
                try Data(count: Int(step.count > 2 ? step[2] : "0") ?? 0).write(to: URL(fileURLWithPath: path))
            case "outside":
                let target = outside + "/" + (step[1] as NSString).lastPathComponent
                if step.count > 2, step[2] == "folder" {
                    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                } else {
                    try Data("outside the file root\n".utf8).write(to: URL(fileURLWithPath: target))
                }
                if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil || manager.fileExists(atPath: path) {
                    try manager.removeItem(atPath: path)
                }
                try manager.createSymbolicLink(atPath: path, withDestinationPath: target)
            default:
                throw HurlSuiteError("unknown setup step \(step[0])")
            }
        }
    }

    /// The five lines an output file is filled with before a test that must truncate it.
    static let lorem = """
    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.
    Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.
    Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.
    Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.
    Sed ut perspiciatis unde omnis iste natus error sit voluptatem accusantium doloremque laudantium.

    """
}
