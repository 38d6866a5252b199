import Foundation
import Testing

/// `curlew send` run as a real process against loopback servers.
@Suite struct SendCommandTests {
    @Test func stdoutThatIsNotATerminalGetsTheExactBytes() async throws {
        let bytes = Data("NUL \u{0} escape \u{1B}[31m red \u{7F} é ✓\r\n".utf8)
        let encoded = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let curlew = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/base64/\(encoded)")])
        #expect(curlew.status == 0)
        #expect(curlew.stdout == bytes)
    }

    @Test func binaryBodyIsWrittenUnchanged() async throws {
        let url = try await LoopbackServers.httpbin("/image/png")
        let curlew = try await ProcessRunner.curlew(["send", url])
        let curl = try await ProcessRunner.run("/usr/bin/curl", ["-s", url])
        #expect(curlew.stdout.count > 1000)
        #expect(curlew.stdout == curl.stdout)
    }

    @Test func jsonIsNotReformattedForAPipe() async throws {
        let url = try await LoopbackServers.httpbin("/json")
        let curlew = try await ProcessRunner.curlew(["send", url])
        let curl = try await ProcessRunner.run("/usr/bin/curl", ["-s", url])
        #expect(curlew.stdout == curl.stdout)
    }

    @Test(arguments: [
        (["send"], "URL"),
        (["send", "http://127.0.0.1/", "--bogus"], "--bogus"),
        (["send", "http://127.0.0.1/", "-H", "no colon"], "-H"),
        (["send", "http://127.0.0.1/", "--timeout", "soon"], "--timeout"),
        (["send", "http://127.0.0.1/", "-F", "file=path"], "-F"),
        (["send", "http://127.0.0.1/", "--json", "{}", "-d", "a=1"], "--json"),
        (["send", "http://127.0.0.1/", "--format", "xml"], "--format"),
        (["send", "http://127.0.0.1/", "-p", "[1]"], "-p"),
        (["send", "GET", "http://127.0.0.1/", "extra"], "extra"),
    ])
    func usageErrorsExitWith2AndNameTheArgument(arguments: [String], named: String) async throws {
        let result = try await ProcessRunner.curlew(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(named))
        #expect(result.stdout.isEmpty)
    }

