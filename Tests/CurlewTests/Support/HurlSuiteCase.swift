import Foundation

/// One test of Hurl's integration suite, as Tests/HurlSuite/commands.tsv writes it, with the curlew command lines it becomes.
struct HurlSuiteCase: Sendable, CustomStringConvertible {
    /// `ok/TOPIC/NAME` or `failed/TOPIC/NAME`.
    var id: String
    /// The `.hurl` file, relative to the suite's folder.
    var file: String
    /// Hurl's options, one run per element (the environment variables and config files of the upstream script written as flags).
    var hurlRuns: [[String]]
    /// Steps that prepare files before the run (`remove P`, `folder P`, `text P WORDS`, `lorem P`, `zeros P N`, `outside P file|folder`).
    var setup: [[String]]

    var description: String { id }

    /// Whether the test must pass (`tests_ok`) rather than fail (`tests_failed`).
    var mustPass: Bool { id.hasPrefix("ok/") }

    /// The topic folder: tests of one topic share server state, so they run one after the other.
    var topic: String { id.split(separator: "/").dropFirst().first.map(String.init) ?? id }

    /// Hurl's options that only change what Hurl prints, which curlew's harness does not compare.
    static let displayOnly: Set<String> = [
        "--color", "--no-color", "--include", "--json", "--pretty", "--no-output", "--ipv4", "--parallel", "--fail-with-body",
    ]

    /// The arguments of `curlew run` for one of Hurl's runs: the file, entries, then the flags.
    ///
    /// Flags curlew has keep their names; `--very-verbose` is `--verbose`; Hurl stops a file at its first failing entry,
    /// which is curlew's `--bail`, unless `--continue-on-error`; `--from-entry`/`--to-entry` name the entries to run;
    /// `--cookie FILE` (a file of cookies to start from) is `--cookie-jar FILE`; `--no-cookie-store` is `--no-cookies`. Any other flag is passed as it is, so
    /// that a flag curlew lacks fails the test with curlew's own message.
    static func curlewArguments(file: String, hurl: [String]) -> [String] {
        var flags: [String] = [], bail = true, from: Int?, to: Int?
        var index = 0
        func value() -> String {
            index += 1
            return index < hurl.count ? hurl[index] : ""
        }
        while index < hurl.count {
            let word = hurl[index]
            switch word {
            case _ where displayOnly.contains(word): break
            case "--verbosity": _ = value()
            case "--very-verbose": flags.append("--verbose")
            case "--continue-on-error": bail = false
            case "--from-entry": from = Int(value())
            case "--to-entry": to = Int(value())
            case "--cookie": flags += ["--cookie-jar", value()]
            case "--no-cookie-store": flags.append("--no-cookies")
            default: flags.append(word)
            }
            index += 1
        }
        var entries: [String] = []
        if from != nil || to != nil {
            let first = from ?? 1, last = max(first, to ?? first)
            entries = (first...last).map { "entry-\($0)" }
        }
        return ["run", file] + entries + (bail ? ["--bail"] : []) + flags
    }

    /// The tests of commands.tsv.
    static func load(_ path: String) throws -> [HurlSuiteCase] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { throw HurlSuiteError("commands.tsv: a row needs 4 fields: \(line)") }
            let runs = fields[2].components(separatedBy: ";;").map { words($0) }
            let setup = fields[3].split(separator: ";").map { words(String($0)) }.filter { !$0.isEmpty }
            return HurlSuiteCase(id: fields[0], file: fields[1], hurlRuns: runs, setup: setup)
        }
    }

    /// Words split at spaces, with single quotes around words that hold spaces.
    static func words(_ text: String) -> [String] {
        var words: [String] = [], current = "", quoted = false, started = false
        for character in text {
            if character == "'" {
                quoted.toggle()
                started = true
            } else if character == " " && !quoted {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }
}

/// A problem with the suite's own files.
struct HurlSuiteError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
