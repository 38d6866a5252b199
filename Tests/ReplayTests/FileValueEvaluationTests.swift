import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

/// `file,PATH;` predicate values: the file's bytes, read from the collection's folder when the check runs.
@Suite("File values in checks")
struct FileValueEvaluationTests {
    /// A temp folder holding `hello.txt` ("hello world") and `other.txt`.
    static func folder() throws -> String {
        let path = TemporaryFolder.path("curlew-file-value")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data("hello world".utf8).write(to: URL(fileURLWithPath: path + "/hello.txt"))
        try Data("something else".utf8).write(to: URL(fileURLWithPath: path + "/other.txt"))
        return path
    }

    /// Evaluates a check line with relative files read from `base`.
    static func result(_ line: String, base: String) throws -> CheckResult {
        var evaluation = ResponseEvaluation(response: EvaluationSupport.textResponse, variables: [:], now: EvaluationSupport.now)
        evaluation.baseDirectory = base
        return evaluation.evaluate(try Check.parse(line))
    }

    @Test func theBodyEqualsTheFileItWasSentFrom() throws {
        let base = try Self.folder()
        #expect(try Self.result("bytes == file,hello.txt;", base: base).passed)
        #expect(try Self.result("bytes != file,other.txt;", base: base).passed)
        let differs = try Self.result("bytes == file,other.txt;", base: base)
        #expect(!differs.passed && differs.problem == nil)
    }

    @Test(arguments: [("bytes == file,missing.txt;", "cannot read the file"), ("bytes == file,../hello.txt;", "outside the file root"),
                       ("bytes == file,/etc/hostname;", "outside the file root")])
    func anUnreadableOrClimbingPathIsAProblem(_ line: String, _ message: String) throws {
        let result = try Self.result(line, base: try Self.folder())
        #expect(!result.passed)
        #expect(result.problem?.contains(message) == true, "\(String(describing: result.problem))")
    }

    @Test func aFileValueIsWrittenAsRead() throws {
        #expect(try Check.parse("bytes == file,data/a.bin;").text == "bytes == file,data/a.bin;")
        #expect(throws: CheckSyntaxError.self) { try Check.parse("bytes == file,;") }
    }
}
