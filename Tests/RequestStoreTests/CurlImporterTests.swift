import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The shell tokenizers on their own.
@Suite("curl import: shell words")
struct CurlShellWordTests {
    private func words(_ text: String) throws -> [[String]] {
        try PosixShellTokenizer.tokenize(text).commands().commands
    }

    @Test("single and double quotes, backslashes and continuations")
    func quoting() throws {
        let text = "curl 'a b' \"c \\\"d\\\" \\$e \\x\" f\\ g \\\n  'h'\"i\""
        #expect(try words(text) == [["curl", "a b", "c \"d\" $e \\x", "f g", "hi"]])
    }

    @Test("ANSI-C quoting", arguments: [
        ("$'a\\nb'", "a\nb"), ("$'\\t'", "\t"), ("$'\\x41\\x42'", "AB"), ("$'\\u00e9'", "é"),
        ("$'\\xc3\\xa9'", "é"), ("$'it\\'s'", "it's"), ("$'\\101'", "A"), ("$'\\U0001F600'", "😀"), ("$'\\q'", "\\q"),
    ])
    func ansiC(_ input: String, _ expected: String) throws {
        #expect(try words("curl " + input) == [["curl", expected]])
    }

    @Test("separators, comments and redirections")
    func separators() throws {
        let result = try PosixShellTokenizer.tokenize("# fetch\ncurl a; curl b && curl c | jq . > out.json 2>&1\n")
        let (commands, warnings) = result.commands()
        #expect(commands == [["curl", "a"], ["curl", "b"], ["curl", "c"], ["jq", "."]])
        #expect(warnings.contains { $0.location == "> out.json" })
        #expect(warnings.contains { $0.location.hasPrefix("2>&1") || $0.location.hasPrefix("2>") })
    }

    @Test("shell variables stay literal and are reported")
    func variables() throws {
        let result = try PosixShellTokenizer.tokenize("curl -H \"Authorization: Bearer $TOKEN\" ${HOST}/x")
        #expect(result.commands().commands == [["curl", "-H", "Authorization: Bearer $TOKEN", "${HOST}/x"]])
        #expect(result.warnings.map(\.location) == ["$TOKEN", "${HOST}"])
    }

    @Test("an unclosed quote is an error naming its line")
    func unterminated() {
        #expect(throws: ShellTokenizerError.unterminatedQuote(quote: "'", line: 2)) {
            try PosixShellTokenizer.tokenize("curl \\\n 'abc")
        }
    }

    @Test("Windows cmd copy with carets")
    func windowsCmd() throws {
        let text = "curl ^\"https://example.com/api?a=1^&b=2^\" ^\n  -H ^\"accept: */*^\" ^\n  --data-raw ^\"^{^\\^\"name^\\^\":^\\^\"x y^\\^\"^}^\"\n"
        #expect(WindowsCommandTokenizer.looksLikeCmd(text))
        let commands = try WindowsCommandTokenizer.tokenize(text).commands().commands
        #expect(commands == [["curl", "https://example.com/api?a=1&b=2", "-H", "accept: */*", "--data-raw", "{\"name\":\"x y\"}"]])
    }
}

/// curl options turned into requests.
@Suite("curl import: options")
struct CurlOptionTests {
    private func request(_ command: String) throws -> ImportedCurlRequest {
        let all = try CurlImporter.parse(command)
        return try #require(all.first)
    }

    private func body(_ request: Request) -> String? {
        if case .raw(let data, _) = request.body { return String(decoding: data, as: UTF8.self) }
        return nil
    }

    @Test("clustered short options and glued values")
    func clustered() throws {
        let imported = try request("curl -sSLkXPUT -Hx:1 -m5 example.com/a")
        #expect(imported.request.method == .put)
        #expect(imported.request.url == "http://example.com/a")
        #expect(imported.request.options.followRedirects)
        #expect(!imported.request.options.verifyTLS)
        #expect(imported.request.options.timeout == 5)
        #expect(imported.request.headers.value(for: "x") == "1")
        #expect(imported.warnings.filter { $0.severity == .note }.map(\.location) == ["-s", "-S"])
        #expect(imported.suggestedName == "PUT /a")
    }

    @Test("redirects are off unless -L, as in curl")
    func redirects() throws {
        #expect(try request("curl http://h/").request.options.followRedirects == false)
        #expect(try request("curl --location --max-redirs 3 http://h/").request.options.maxRedirects == 3)
    }

    @Test("--json sets Content-Type and Accept and joins pieces without separator")
    func json() throws {
        let imported = try request("curl --json '{\"a\":' --json '1}' http://h/")
        #expect(imported.request.method == .post)
        #expect(body(imported.request) == "{\"a\":1}")
        #expect(imported.request.headers.all == [HTTPHeader(name: "Content-Type", value: "application/json"), HTTPHeader(name: "Accept", value: "application/json")])
    }

