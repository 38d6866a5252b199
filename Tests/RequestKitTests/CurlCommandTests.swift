import Foundation
import Testing
@testable import RequestKit

@Suite("curl export")
struct CurlCommandTests {
    /// Options that add nothing to the command line beyond `--compressed`.
    static let bare = RequestOptions(timeout: nil, followRedirects: false)

    @Test(arguments: [
        ("plain", "plain"), ("", "''"), ("it's", "'it'\\''s'"), ("a b", "'a b'"), ("$HOME", "'$HOME'"),
        ("`x`", "'`x`'"), ("=x", "'=x'"), ("~", "'~'"), ("a\nb", "'a\nb'"),
    ])
    func shellQuoting(text: String, expected: String) {
        #expect(ShellQuoting.quote(text) == expected)
    }

    @Test func simpleGet() {
        #expect(Request(url: "http://h/p", options: Self.bare).curlCommand == "curl http://h/p --compressed")
    }

    @Test func methodFlagOnlyWhenCurlWouldNotChooseIt() {
        #expect(Request(method: .post, url: "http://h/", body: .json("{}"), options: Self.bare).curlCommand
            == "curl http://h/ -H 'Content-Type: application/json' --data-binary '{}' --compressed")
        #expect(Request(method: .post, url: "http://h/", options: Self.bare).curlCommand == "curl http://h/ -H Content-Type: --data-binary '' --compressed")
        #expect(Request(method: .delete, url: "http://h/", options: Self.bare).curlCommand == "curl -X DELETE http://h/ --compressed")
        #expect(Request(method: .head, url: "http://h/", options: Self.bare).curlCommand == "curl --head http://h/ --compressed")
        #expect(Request(method: .get, url: "http://h/", body: .json("{}"), options: Self.bare).curlCommand
            == "curl -X GET http://h/ -H 'Content-Type: application/json' --data-binary '{}' --compressed")
    }

    @Test func headersQueryAndAuth() {
        let request = Request(
            url: "http://h/search?x=1",
            query: [QueryItem(name: "q", value: "it's & more")],
            headers: ["Accept": "application/json", "X-Empty": ""],
            auth: .bearer("tok"),
            options: Self.bare
        )
        #expect(request.curlCommand
            == "curl 'http://h/search?x=1&q=it'\\''s%20%26%20more' -H 'Accept: application/json' -H 'X-Empty;' -H 'Authorization: Bearer tok' --compressed")
    }

    @Test func bracketsInTheURLTurnOffGlobbing() {
        #expect(Request(url: "http://h/?a[]=1", options: Self.bare).curlCommand == "curl --globoff 'http://h/?a[]=1' --compressed")
    }

    @Test func rawBodies() {
        #expect(Request(method: .post, url: "http://h/", body: .raw(Data("@notafile".utf8), contentType: "text/plain"), options: Self.bare).curlCommand
            == "curl http://h/ -H 'Content-Type: text/plain' --data-raw @notafile --compressed")
        #expect(Request(method: .post, url: "http://h/", body: .raw(Data("x".utf8), contentType: nil), options: Self.bare).curlCommand
            == "curl http://h/ -H Content-Type: --data-binary x --compressed")
        #expect(Request(method: .post, url: "http://h/", body: .raw(Data([0x00, 0x41, 0x25, 0x27, 0x5C, 0xFF, 0x0A]), contentType: "application/octet-stream"), options: Self.bare).curlCommand
            == "printf '\\000A%%'\\''\\\\\\377\\012' | curl http://h/ -H 'Content-Type: application/octet-stream' --data-binary @- --compressed")
    }

    @Test func formAndFileBodies() {
        #expect(Request(method: .post, url: "http://h/", body: .form([FormField(name: "a", value: "1 2")]), options: Self.bare).curlCommand
            == "curl http://h/ -H 'Content-Type: application/x-www-form-urlencoded' --data-binary 'a=1%202' --compressed")
        #expect(Request(method: .put, url: "http://h/", body: .file(path: "/tmp/my file.json", contentType: nil), options: Self.bare).curlCommand
            == "curl -X PUT http://h/ -H 'Content-Type: application/json' --data-binary '@/tmp/my file.json' --compressed")
    }

    @Test func multipartUsesFormOptions() {
        let form = MultipartForm(
            fields: [FormField(name: "plain", value: "v"), FormField(name: "at", value: "@etc/passwd"), FormField(name: "semi", value: "a;type=x")],
            files: [
                MultipartFile(name: "doc", path: "/tmp/it's \"here\".pdf"),
                MultipartFile(name: "txt", path: "/tmp/a.txt", fileName: "b.txt", contentType: "text/plain; charset=utf-8"),
            ]
        )
        let command = Request(method: .post, url: "http://h/", headers: ["Content-Type": "multipart/form-data"], body: .multipart(form), options: Self.bare).curlCommand
        #expect(command == "curl http://h/ -F 'plain=v' --form-string 'at=@etc/passwd' --form-string 'semi=a;type=x'"
            + " -F 'doc=@\"/tmp/it'\\''s \\\"here\\\".pdf\";type=application/pdf;filename=\"it'\\''s \\\"here\\\".pdf\"'"
            + " -F 'txt=@\"/tmp/a.txt\";headers=\"Content-Type: text/plain; charset=utf-8\";filename=\"b.txt\"' --compressed")
    }

    @Test func transferOptions() {
        let options = RequestOptions(
            timeout: 12.5, connectTimeout: 3, followRedirects: true, maxRedirects: 4, verifyTLS: false,
            caBundlePath: "/ca.pem", clientCertificatePath: "/c.pem", clientKeyPath: "/k.pem",
            pinnedPublicKeys: ["sha256//AAA=", "sha256//BBB="], proxy: "http://proxy:3128", httpVersion: .http2,
            maxResponseSize: 1000, outputPath: "/tmp/out file"
        )
        #expect(Request(url: "http://h/", options: options).curlCommand
            == "curl http://h/ --compressed --max-time 12.5 --connect-timeout 3 -L --max-redirs 4 -k --cacert /ca.pem --cert /c.pem --key /k.pem"
            + " --pinnedpubkey 'sha256//AAA='';''sha256//BBB=' --proxy http://proxy:3128 --http2 --max-filesize 1000 -o '/tmp/out file'")
    }

    @Test func pinnedCertificateBecomesAnOpensslPipeline() {
        let command = Request(url: "http://h/", options: RequestOptions(timeout: nil, followRedirects: false, pinnedCertificatePath: "/no/such/cert.pem")).curlCommand
        #expect(command == "curl http://h/ --compressed --pinnedpubkey \"sha256//$(openssl x509 -in /no/such/cert.pem -pubkey -noout"
            + " | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | openssl enc -base64)\"")
    }

    @Test func multilineJoinsWithBackslashes() {
        #expect(Request(method: .delete, url: "http://h/", options: Self.bare).curlCommand(multiline: true) == "curl \\\n  -X DELETE \\\n  http://h/ \\\n  --compressed")
    }
}
