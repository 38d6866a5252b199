import Foundation
import Testing
@testable import Replay
import TestSupport

@Suite struct DataFileTests {
    /// Writes bytes to a temporary file with the given extension and returns its path.
    private func file(_ text: String, extension suffix: String) throws -> String {
        let path = TemporaryFolder.path("curlew-data", suffix: ".\(suffix)")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func values(_ rows: [DataRow]) -> [[String]] {
        rows.map { $0.columns.map(\.value) }
    }

    @Test func csvFieldsFollowRFC4180() throws {
        let text = "\u{FEFF}user,note,quote\r\nann,\"a, b\",\"she said \"\"hi\"\"\"\r\nbob,\"two\r\nlines\",plain\r\n\"\",x,\"\"\r\n"
        let rows = try DataFile.load(try file(text, extension: "csv"))
        #expect(rows.first?.columns.map(\.name) == ["user", "note", "quote"])
        #expect(values(rows) == [["ann", "a, b", "she said \"hi\""], ["bob", "two\r\nlines", "plain"], ["", "x", ""]])
        #expect(rows.map(\.number) == [1, 2, 3])
        #expect(rows.map(\.line) == [2, 3, 5])
    }

    @Test func csvWithoutFinalLineBreakAndWithLFOnly() throws {
        let rows = try DataFile.load(try file("a,b\n1,2\n\n3,4", extension: "csv"))
        #expect(values(rows) == [["1", "2"], ["3", "4"]])
    }

    @Test(arguments: [
        ("a,b\n1,2\n3\n", "3: this row has 1 field but the header has 2"),
        ("a,b\n1,2,3\n", "2: this row has 3 fields but the header has 2"),
        ("a,b\n\"1,2\n", "2: a quoted field is never closed"),
        ("a,b\n\"1\"x,2\n", "2: text after the closing quote"),
        ("a,,c\n1,2,3\n", "1: column 2 of the header has no name"),
        ("a,a\n1,2\n", "1: the header names 'a' twice"),
        ("a,b\n", "has no data rows"),
    ])
    func csvProblemsNameTheFileAndLine(text: String, message: String) throws {
        let path = try file(text, extension: "csv")
        #expect {
            try DataFile.load(path)
        } throws: { error in
            "\(error)".hasPrefix(path) && "\(error)".contains(message)
        }
    }

    @Test func jsonRowsTakeScalarsAsTheirText() throws {
        let rows = try DataFile.load(try file(#"[{"user": "ann", "age": 42, "admin": true, "note": null}, {"user": "bob", "age": 1.5e3}]"#, extension: "json"))
        #expect(values(rows) == [["ann", "42", "true", "null"], ["bob", "1.5e3"]])
        #expect(rows[0].values["age"] == "42")
    }

    @Test(arguments: [
        (#"{"user": "ann"}"#, "must hold a JSON array of objects"),
        (#"[{"user": "ann"}, 3]"#, "element 2 of the array is not an object"),
        (#"[{"user": {"name": "ann"}}]"#, "element 1, key 'user': nested arrays and objects"),
        (#"[{"user": "ann"}"#, "is not valid JSON"),
        ("[]", "has no data rows"),
    ])
    func jsonProblemsNameTheFile(text: String, message: String) throws {
        let path = try file(text, extension: "json")
        #expect {
            try DataFile.load(path)
        } throws: { error in
            "\(error)".hasPrefix(path) && "\(error)".contains(message)
        }
    }

    @Test func otherFilesAreRefused() throws {
        #expect(throws: DataFileError.self) { try DataFile.load(try file("a", extension: "txt")) }
        #expect(throws: DataFileError.self) { try DataFile.load(TemporaryFolder.path("curlew-no-such", suffix: ".csv")) }
    }
}