    @Test("a Content-Type given with -H wins over the form default")
    func explicitContentType() throws {
        let imported = try request("curl -H 'content-type: text/plain' -d hello http://h/")
        #expect(imported.request.headers.all == [HTTPHeader(name: "content-type", value: "text/plain")])
    }

    @Test("--data-urlencode forms", arguments: [
        ("a b&c", "a%20b%26c"), ("=a b", "a%20b"), ("name=a b", "name=a%20b"), ("n=é", "n=%C3%A9"),
    ])
    func urlencode(_ input: String, _ expected: String) throws {
        let imported = try request("curl --data-urlencode '\(input)' http://h/")
        #expect(body(imported.request) == expected)
    }

    @Test("--data-urlencode with a file is reported, not dropped silently")
    func urlencodeFile() throws {
        let imported = try request("curl --data-urlencode name@file.txt -d x=1 http://h/")
        #expect(body(imported.request) == "x=1")
        #expect(imported.warnings.contains { $0.severity == .unsupported && $0.message.contains("file.txt") })
    }

    @Test("-d @file becomes a file body; --data-raw keeps the @")
    func dataFiles() throws {
        let file = try request("curl --data-binary @body.json http://h/")
        #expect(file.request.body == .file(path: "body.json", contentType: nil))
        let raw = try request("curl --data-raw @body.json http://h/")
        #expect(body(raw.request) == "@body.json")
    }

    @Test("-G moves data into the query, before any fragment")
    func getMovesData() throws {
        let imported = try request("curl -G -d a=1 --data-urlencode 'b=x y' 'http://h/p?z=0#top'")
        #expect(imported.request.method == .get)
        #expect(imported.request.url == "http://h/p?z=0&a=1&b=x%20y#top")
        #expect(imported.request.body == .none)
        #expect(imported.request.headers.isEmpty)
    }

    @Test("-F text, file with type and filename, and --form-string")
    func form() throws {
        let imported = try request("curl -F a=1 -F 'f=@./x.png;type=image/png;filename=\"y.png\"' --form-string 'b=@literal' http://h/")
        guard case .multipart(let form) = imported.request.body else {
            Issue.record("expected multipart, got \(imported.request.body)")
            return
        }
        #expect(form.fields == [FormField(name: "a", value: "1"), FormField(name: "b", value: "@literal")])
        #expect(form.files == [MultipartFile(name: "f", path: "./x.png", fileName: "y.png", contentType: "image/png")])
        #expect(imported.request.method == .post)
    }

    @Test("-u, --oauth2-bearer and unsupported schemes")
    func auth() throws {
        #expect(try request("curl -u ann:s3:cret http://h/").request.auth == .basic(user: "ann", password: "s3:cret"))
        #expect(try request("curl --oauth2-bearer tok http://h/").request.auth == .bearer("tok"))
        let digest = try request("curl --digest -u a:b http://h/")
        #expect(digest.warnings.contains { $0.location == "--digest" && $0.severity == .unsupported })
        let noPassword = try request("curl -u ann http://h/")
        #expect(noPassword.warnings.contains { $0.location == "-u" })
    }

