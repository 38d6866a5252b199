import Foundation
import Testing
import TestServers
@testable import RequestKit

/// Runs `curlCommand` with the real curl and checks that httpbin saw the same request as from `Client`.
@Suite struct CurlExportRoundTripTests {
    let client = Client()

    /// Runs a shell command line and returns its standard output.
    static func runShell(_ command: String) throws -> Data {
        let (status, data) = try ShellCommand.run(command)
        guard status == 0 else {
            throw ServerProcess.LaunchError(description: "exit \(status) from: \(command)")
        }
        return data
    }

    /// httpbin's echo without what differs by design: curl's User-Agent, and for multipart the boundary.
    static func comparable(_ echo: JSONValue, multipart: Bool) -> JSONValue {
        guard case .object(var object) = echo, case .object(var headers)? = object["headers"] else { return echo }
        headers["User-Agent"] = nil
        if multipart {
            headers["Content-Type"] = headers["Content-Type"]?.stringValue.map { .string(String($0.prefix { $0 != ";" })) }
            headers["Content-Length"] = nil
        }
        object["headers"] = .object(headers)
        return .object(object)
    }

    static func cases() throws -> [(String, Request)] {
        let binaryPath = try Echo.file("blob.bin", Echo.binary)
        let textPath = try Echo.file("it's a \"file\".txt", Data("text; with = signs\n".utf8))
        let jsonPath = try Echo.file("body.json", Data(#"{"from":"file","n":1}"#.utf8))
        let url = try LoopbackHTTPBin.url("/anything")
        return [
            ("get with query", Request(url: url + "/path?pre=1", query: [QueryItem(name: "q", value: "a&b=c+d #[x] é日🦤 it's"), QueryItem(name: "flag", value: nil)], headers: ["X-Empty": "", "X-Quote": "it's \"quoted\""])),
            ("seed get", Request.build(method: .get, url: url, params: ["user": ["name": "Zoë", "tags": ["a", "b"]], "on": true])),
            ("seed delete", Request.build(method: .delete, url: url, params: ["id": 7])),
            ("seed post form", Request.build(method: .post, url: url, params: ["text": "a&b=c+d #[x] é日🦤 'q'", "n": ["k": nil]])),
            ("empty post", Request(method: .post, url: url)),
            ("json put", Request(method: .put, url: url, body: .json(#"{"a":[1,"é",null],"b":"it's"}"#), auth: .bearer("tok'en"))),
            ("raw text starting with @", Request(method: .patch, url: url, body: .raw(Data("@not-a-file".utf8), contentType: "text/plain"))),
            ("raw binary", Request(method: .post, url: url, body: .raw(Echo.binary + Data("%s '\\".utf8), contentType: "application/octet-stream"))),
            ("raw without content type", Request(method: .post, url: url, body: .raw(Data("x=1".utf8), contentType: nil))),
            ("file body", Request(method: .put, url: url, body: .file(path: jsonPath, contentType: nil), auth: .basic(user: "ada", password: "p:w"))),
            ("multipart", Request.build(
                method: .post, url: url,
                params: ["plain": "v", "at": "@etc/passwd", "semi": "a;type=text/html", "lt": "<x", "spaced": " padded ", "quoted": "\"q\""],
                files: [
                    MultipartFile(name: "blob", path: binaryPath, fileName: "dönnées ✓.bin"),
                    MultipartFile(name: "text", path: textPath, contentType: "text/plain; charset=utf-8"),
                ]
            )),
        ]
    }

    @Test func exportedCommandsReproduceTheRequest() async throws {
        for (name, request) in try Self.cases() {
            let fromClient = try Echo.json(try await client.send(prepared: try request.prepared(), options: request.options))
            let command = request.curlCommand
            let fromCurl = try JSONValue.parse(json: try Self.runShell(command + " --silent --show-error"))
            let multipart = if case .multipart = request.body { true } else { false }
            #expect(Self.comparable(fromCurl, multipart: multipart) == Self.comparable(fromClient, multipart: multipart), "\(name): \(command)")
        }
    }

    @Test func multilineCommandsRunToo() async throws {
        let request = Request.build(method: .post, url: try LoopbackHTTPBin.url("/post"), params: ["a": "it's"])
        let echo = try JSONValue.parse(json: try Self.runShell(request.curlCommand(multiline: true)))
        #expect(Echo.fields(echo, "form") == ["a": "it's"])
    }

    @Test func headDoesNotWaitForABody() async throws {
        let request = Request(method: .head, url: try LoopbackHTTPBin.url("/get"), options: RequestOptions(timeout: 10))
        let output = String(decoding: try Self.runShell(request.curlCommand), as: UTF8.self)
        #expect(output.hasPrefix("HTTP/1.1 200"))
    }
}
