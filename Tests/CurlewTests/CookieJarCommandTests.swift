import Foundation
import Testing
import TestServers

/// The persistent cookie jar of `curlew send --from` and `curlew run`: a cookie set by one process is sent by the
/// next, the jar file is private, a malformed jar names its bad lines, and `--no-cookies` keeps none.
@Suite struct CookieJarCommandTests {
    /// A collection with a request that sets a cookie (httpbin's /cookies/set, not followed) and one that shows them.
    private func fixture() async throws -> RunFixture {
        let flavour = "oat-\(UUID().uuidString.prefix(8))"
        return try RunFixture(requests: [
            RunFixture.request("set", try await LoopbackServers.httpbin("/cookies/set?flavour=\(flavour)"), extra: #""options": {"followRedirects": false}"#),
            RunFixture.request("show", try await LoopbackServers.httpbin("/cookies")),
        ])
    }

    private func send(_ fixture: RunFixture, _ name: String, _ extra: [String] = []) async throws -> ProcessResult {
        try await ProcessRunner.curlew(["send", "--from", fixture.collection, name, "--data-dir", fixture.dataDirectory, "--no-history"] + extra, environment: [:])
    }

    private func flavour(in result: ProcessResult) throws -> String? {
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return (json["cookies"] as? [String: String])?["flavour"]
    }

    private func jarFiles(_ fixture: RunFixture) throws -> [String] {
        let folder = fixture.dataDirectory + "/cookies"
        return (try? FileManager.default.contentsOfDirectory(atPath: folder))?.sorted().map { folder + "/" + $0 } ?? []
    }

    @Test func aCookieSetByOneSendIsSentByTheNext() async throws {
        let fixture = try await fixture()
        let set = try await send(fixture, "set")
        #expect(set.status == 0, "\(set.errorOutput)")
        let jars = try jarFiles(fixture)
        #expect(jars.count == 1)
        let jar = try #require(jars.first)
        #expect(jar.hasSuffix(".default.cookies.txt"))
        let attributes = try FileManager.default.attributesOfItem(atPath: jar)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOfFile: jar, encoding: .utf8)
        #expect(text.hasPrefix("# Netscape HTTP Cookie File\n"))
        #expect(text.contains("\tflavour\toat-"))

        let show = try await send(fixture, "show")
        #expect(show.status == 0, "\(show.errorOutput)")
        #expect(try flavour(in: show)?.hasPrefix("oat-") == true)

        let without = try await send(fixture, "show", ["--no-cookies"])
        #expect(without.status == 0)
        #expect(try flavour(in: without) == nil)
        #expect(try String(contentsOfFile: jar, encoding: .utf8) == text)
    }

    @Test func eachEnvironmentHasItsOwnJar() async throws {
        let fixture = try await fixture()
        try fixture.write("dev.env.json", #"{"format": "curlew.environment", "version": 1, "name": "dev", "variables": []}"# + "\n")
        #expect(try await send(fixture, "set", ["--env", "dev"]).status == 0)
        #expect(try flavour(in: try await send(fixture, "show", ["--env", "dev"]))?.hasPrefix("oat-") == true)
        #expect(try flavour(in: try await send(fixture, "show")) == nil)
        #expect(try jarFiles(fixture).contains { $0.hasSuffix(".dev.cookies.txt") })
    }

    @Test func aJarFileGivenOnTheCommandLineIsReadAndWritten() async throws {
        let fixture = try await fixture()
        let jar = try fixture.write("jar.txt", "# Netscape HTTP Cookie File\n127.0.0.1\tFALSE\t/\tFALSE\t0\tflavour\tfrom-file\n")
        let show = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/cookies"), "--cookie-jar", jar, "--no-history"], environment: [:])
        #expect(show.status == 0, "\(show.errorOutput)")
        #expect(try flavour(in: show) == "from-file")
        let set = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/cookies/set?second=2"), "--cookie-jar", jar, "--no-history"], environment: [:])
        #expect(set.status == 0)
        #expect(try String(contentsOfFile: jar, encoding: .utf8).contains("\tsecond\t2\n"))
        #expect(try jarFiles(fixture).isEmpty)
    }

    @Test func aMalformedJarIsRefusedWithItsLineNumbers() async throws {
        let fixture = try await fixture()
        let jar = try fixture.write("bad.txt", "# Netscape HTTP Cookie File\n\n127.0.0.1\tFALSE\t/\tFALSE\tsoon\tn\tv\n")
        let result = try await send(fixture, "show", ["--cookie-jar", jar])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("bad.txt:3: the expiry 'soon' is not a number"))
        #expect(result.stdout.isEmpty)
        let run = try await fixture.run(["--cookie-jar", jar])
        #expect(run.status == 2)
        #expect(run.errorOutput.contains("bad.txt:3:"))
    }

    @Test func noCookiesAndACookieJarTogetherAreAUsageError() async throws {
        let fixture = try await fixture()
        let result = try await send(fixture, "show", ["--no-cookies", "--cookie-jar", fixture.path + "/jar.txt"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--no-cookies and --cookie-jar cannot be used together"))
    }

    @Test func aRunStartsFromTheJarFileAndWritesItBack() async throws {
        let fixture = try await fixture()
        let jar = try fixture.write("jar.txt", "127.0.0.1\tFALSE\t/\tFALSE\t0\tflavour\tseeded\n")
        let checks = try RunFixture(requests: [
            RunFixture.request("show", try await LoopbackServers.httpbin("/cookies"), checks: [#"jsonpath "$.cookies.flavour" == "seeded""#]),
            RunFixture.request("set", try await LoopbackServers.httpbin("/cookies/set?after=run"), extra: #""options": {"followRedirects": false}"#),
        ])
        let result = try await checks.run(["--cookie-jar", jar])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let written = try String(contentsOfFile: jar, encoding: .utf8)
        #expect(written.contains("\tafter\trun\n"))
        #expect(written.contains("\tflavour\tseeded\n"))
        #expect((try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
    @Test func aJarThatWouldOutgrowItsReaderKeepsTheNewestCookiesAndSaysSo() async throws {
        let fixture = try await fixture()
        let old = (0..<250).map { "127.0.0.1\tFALSE\t/\tFALSE\t0\told-\($0)\t" + String(repeating: "o", count: 3900) + "\n" }
        let jar = try fixture.write("jar.txt", "# Netscape HTTP Cookie File\n" + old.joined())
        let url = try HostileServer.url("/cookies/many/new")
        let set = try await ProcessRunner.curlew(["send", url, "--cookie-jar", jar, "--no-history"], environment: [:])
        #expect(set.status == 0, "\(set.errorOutput)")
        #expect(set.errorOutput.components(separatedBy: "warning:").count == 2, "\(set.errorOutput)")
        #expect(set.errorOutput.contains("oldest cookies were dropped"))
        let size = try #require(try FileManager.default.attributesOfItem(atPath: jar)[.size] as? NSNumber).intValue
        #expect(size <= 1 << 20)
        let written = try String(contentsOfFile: jar, encoding: .utf8)
        #expect((0..<50).allSatisfy { written.contains("\tnew-\($0)\t") })
        #expect(!written.contains("\told-0\t"))
        #expect(written.contains("\told-249\t"))
        let again = try await ProcessRunner.curlew(["send", url, "--cookie-jar", jar, "--no-history"], environment: [:])
        #expect(again.status == 0, "\(again.errorOutput)")
    }
}
