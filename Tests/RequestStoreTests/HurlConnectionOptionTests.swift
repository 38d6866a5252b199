import Foundation
import RequestKit
import Testing
@testable import RequestStore
import TestSupport

/// The connection and credential options of `.hurl` files and collections: read, written back, range-checked,
/// turned into transfer options, and held to the trust boundary.
@Suite("connection options")
struct HurlConnectionOptionTests {
    static func read(_ options: String) throws(FileFormatError) -> HurlDocument {
        try HurlReader.readStrictly(Data("GET http://a/\n[Options]\n\(options)\n".utf8), file: "t.hurl")
    }

    static func request(_ options: String) throws -> SavedRequest {
        try #require(try read(options).entries.first).request
    }

    static let readings: [(line: String, check: @Sendable (SavedOptions) -> Bool)] = [
        ("connect-to: foo.com:80:localhost:8000", { $0.connectTo == ["foo.com:80:localhost:8000"] }),
        ("resolve: foo.com:8000:127.0.0.1", { $0.resolve == ["foo.com:8000:127.0.0.1"] }),
        ("path-as-is: true", { $0.pathAsIs == true }),
        ("limit-rate: 2000000", { $0.limitRate == 2_000_000 }),
        ("location-trusted: true", { $0.redirectCredentials == true && $0.followRedirects == true }),
        ("digest: true", { $0.authScheme == "digest" }),
        ("ntlm: true", { $0.authScheme == "ntlm" }),
        ("negotiate: true", { $0.authScheme == "negotiate" }),
        ("aws-sigv4: aws:amz:eu-central-1:hurltest", { $0.awsSigV4 == "aws:amz:eu-central-1:hurltest" }),
        ("netrc: true", { $0.netrc == "required" }),
        ("netrc-optional: true", { $0.netrc == "optional" }),
        ("netrc-file: auth/.netrc", { $0.netrcFile == "auth/.netrc" }),
        ("ipv4: true", { $0.ipVersion == "4" }),
        ("ipv6: true", { $0.ipVersion == "6" }),
        ("unix-socket: run/api.sock", { $0.unixSocket == "run/api.sock" }),
        ("cert: client.pem", { $0.clientCertificate == "client.pem" }),
        ("key: client.key", { $0.clientKey == "client.key" }),
        ("connect-timeout: 5", { $0.connectTimeout == 5 }),
        ("connect-timeout: 1500ms", { $0.connectTimeout == 1.5 }),
        ("max-time: 2s", { $0.timeout == 2 }),
        ("limit-rate: {{rate}}", { $0.templates == [KeyValueRow(name: "limit-rate", value: "{{rate}}")] }),
    ]

    @Test(arguments: 0..<readings.count) func eachOptionIsRead(_ index: Int) throws {
        let reading = Self.readings[index]
        let options = try Self.request(reading.line).options
        #expect(reading.check(options), "\(reading.line): \(options)")
    }

    @Test func severalConnectToLinesAddUp() throws {
        let options = try Self.request("connect-to: a:80:localhost:8000\nconnect-to: b:80:localhost:8000").options
        #expect(options.connectTo == ["a:80:localhost:8000", "b:80:localhost:8000"])
    }

    static let errors: [(line: String, contains: String)] = [
        ("connect-to: foo.com:80", "HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT"),
        ("connect-to: a:99999:b:80", "HOST:PORT:CONNECT-TO-HOST"),
        ("resolve: foo.com:http:127.0.0.1", "HOST:PORT:ADDRESS"),
        ("limit-rate: fast", "bytes a second"),
        ("limit-rate: 0", "bytes a second"),
        ("path-as-is: yes", "true or false"),
        ("aws-sigv4: a b", "PROVIDER1"),
        ("connect-timeout: soon", "takes seconds"),
        ("max-time: -1", "takes seconds"),
    ]

    @Test(arguments: 0..<errors.count) func aWrongValueNamesLineAndWhat(_ index: Int) {
        let expected = Self.errors[index]
        do {
            _ = try Self.read(expected.line)
            Issue.record("no error for \(expected.line)")
        } catch {
            #expect(error.line == 3, "\(error)")
            #expect(error.reason.contains(expected.contains), "\(error)")
        }
    }