    @Test("-A, -e and -b become headers; a cookie file is reported")
    func headerShortcuts() throws {
        let imported = try request("curl -A agent/1 -e http://ref/ -b 'a=1' -b 'b=2' http://h/")
        #expect(imported.request.headers.all == [
            HTTPHeader(name: "User-Agent", value: "agent/1"), HTTPHeader(name: "Referer", value: "http://ref/"),
            HTTPHeader(name: "Cookie", value: "a=1; b=2"),
        ])
        let jar = try request("curl -b jar.txt http://h/")
        #expect(jar.warnings.contains { $0.message.contains("jar.txt") })
    }

    @Test("TLS, proxy, timeouts and HTTP version")
    func transferOptions() throws {
        let options = try request("curl --cacert ca.pem --cert c.pem --key k.pem --pinnedpubkey 'sha256//AAA=;sha256//BBB=' -x http://proxy:3128 --connect-timeout 2.5 --max-time 9 --http2 --max-filesize 10k https://h/").request.options
        #expect(options.caBundlePath == "ca.pem")
        #expect(options.clientCertificatePath == "c.pem")
        #expect(options.clientKeyPath == "k.pem")
        #expect(options.pinnedPublicKeys == ["sha256//AAA=", "sha256//BBB="])
        #expect(options.proxy == "http://proxy:3128")
        #expect(options.connectTimeout == 2.5)
        #expect(options.timeout == 9)
        #expect(options.httpVersion == .http2)
        #expect(options.maxResponseSize == Int64(10_240))
    }

    @Test("-I is HEAD and -T is PUT with the file")
    func headAndUpload() throws {
        #expect(try request("curl -I http://h/").request.method == .head)
        let upload = try request("curl -T data.bin http://h/")
        #expect(upload.request.method == .put)
        #expect(upload.request.body == .file(path: "data.bin", contentType: nil))
    }

    @Test("unknown, ambiguous and --opt=value options are reported")
    func unknownOptions() throws {
        let imported = try request("curl --frobnicate --data=x --re --retry 3 http://h/")
        let locations = imported.warnings.filter { $0.severity == .unsupported }.map(\.location)
        #expect(locations == ["--frobnicate", "--data=x", "--re", "--retry 3"])
        #expect(imported.request.url == "http://h/")
    }

    @Test("--no- switches turn options off")
    func negation() throws {
        #expect(try request("curl -L --no-location http://h/").request.options.followRedirects == false)
    }

    @Test("several URLs, --url and --next give several requests")
    func severalRequests() throws {
        let all = try CurlImporter.parse("curl -H a:1 http://one/ --url http://two/ --next -X DELETE http://three/")
        #expect(all.map(\.request.url) == ["http://one/", "http://two/", "http://three/"])
        #expect(all.map(\.request.method) == [.get, .get, .delete])
        #expect(all[1].request.headers.value(for: "a") == "1")
        #expect(all[2].request.headers.isEmpty)
    }

    @Test("a file of commands, with prompts and other programs")
    func manyCommands() throws {
        let all = try CurlImporter.parse("$ curl http://a/\ncurl -X POST http://b/ | jq .\n")
        #expect(all.map(\.request.url) == ["http://a/", "http://b/"])
        #expect(all[0].warnings.contains { $0.message.contains("not a curl command") })
    }

    @Test("a -H that removes a header and a header with an empty value")
    func headerEdgeCases() throws {
        let imported = try request("curl -H 'Accept:' -H 'X-Empty;' http://h/")
        #expect(imported.request.headers.all == [HTTPHeader(name: "X-Empty", value: "")])
        #expect(imported.warnings.contains { $0.message.contains("removes a header") })
    }

    @Test("glob patterns are reported unless -g")
    func globbing() throws {
        #expect(try request("curl 'http://h/[1-3].txt'").warnings.contains { $0.message.contains("pattern") })
        #expect(try request("curl -g 'http://h/[1-3].txt'").warnings.allSatisfy { !$0.message.contains("pattern") })
        #expect(try request("curl 'http://h/{{id}}'").warnings.isEmpty)
    }

    @Test("errors", arguments: [
        ("wget http://h/", CurlImportError.notACurlCommand(firstWord: "wget")),
        ("curl -H", CurlImportError.missingValue(option: "-H")),
        ("curl -s", CurlImportError.missingURL),
        ("", CurlImportError.notACurlCommand(firstWord: "")),
    ])
    func errors(_ command: String, _ expected: CurlImportError) {
        #expect(throws: expected) { try CurlImporter.parse(command) }
    }

    @Test("a browser's Copy as cURL (bash) with ANSI-C data")
    func chromeCopy() throws {
        let command = """
        curl 'https://api.example.com/graphql?op=Search' \\
          -H 'accept: */*' \\
          -H 'content-type: application/json' \\
          -H 'cookie: sid=abc; theme=dark' \\
          --data-raw $'{"query":"query { search(q: \\\\"caf\\u00e9\\\\") }","vars":{}}' \\
          --compressed
        """
        let imported = try request(command)
        #expect(imported.request.method == .post)
        #expect(imported.request.url == "https://api.example.com/graphql?op=Search")
        #expect(imported.request.headers.map(\.name) == ["accept", "content-type", "cookie"])
        #expect(body(imported.request) == "{\"query\":\"query { search(q: \\\"café\\\") }\",\"vars\":{}}")
        let saved = imported.savedRequest().request
        #expect(saved.query == [KeyValueRow(name: "op", value: "Search")])
        #expect(saved.url == "https://api.example.com/graphql")
        #expect(saved.headers.map(\.name) == ["accept", "cookie"])
        if case .json = saved.body {} else { Issue.record("expected a JSON body, got \(saved.body)") }
        #expect(saved.options.followRedirects == false)
    }

    @Test("the fixture comparison notices a wrong request")
    func comparisonCanFail() {
        let wrong = ImportedCurlRequest(request: Request(method: .put, url: "http://localhost:28139/x"), suggestedName: "", warnings: [])
        let problems = CurlConverterComparison.differences(wrong, generatorOutput: ["method": "get", "raw_url": "http://localhost:28139"])
        #expect(problems.count == 2)
    }
}
