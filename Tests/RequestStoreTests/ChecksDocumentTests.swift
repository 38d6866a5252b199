import Foundation
import Testing
@testable import RequestStore

@Suite("docs/checks.md")
struct ChecksDocumentTests {
    static let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/checks.md")

    /// The code spans of the last column of every table row that start with a query.
    static func examples() throws -> [String] {
        let text = try String(contentsOf: document, encoding: .utf8)
        let queries = ["status", "version", "url", "redirects", "header", "cookie", "body", "bytes", "sha256", "md5", "jsonpath", "xpath", "regex", "duration", "variable"]
        var found: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let last = cells.last(where: { !$0.isEmpty }) else { continue }
            let spans = last.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            for span in spans {
                let example = span.replacingOccurrences(of: "\u{1}", with: "|")
                guard let first = example.split(separator: " ").first, queries.contains(String(first)), !example.contains("…") else { continue }
                found.append(example)
            }
        }
        return found
    }

    @Test("every example check in the reference parses")
    func examplesParse() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 50)
        for example in examples {
            #expect(throws: Never.self, "\(example)") { try Check.parse(example) }
        }
    }
}
