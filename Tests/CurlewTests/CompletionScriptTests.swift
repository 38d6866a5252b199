import Foundation
import Testing

/// `curlew completions bash|zsh|fish`, each script loaded into a real shell and asked what it completes.
@Suite struct CompletionScriptTests {
    /// A bash line up to the cursor and what `COMPREPLY` must hold afterwards (every one of them, and nothing outside `exact`).
    static let bashCases: [(line: String, expected: [String], exact: Bool)] = [
        ("curlew se", ["send"], true),
        ("curlew ", ["send", "run", "history", "auth", "import", "export", "completions", "shop.json"], false),
        ("curlew send --he", ["--header"], true),
        ("curlew send --max-", ["--max-redirs", "--max-filesize", "--max-message-size", "--max-session-size"], true),
        ("curlew send ", ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"], true),
        ("curlew send p", ["POST", "PUT", "PATCH"], true),
        ("curlew send --format ", ["json", "body"], true),
        ("curlew send --from shop.json ", ["Users/List\\ users", "Ping"], true),
        ("curlew send --from shop.json Users/", ["Users/List\\ users"], true),
        ("curlew send --from shop.json Ping --env ", ["prod", "staging"], true),
        ("curlew run shop.json --env st", ["staging"], true),
        ("curlew run shop.json Pi", ["Ping"], true),
        ("curlew run shop.json --report ", ["junit:", "json:", "jsonl:", "tap:", "html:"], true),
        ("curlew run shop.json --report j", ["junit:", "json:", "jsonl:"], true),
        ("curlew run shop.json --var", ["--var", "--variable", "--variables-file"], true),
        ("curlew import ", ["curl", "postman", "http", "hurl", "openapi", "insomnia"], true),
        ("curlew export hurl sh", ["shop.json"], true),
        ("curlew export hurl shop.json ", ["Users", "Users/List\\ users", "Ping"], true),
        ("curlew history ", ["show", "resend", "delete", "clear", "compact"], true),
        ("curlew auth ", ["status", "clear"], true),
        ("curlew history --status 4", ["4xx"], true),
        ("curlew history --method D", ["DELETE"], true),
        ("curlew completions ", ["bash", "zsh", "fish"], true),
        ("curlew --theme ", ["dark", "monochrome"], false),
        ("curlew --theme mono", ["monochrome"], true),
        ("curlew shop.json --env pr", ["prod"], true),
        ("curlew run sh", ["shop.json"], true),
    ]

    @Test("bash: COMPREPLY after the completion function runs", arguments: bashCases)
    func bash(line: String, expected: [String], exact: Bool) async throws {
        let fixture = try ShellFixture()
        let result = try await fixture.run("/bin/bash", """
            source <(curlew completions bash) || exit 3
            COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
            read -r -a COMP_WORDS <<< "$COMP_LINE"; [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _curlew
            printf '%s\\n' "${COMPREPLY[@]}"
            """.replacingOccurrences(of: "\"$1\"", with: "'\(line)'"))
        #expect(result.status == 0, "\(result.errorOutput)")
        let replies = result.output.split(separator: "\n").map(String.init)
        for word in expected { #expect(replies.contains(word), "\(line) → \(replies)") }
        if exact { #expect(replies.count == expected.count, "\(line) → \(replies)") }
    }

    @Test("bash: after a word break (junit:), only the part after it is replaced; nospace is set")
    func bashReportFile() async throws {
        let fixture = try ShellFixture()
        try fixture.write("report-old.xml", "")
        let result = try await fixture.run("/bin/bash", """
            source <(curlew completions bash)
            compopt() { echo "compopt $*"; }
            COMP_LINE='curlew run shop.json --report junit:rep'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(curlew run shop.json --report junit : rep); COMP_CWORD=6
            _curlew; printf 'reply %s\\n' "${COMPREPLY[@]}"
            COMP_LINE='curlew run shop.json --report ju'; COMP_POINT=${#COMP_LINE}
            COMP_WORDS=(curlew run shop.json --report ju); COMP_CWORD=4
            _curlew; printf 'reply %s\\n' "${COMPREPLY[@]}"
            """)
        #expect(result.output.contains("reply report-old.xml\n"), "\(result.output)")
        #expect(result.output.contains("reply junit:\n"), "\(result.output)")
        #expect(result.output.contains("compopt -o nospace"), "\(result.output)")
    }

    @Test("bash: compgen lists what the script was given for a command, and complete -p names the function")
    func bashRegistersTheFunction() async throws {
        let fixture = try ShellFixture()
        let result = try await fixture.run("/bin/bash", "source <(curlew completions bash); complete -p curlew")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "complete -F _curlew curlew")
    }

    @Test("zsh: the function hands compadd the candidates with their descriptions")
    func zsh() async throws {
        guard let zsh = ShellFixture.installed("zsh") else {
            Issue.record("zsh is not installed (make test-deps installs it)")
            return
        }
        let fixture = try ShellFixture()
        let result = try await fixture.run(zsh, """
            compdef() { :; }
            source <(curlew completions zsh)
            compadd() { print -r -- "compadd $*"; }
            words=(curlew run shop.json --env ''); LBUFFER='curlew run shop.json --env '; _curlew
            words=(curlew send --he); LBUFFER='curlew send --he'; _curlew
            words=(curlew run shop.json 'Users/'); LBUFFER='curlew run shop.json Users/'; _curlew
            """)
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("compadd -d shown -- prod staging"), "\(result.output)")
        #expect(result.output.contains("compadd -d shown -- --header"), "\(result.output)")
        #expect(result.output.contains("compadd -d shown -- Users/List users"), "\(result.output)")
    }

    @Test("fish: complete -C lists the candidates with descriptions")
    func fish() async throws {
        guard let fish = ShellFixture.installed("fish") else {
            Issue.record("fish is not installed (make test-deps installs it)")
            return
        }
        let fixture = try ShellFixture()
        let result = try await fixture.run(fish, """
            curlew completions fish | source
            complete -C 'curlew run shop.json --env '
            complete -C 'curlew send --he'
            complete -C 'curlew export hurl shop.json Users/'
            """)
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.contains("prod") && lines.contains("staging"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("--header\tAdd a header") }, "\(lines)")
        #expect(lines.contains("Users/List users"), "\(lines)")
    }

