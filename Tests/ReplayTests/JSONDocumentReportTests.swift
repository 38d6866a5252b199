import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

/// The `json` report is one JSON document with the fields docs/curlew-run.md lists, read by a strict parser,
/// and a run killed midway leaves a file that the documented `]}` completes.
@Suite struct JSONDocumentReportTests {
    /// The documented keys of the document, of each result and of the totals.
    static let documentKeys: Set<String> = ["report", "version", "startedAt", "total", "requests", "dataRows", "repeat", "results", "end"]
    static let resultKeys: Set<String> = [
        "index", "iteration", "dataRow", "collection", "path", "name", "origin", "method", "url", "status", "passed",
        "durationMs", "bytesSent", "bytesReceived", "bodySize", "attempts", "error", "checks", "captures", "captureFailures",
    ]
    static let endKeys: Set<String> = ["passed", "failed", "skipped", "durationMs", "cancelled"]

    private func object(_ value: JSONValue?) throws -> [String: JSONValue] {
        guard case .object(let object)? = value else { throw ReportShapeError("not an object: \(String(describing: value))") }
        return object
    }

    private func array(_ value: JSONValue?) throws -> [JSONValue] {
        guard case .array(let array)? = value else { throw ReportShapeError("not an array: \(String(describing: value))") }
        return array
    }

    @Test func theReportIsOneDocumentWithItsDocumentedFields() throws {
        let path = try RunReportTests().write(.json)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let document = try object(try JSONParser.parse(Data(text.utf8)))
        #expect(Set(document.keys) == Self.documentKeys)
        #expect(document["report"] == .string("curlew run"))
        #expect(document["version"] == .number("1"))
        #expect(document["total"] == .number("4") && document["requests"] == .number("2") && document["dataRows"] == .number("2"))
        let results = try array(document["results"])
        #expect(results.count == 4)
        for result in results { #expect(Set(try object(result).keys) == Self.resultKeys) }
        let failed = try object(results[3])
        #expect(failed["passed"] == .bool(false))
        #expect(failed["dataRow"] == .number("2"))
        #expect(failed["index"] == .number("3"))
        let check = try object(try array(failed["checks"]).first)
        #expect(Set(check.keys) == ["check", "passed", "expected", "actual", "problem"])
        #expect(check["actual"] == .string("\"tok-bob\u{1}\""))
        let end = try object(document["end"])
        #expect(Set(end.keys) == Self.endKeys)
        #expect(end["passed"] == .number("3") && end["failed"] == .number("1") && end["cancelled"] == .bool(false))
        // One result a line: the opening line, four result lines, the closing line.
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.last?.hasPrefix("],\"end\":") == true)
    }

    @Test(arguments: [0, 1, 3])
    func aRunKilledMidwayIsCompletedByAppendingTheClosing(written: Int) throws {
        let (plan, results) = try RunReportTests().sample()
        let path = TemporaryFolder.path("curlew-report", suffix: ".json")
        var report = try RunReportFormat.json.open(path)
        try report.begin(plan: plan)
        for result in results.prefix(written) { try report.add(result) }
        // No end: the process was killed here. What it wrote is on disk, each result whole.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(throws: NetworkError.self) { try JSONParser.parse(Data(text.utf8)) }
        #expect(text.split(separator: "\n").last?.hasPrefix("],\"end\":") != true)
        let document = try object(try JSONParser.parse(Data((text + "]}").utf8)))
        #expect(try array(document["results"]).count == written)
        #expect(document["end"] == nil)
        #expect(Set(document.keys) == Self.documentKeys.subtracting(["end"]))
    }
}

/// A report whose shape is not the documented one.
struct ReportShapeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
