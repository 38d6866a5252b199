import Foundation

/// Whether curlew did what Hurl does on one test: a `tests_ok` file exits 0 on every run; a `tests_failed` file exits
/// with an error (not a crash) and names the same lines as Hurl's expected stderr (`--> FILE:LINE:COL`), when it has one.
struct HurlSuiteVerdict: Sendable {
    /// The test.
    var test: HurlSuiteCase
    /// Whether curlew matched Hurl.
    var passed: Bool
    /// What went wrong, for the failure message.
    var detail: String

    /// Judges the results of a test's runs.
    static func judge(_ test: HurlSuiteCase, runs: [ProcessResult], expectedLines: Set<Int>) -> HurlSuiteVerdict {
        for (index, run) in runs.enumerated() {
            let output = run.output + run.errorOutput
            let named = "run \(index + 1) of \(runs.count), exit \(run.status)"
            if test.mustPass {
                if run.status != 0 { return HurlSuiteVerdict(test: test, passed: false, detail: "\(named):\n\(output)") }
                continue
            }
            guard (1...123).contains(run.status) else {
                return HurlSuiteVerdict(test: test, passed: false, detail: "\(named) where a failure was expected:\n\(output)")
            }
            let lines = reportedLines(in: output, file: test.file)
            if !expectedLines.isEmpty && lines != expectedLines {
                let detail = "\(named); lines named \(lines.sorted()), Hurl names \(expectedLines.sorted()):\n\(output)"
                return HurlSuiteVerdict(test: test, passed: false, detail: detail)
            }
        }
        return HurlSuiteVerdict(test: test, passed: true, detail: "")
    }

    /// The lines of the file that an output names as `FILE:LINE`.
    static func namedLines(in output: String, file: String) -> Set<Int> {
        var lines: Set<Int> = []
        var rest = output[...]
        let marker = file + ":"
        while let found = rest.range(of: marker) {
            rest = rest[found.upperBound...]
            let digits = rest.prefix(while: \.isNumber)
            if let line = Int(digits) { lines.insert(line) }
        }
        return lines
    }

    /// The lines of the file that curlew's output names: `FILE:LINE`, and `line N:` before each failure of a result.
    static func reportedLines(in output: String, file: String) -> Set<Int> {
        var lines = namedLines(in: output, file: file)
        for row in output.split(separator: "\n") {
            let text = row.drop { $0 == " " }
            guard text.hasPrefix("line ") else { continue }
            if let line = Int(text.dropFirst(5).prefix { $0.isNumber }), text.dropFirst(5).drop(while: \.isNumber).hasPrefix(":") {
                lines.insert(line)
            }
        }
        return lines
    }

    /// The lines Hurl's expected stderr names for the file (`--> FILE:LINE:COL`): NAME.err, else the `.hurl` file's own.
    static func expectedLines(_ test: HurlSuiteCase, root: String) -> Set<Int> {
        let folder = (test.file as NSString).deletingLastPathComponent
        let name = test.id.split(separator: "/").last.map(String.init) ?? ""
        let candidates = [folder + "/" + name + ".err", (test.file as NSString).deletingPathExtension + ".err"]
        guard let text = candidates.lazy.compactMap({ try? String(contentsOfFile: root + "/" + $0, encoding: .utf8) }).first else {
            return []
        }
        let arrows = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("-->") }
        return namedLines(in: arrows.joined(separator: "\n"), file: test.file)
    }
}
