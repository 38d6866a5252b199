import Foundation
import RequestStore
import Testing
@testable import Replay
import TestSupport

/// Steps from `.hurl` files carry the lines of their request, checks and captures.
@Suite struct HurlSourceLinesTests {
    static func file() throws -> CollectionFile {
        let folder = TemporaryFolder.path("curlew-hurl-lines")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/api.hurl"
        try Data("# one\nGET http://127.0.0.1:9/a\n\nHTTP 200\n[Captures]\nid: jsonpath \"$.id\"\n[Asserts]\nbody contains \"x\"\n\nGET http://127.0.0.1:9/b\n".utf8)
            .write(to: URL(fileURLWithPath: path))
        return try CollectionFile.load(path)
    }

    @Test func stepsOfAHurlFileNameTheirLines() throws {
        let file = try Self.file()
        let steps = try RunSelection.steps(in: [file])
        #expect(steps.map(\.sourceLine) == [2, 10])
        #expect(steps[0].checkLines == [4, 8] && steps[0].captureLines == [6])
        #expect(steps[0].origin == file.path + ":2")
        #expect(steps[1].acceptsAnyStatus)
    }

    @Test func aRequestChangedSinceItWasReadGetsNoLines() throws {
        let file = try Self.file()
        var collection = file.document
        collection.requests[0].url = "http://127.0.0.1:9/changed"
        let steps = HurlSourceLines.attach(to: collection.allRequests.map { RunStep(located: $0, in: collection, file: file.path) })
        #expect(steps[0].sourceLine == nil)
        #expect(steps[1].sourceLine == 10)
    }
}
