import Foundation
import RequestStore
import Testing

@Suite("The sample collection that `make run` opens")
struct SampleCollectionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-requests").path

    @Test("loads without problems, with its environment, and is written canonically")
    func loads() throws {
        let library = CollectionLibrary.load(Self.folder)
        #expect(library.failures.isEmpty)
        let file = try #require(library.collections.first)
        #expect(file.document.allRequests.count == 19)
        #expect(library.environment(named: "local")?.document.variables.map(\.name) == ["baseUrl", "token", "password"])
        let written = try CanonicalJSON.encode(file.document)
        #expect(written == FileManager.default.contents(atPath: file.path))
    }
}
