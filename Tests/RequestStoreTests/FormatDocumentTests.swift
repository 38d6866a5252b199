import Foundation
import Testing
@testable import RequestStore

@Suite("docs/collection-format.md")
struct FormatDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/collection-format.md")

    /// The fenced JSON blocks of the document, in order.
    static func jsonBlocks() throws -> [String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```json" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("the complete example reads back and is written again byte for byte")
    func completeExample() throws {
        let example = try #require(try Self.jsonBlocks().last)
        let collection = try RequestCollection.decode(from: Data(example.utf8), file: "example")
        #expect(collection.name == "Shop API")
        #expect(String(decoding: try collection.encoded(), as: UTF8.self) == example)
    }

    @Test("the environment and secrets examples read back canonically")
    func otherExamples() throws {
        let blocks = try Self.jsonBlocks()
        #expect(blocks.count == 3)
        let environment = try CanonicalJSON.decode(Environment.self, from: Data(blocks[0].utf8), file: "env")
        #expect(String(decoding: try CanonicalJSON.encode(environment), as: UTF8.self) == blocks[0])
        let secrets = try CanonicalJSON.decode(SecretsFile.self, from: Data(blocks[1].utf8), file: "secrets")
        #expect(String(decoding: try CanonicalJSON.encode(secrets), as: UTF8.self) == blocks[1])
    }

    @Test("paths inside the collection folder are stored relative")
    func relativePaths() {
        #expect(CollectionPaths.stored("/home/me/api/files/a.png", baseDirectory: "/home/me/api") == "files/a.png")
        #expect(CollectionPaths.stored("/etc/ssl/ca.pem", baseDirectory: "/home/me/api") == "/etc/ssl/ca.pem")
        #expect(CollectionPaths.stored("rel/x", baseDirectory: "/home/me/api") == "rel/x")
        #expect(CollectionPaths.resolved("files/a.png", baseDirectory: "/home/me/api") == "/home/me/api/files/a.png")
    }
}