    @Test("the line is split as a shell splits it: quotes, backslashes, ~/ and --option=value")
    func lineSplitting() async throws {
        let fixture = try ShellFixture()
        let cases: [(line: String, expected: [String])] = [
            ("curlew run '\(fixture.path)/shop.json' Users/List\\ u", ["Users/List\\ users"]),
            ("curlew run \"\(fixture.path)/shop.json\" \"Users/Li", ["Users/List\\ users"]),
            ("curlew run ~/shop.json P", ["Ping"]),
            ("curlew run ~/shop.json --env=pr", ["--env=prod"]),
            ("curlew run ~/sh", ["~/shop.json"]),
        ]
        for (line, expected) in cases {
            let result = try await ProcessRunner.curlew(["__complete", "bash", line], environment: fixture.environment)
            #expect(Array(result.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).dropLast().map(String.init)) == expected,
                    "\(line): \(result.output)")
        }
    }

    @Test("an unknown shell is a usage error")
    func unknownShell() async throws {
        let result = try await ProcessRunner.curlew(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("bash, zsh or fish"))
    }

    @Test("names with control characters from a hostile collection are not offered")
    func hostileNames() async throws {
        let fixture = try ShellFixture()
        try fixture.write("evil.json", #"{"format": "curlew.collection", "version": 2, "name": "E", "requests": [{"name": "a\u001b[31mred", "url": "http://x/"}, {"name": "plain", "url": "http://x/"}]}"#)
        let result = try await ProcessRunner.curlew(["__complete", "bash", "curlew run \(fixture.path)/evil.json "], environment: fixture.environment)
        #expect(result.output.contains("plain"))
        #expect(!result.output.contains("\u{1B}"))
    }
}