    @Test func dnsFailureExitsWith6() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://no-such-host.invalid/"])
        #expect(result.status == 6)
        #expect(result.errorOutput.hasPrefix("curlew: Could not resolve host"))
        #expect(result.errorOutput.filter { $0 == "\n" }.count == 1)
    }

    @Test func refusedConnectionExitsWith7() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1:1/"])
        #expect(result.status == 7)
    }

    @Test func failExitsWith22WithoutBody() async throws {
        let withFail = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/status/404"), "--fail"])
        #expect(withFail.status == 22)
        #expect(withFail.stdout.isEmpty)
        let without = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/status/404")])
        #expect(without.status == 0)
    }

    @Test func timeoutExitsWith28() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/delay/5"), "--timeout", "0.5"])
        #expect(result.status == 28)
    }

    @Test func selfSignedCertificateExitsWith60UnlessTrusted() async throws {
        let url = try await LoopbackServers.tlsURL()
        let rejected = try await ProcessRunner.curlew(["send", url])
        #expect(rejected.status == 60)
        let trusted = try await ProcessRunner.curlew(["send", url, "--cacert", try await LoopbackServers.tlsCertificate()])
        #expect(trusted.status == 0)
        let insecure = try await ProcessRunner.curlew(["send", url, "--insecure"])
        #expect(insecure.status == 0)
    }

    @Test func pinMismatchExitsWith90AndPinnedCertificateMatches() async throws {
        let url = try await LoopbackServers.tlsURL()
        let certificate = try await LoopbackServers.tlsCertificate()
        let mismatch = try await ProcessRunner.curlew(["send", url, "--cacert", certificate, "--pin", "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="])
        #expect(mismatch.status == 90)
        let match = try await ProcessRunner.curlew(["send", url, "--cacert", certificate, "--pin-cert", certificate])
        #expect(match.status == 0)
    }

    @Test func includePrintsStatusLineAndHeadersFirst() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/response-headers?X-Test=one"), "-i"])
        #expect(result.status == 0)
        let text = result.output
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
        let parts = text.components(separatedBy: "\r\n\r\n")
        #expect(parts.count >= 2)
        #expect(parts[0].contains("\r\nX-Test: one"))
        #expect(parts.dropFirst().joined(separator: "\r\n\r\n").contains("\"X-Test\""))
    }

    @Test func outputGoesToAFile() async throws {
        let path = try LoopbackServers.temporaryDirectory() + "/out-\(UUID().uuidString).bin"
        let url = try await LoopbackServers.httpbin("/range/10000")
        let result = try await ProcessRunner.curlew(["send", url, "-o", path])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let curl = try await ProcessRunner.run("/usr/bin/curl", ["-s", url])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == curl.stdout)
    }

    @Test func formatJSONDescribesTheExchange() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/get?x=1"), "--format", "json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["status"] as? Int == 200)
        #expect(object["httpVersion"] as? String == "HTTP/1.1")
        #expect(object["bodyEncoding"] as? String == "text")
        #expect((object["headers"] as? [[String: String]])?.contains { $0["name"] == "Content-Type" } == true)
        #expect((object["timings"] as? [String: Double])?["total"] != nil)
        let body = try #require((object["body"] as? String)?.data(using: .utf8))
        let echoed = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((echoed?["args"] as? [String: String])?["x"] == "1")
    }

    @Test func formatJSONUsesBase64ForBinaryBodies() async throws {
        let url = try await LoopbackServers.httpbin("/image/png")
        let bytes = try await ProcessRunner.run("/usr/bin/curl", ["-s", url]).stdout
        let result = try await ProcessRunner.curlew(["send", url, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["bodyEncoding"] as? String == "base64")
        #expect((object["body"] as? String).flatMap { Data(base64Encoded: $0) } == bytes)
    }

    @Test func printCurlSendsNothingAndReproducesTheRequest() async throws {
        let arguments = [try await LoopbackServers.httpbin("/anything"), "-q", "q=a&b", "-H", "X-Thing: it's", "-d", "name=José", "--bearer", "tok"]
        let printed = try await ProcessRunner.curlew(["send", "PUT"] + arguments + ["--print-curl"])
        #expect(printed.status == 0)
        #expect(printed.output.hasPrefix("curl "))
        let viaCurl = try await ProcessRunner.run("/bin/sh", ["-c", printed.output])
        let direct = try await ProcessRunner.curlew(["send", "PUT"] + arguments)
        let fromCurl = try JSONSerialization.jsonObject(with: viaCurl.stdout) as? [String: Any]
        let fromCurlew = try JSONSerialization.jsonObject(with: direct.stdout) as? [String: Any]
        for key in ["method", "args", "form", "url"] {
            #expect(String(describing: fromCurl?[key]) == String(describing: fromCurlew?[key]))
        }
        let curlHeaders = fromCurl?["headers"] as? [String: String]
        let curlewHeaders = fromCurlew?["headers"] as? [String: String]
        for name in ["X-Thing", "Authorization", "Content-Type"] {
            #expect(curlHeaders?[name] == curlewHeaders?[name])
        }
    }

    @Test func formFilesAndParamsMakeAMultipartBody() async throws {
        let path = try LoopbackServers.temporaryDirectory() + "/attachment-\(UUID().uuidString).txt"
        try Data("first\u{0}second".utf8).write(to: URL(fileURLWithPath: path))
        let result = try await ProcessRunner.curlew([
            "send", try await LoopbackServers.httpbin("/post"), "-d", "note=hi", "-p", #"{"n":{"k":[1,2]}}"#, "-F", "upload=@\(path);type=text/plain",
        ])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let form = object["form"] as? [String: Any]
        #expect(form?["note"] as? String == "hi")
        #expect(form?["n[k][]"] as? [String] == ["1", "2"])
        #expect((object["files"] as? [String: String])?["upload"] == "first\u{0}second")
    }

    @Test func jsonBodyDefaultsToPost() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/anything"), "--json", #"{"a":1}"#])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(object["method"] as? String == "POST")
        #expect((object["json"] as? [String: Int])?["a"] == 1)
    }

    @Test func verboseWritesRequestResponseAndTimingsToStderr() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/get"), "-v"])
        #expect(result.status == 0)
        #expect(result.errorOutput.contains("> GET "))
        #expect(result.errorOutput.contains("< HTTP/1.1 200 OK"))
        #expect(result.errorOutput.contains("* timings: dns"))
        #expect(!result.stdout.isEmpty)
    }

    @Test func redirectsFollowedUnlessNoFollowAndLimited() async throws {
        let url = try await LoopbackServers.httpbin("/redirect/2")
        let followed = try await ProcessRunner.curlew(["send", url, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: followed.stdout) as? [String: Any])
        #expect(object["status"] as? Int == 200)
        #expect(object["redirects"] as? Int == 2)
        let unfollowed = try await ProcessRunner.curlew(["send", url, "--no-follow", "-i"])
        #expect(unfollowed.output.hasPrefix("HTTP/1.1 302"))
        let limited = try await ProcessRunner.curlew(["send", url, "--max-redirs", "1"])
        #expect(limited.status == 47)
    }

    @Test func helpDocumentsEveryOption() async throws {
        let result = try await ProcessRunner.curlew(["send", "--help"])
        #expect(result.status == 0)
        for option in ["--query", "--params", "--form", "--file", "--header", "--json", "--data-raw", "--bearer", "--basic",
                       "--timeout", "--no-follow", "--max-redirs", "--insecure", "--cacert", "--pin", "--pin-cert", "--cert",
                       "--key", "--proxy", "--include", "--verbose", "--output", "--fail", "--print-curl", "--format"] {
            #expect(result.output.contains(option))
        }
    }
}

/// `curlew send` writing to a terminal (a pseudo-terminal made by `script`).
@Suite struct SendCommandTerminalTests {
    @Test func jsonIsPrettyPrintedAndColoredOnATerminal() async throws {
        let url = try await LoopbackServers.httpbin("/json")
        let command = "'\(ProcessRunner.curlewPath)' send '\(url)'"
        let result = try await ProcessRunner.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(result.status == 0)
        let text = result.output
        #expect(text.contains("\u{1B}[1;34m\"slideshow\"\u{1B}[0m"))
        #expect(text.contains("\n  "))
    }

    @Test func escapeSequencesInTextAreShownNotObeyed() async throws {
        let body = Data("red \u{1B}[31m text\n".utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        let url = try await LoopbackServers.httpbin("/base64/\(body)")
        let result = try await ProcessRunner.run("/usr/bin/script", ["-qec", "'\(ProcessRunner.curlewPath)' send '\(url)'", "/dev/null"])
        #expect(result.output.contains("red \u{241B}[31m text"))
        #expect(!result.output.contains("\u{1B}[31m"))
    }
}