    @Test func aCertificatePasswordIsRefusedByName() throws {
        let document = try HurlReader.read(Data("GET http://a/\n[Options]\ncert: client.pem:secret\n".utf8), file: "t.hurl")
        let problem = try #require(document.problems.first)
        #expect(problem.line == 3 && problem.reason.contains("certificate password"))
    }

    @Test func everyOptionIsWrittenBackAndReadTheSame() throws {
        let text = """
        GET http://a/
        [Options]
        connect-to: a.com:80:localhost:8000
        connect-to: b.com:80:localhost:8000
        resolve: c.com:8000:127.0.0.1
        path-as-is: true
        limit-rate: 1000
        location-trusted: true
        digest: true
        netrc-file: n.netrc
        netrc-optional: true
        ipv6: true
        unix-socket: s.sock
        cert: c.pem
        key: k.pem
        connect-timeout: 3
        max-time: 1500ms
        """
        let first = try CollectionImport.read(.hurl, data: Data(text.utf8), name: "c")
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        let written = HurlWriter.write(first.collection)
        #expect(written.warnings.isEmpty, "\(written.warnings)")
        #expect(written.text.contains("location-trusted: true") && !written.text.contains("location: true"), "\(written.text)")
        #expect(written.text.contains("max-time: 1500ms") && written.text.contains("connect-timeout: 3"), "\(written.text)")
        let second = try CollectionImport.read(.hurl, data: Data(written.text.utf8), name: "c")
        #expect(second.collection == first.collection, "\(written.text)")
    }

    @Test func theCollectionFormatKeepsEverySettingInARoundTrip() throws {
        var options = SavedOptions()
        options.connectTo = ["a:80:b:8080"]
        options.resolve = ["a:443:127.0.0.1"]
        options.ipVersion = "4"
        options.unixSocket = "api.sock"
        options.pathAsIs = true
        options.limitRate = 4096
        options.redirectCredentials = true
        options.authScheme = "ntlm"
        options.awsSigV4 = "aws:amz:us-east-1:s3"
        options.netrc = "optional"
        options.netrcFile = ".netrc"
        options.clientCertificate = "c.pem"
        options.clientKey = "k.pem"
        options.connectTimeout = 2.5
        let collection = RequestCollection(name: "C", requests: [SavedRequest(name: "R", method: .get, url: "http://a/", options: options)])
        let data = try collection.encoded()
        let back = try RequestCollection.decode(from: data, file: "c.json")
        #expect(back.requests.first?.options == options)
        #expect(try back.encoded() == data)
    }

    @Test(arguments: [
        #"{"connectTo": ["a:80"]}"#, #"{"resolve": ["a:b:c"]}"#, #"{"ipVersion": "5"}"#, #"{"limitRate": 0}"#,
        #"{"authScheme": "basic"}"#, #"{"awsSigV4": "a:b:c:d:e"}"#, #"{"netrc": "always"}"#, #"{"netrcFile": ""}"#,
        #"{"connectTimeout": -1}"#,
    ])
    func aCollectionWithAWrongSettingIsRefused(_ options: String) {
        let text = """
        {"format": "curlew.collection", "version": \(RequestCollection.currentVersion), "name": "C",
         "requests": [{"name": "R", "method": "GET", "url": "http://a/", "options": \(options)}]}
        """
        #expect(throws: (any Error).self) { try RequestCollection.decode(from: Data(text.utf8), file: "c.json") }
    }

    @Test func theSchemesTakeTheRequestsCredentials() throws {
        let digest = try Self.request("digest: true\nuser: username:password")
        let made = try RequestConversion.makeRequest(digest, headers: [], auth: digest.auth, scope: VariableScope(), baseDirectory: nil)
        #expect(made.auth == .scheme(.digest, user: "username", password: "password"))
        let prepared = try made.prepared()
        #expect(prepared.headers.value(for: "Authorization") == nil)
        #expect(prepared.credentials == SchemeCredentials(scheme: .digest, user: "username", password: "password"))

        let signed = try Self.request("aws-sigv4: aws:amz:{{region}}:s3\nuser: key:secret")
        var scope = VariableScope()
        scope.commandLine["region"] = "eu-west-3"
        let request = try RequestConversion.makeRequest(signed, headers: [], auth: signed.auth, scope: scope, baseDirectory: nil)
        #expect(request.auth == .scheme(.awsSigV4(provider: "aws:amz:eu-west-3:s3"), user: "key", password: "secret"))
    }

