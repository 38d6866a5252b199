import Foundation
import RequestKit
import RequestStore

/// Locates the fixture files that sit beside the test sources.
enum ImportFixtures {
    /// The `Fixtures` folder next to this file.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The names (without extension) of the files in a fixture folder with the given extension, sorted.
    static func names(in folder: String, extension ext: String) -> [String] {
        let url = root.appendingPathComponent(folder)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return files.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }.sorted()
    }

    /// The text of a fixture file.
    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The parsed JSON of a fixture file.
    static func json(_ relativePath: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(relativePath)))
    }
}

/// RequestKit exports a `JSONValue`; tests in this module mean the store's ordered tree, `OrderedJSON`.
typealias JSONValue = RequestKit.OrderedJSON
