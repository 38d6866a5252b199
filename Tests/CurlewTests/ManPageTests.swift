import Foundation
import Testing
import TestSupport

/// `curlew man PAGE`: every page renders with `man -l` at 80 columns without a warning and holds what its table says.
@Suite struct ManPageTests {
    /// The package's folder, where `docs/` is.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every page and a few words it must contain.
    static let pages: [(page: String, section: Int, contains: [String])] = [
        ("curlew", 1, ["curlew send", "curlew completions", "\\-\\-theme", "curlew\\-send"]),
        ("curlew-send", 1, ["\\-\\-max\\-filesize", "\\-\\-from", "EXIT STATUS", "curlew\\-collection", "HOSTILE SERVERS", "EXAMPLES"]),
        ("curlew-run", 1, ["\\-\\-report", "\\-\\-variable", "\\-\\-concurrency", "DATA FILES", "REPORTS"]),
        ("curlew-history", 1, ["\\-\\-since", "show", "THE HISTORY FILE"]),
        ("curlew-auth", 1, ["status", "clear", "\\-\\-env", "ssh \\-L"]),
        ("curlew-import", 1, ["postman", "\\-\\-into"]),
        ("curlew-export", 1, ["\\-\\-keep\\-variables", "hurl"]),
        ("curlew-collection", 5, ["CANONICAL WRITING", "secrets"]),
    ]

    @Test("man -l renders the page at 80 columns without warnings", arguments: pages)
    func renders(page: String, section: Int, contains: [String]) async throws {
        let folder = TemporaryFolder.path("curlew-man")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let made = try await ProcessRunner.curlew(["man", page, "--docs", Self.packageRoot + "/docs"])
        #expect(made.status == 0, "\(made.errorOutput)")
        #expect(made.output.hasPrefix(".TH \"\(page.uppercased())\" \"\(section)\""))
        for word in contains { #expect(made.output.contains(word), "\(page) lacks \(word)") }
        let file = folder + "/\(page).\(section)"
        try made.stdout.write(to: URL(fileURLWithPath: file))
        let rendered = try await ProcessRunner.run("/bin/sh", ["-c", "MANWIDTH=80 man -l '\(file)' 2>&1"], environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(rendered.status == 0)
        #expect(rendered.output.contains(page.uppercased() + "(\(section))"))
        for problem in [": warning", "troff:", "can't break", "cannot adjust", "man:"] {
            #expect(!rendered.output.lowercased().contains(problem), "\(page): \(rendered.output)")
        }
        let errors = try await ProcessRunner.run("/bin/sh", ["-c", "MANWIDTH=80 man -l '\(file)' 2>&1 >/dev/null"], environment: ["MANPAGER": "cat", "PAGER": "cat"])
        #expect(errors.output.isEmpty, "\(page): \(errors.output)")
        let strict = try await ProcessRunner.run("/bin/sh", ["-c", "groff -man -Tutf8 -ww -z '\(file)' 2>&1"])
        #expect(strict.output.isEmpty, "\(page): \(strict.output)")
    }

    @Test("--list names every page with its section, and an unknown page is a usage error")
    func list() async throws {
        let listed = try await ProcessRunner.curlew(["man", "--list"])
        let expected = Self.pages.map { "\($0.page) \($0.section)" }
        #expect(listed.output.split(separator: "\n").map(String.init) == expected)
        let unknown = try await ProcessRunner.curlew(["man", "curlew-nothing"])
        #expect(unknown.status == 2)
    }
}