    @Test func transferSettingsReachTheRequestOptions() throws {
        let saved = try Self.request("""
        connect-to: a.com:80:localhost:8000
        resolve: b.com:8000:127.0.0.1
        path-as-is: true
        limit-rate: 1000
        location-trusted: true
        ipv6: true
        netrc-file: n.netrc
        connect-timeout: 2
        max-time: 9
        """)
        let options = try RequestConversion.makeRequest(saved, headers: [], auth: .none, scope: VariableScope(), baseDirectory: "/api").options
        #expect(options.connectTo == ["a.com:80:localhost:8000"] && options.resolve == ["b.com:8000:127.0.0.1"])
        #expect(options.pathAsIs && options.rateLimit == 1000 && options.redirectCredentials && options.followRedirects)
        #expect(options.ipVersion == .v6 && options.netrc == .required && options.netrcFile == "/api/n.netrc")
        #expect(options.connectTimeout == 2 && options.timeout == 9)
    }

    @Test(arguments: [
        ("netrc-file: /etc/passwd", "The netrc file (netrc-file)"),
        ("unix-socket: /run/docker.sock", "The Unix socket (unix-socket)"),
        ("netrc: true", "The user's netrc file (netrc)"),
        ("cert: /etc/ssl/private/server.pem", "The client certificate"),
    ])
    func aPathOutsideTheFileRootIsRefusedNamingTheOption(_ line: String, _ named: String) throws {
        let folder = TemporaryFolder.path("curlew-conn")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let saved = try Self.request(line)
        let boundary = TrustBoundary(policy: TrustPolicy(), baseDirectory: folder, source: "t.hurl:3")
        #expect {
            try RequestConversion.makeRequest(saved, headers: [], auth: .none, scope: VariableScope(), boundary: boundary)
        } throws: { error in
            guard case .untrusted(let refusal) = error as? VariableError else { return false }
            return refusal.kind == .readOutsideRoot && refusal.description.contains(named) && refusal.description.contains("t.hurl:3")
        }
    }

    @Test func aNetrcFileInsideTheFolderIsAdmitted() throws {
        let folder = TemporaryFolder.path("curlew-conn")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "machine a login u password p\n".write(toFile: folder + "/n.netrc", atomically: true, encoding: .utf8)
        let saved = try Self.request("netrc-file: n.netrc")
        let boundary = TrustBoundary(policy: TrustPolicy(), baseDirectory: folder, source: "t.hurl:3")
        let made = try RequestConversion.makeRequest(saved, headers: [], auth: .none, scope: VariableScope(), boundary: boundary)
        #expect(made.options.netrcFile?.hasSuffix("/n.netrc") == true && made.options.netrc == .required)
    }

    @Test func exportersThatCannotHoldTheSettingsSaySo() throws {
        var options = SavedOptions()
        options.resolve = ["a:80:127.0.0.1"]
        options.authScheme = "digest"
        let collection = RequestCollection(name: "C", requests: [SavedRequest(name: "R", method: .get, url: "http://a/", options: options)])
        let postman = PostmanWriter.write(collection)
        #expect(postman.warnings.contains { $0.message.contains("resolve") && $0.message.contains("digest") })
        let curl = try CurlExport.commands(for: collection.allRequests, in: collection, variables: .keep)
        #expect(curl.contains("--resolve a:80:127.0.0.1") && curl.contains("--digest"), "\(curl)")
    }
}

/// A scheme's password is masked where a basic one is.
@Suite struct SchemePasswordRedactionTests {
    @Test func theHistoryAndReportsMaskASchemesPassword() {
        let prepared = PreparedRequest(method: .get, url: "http://a/", credentials: SchemeCredentials(scheme: .digest, user: "u", password: "digest-secret"))
        #expect(Redaction.credentials(of: prepared).contains("digest-secret"))
        let exchange = HistoryExchange(prepared: prepared, response: nil)
        #expect(exchange.secrets.contains("digest-secret"))
        #expect(Redaction(secrets: exchange.secrets).text("echo digest-secret") == "echo \(Redaction.marker)")
        let short = PreparedRequest(method: .get, url: "http://a/", credentials: SchemeCredentials(scheme: .ntlm, user: "u", password: "abc"))
        #expect(HistoryExchange(prepared: short, response: nil).secrets.isEmpty)
    }
}
