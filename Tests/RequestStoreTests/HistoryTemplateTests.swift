import Foundation
import RequestKit
import Testing
@testable import RequestStore
import TestSupport

/// History entries keep the request as written, secrets as the variables they came from, so they can be sent again.
@Suite("history templates")
struct HistoryTemplateTests {
    private func store() throws -> (HistoryStore, String) {
        let folder = TemporaryFolder.path("curlew-template")
        return (HistoryStore(paths: StorePaths(dataDirectory: folder, configDirectory: folder)), folder)
    }

    @Test func secretsFromVariablesAreWrittenAsVariablesAndLiteralOnesMasked() throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let basic = "Basic " + Data("alice:pass-from-var".utf8).base64EncodedString()
        let exchange = HistoryExchange(
            method: .post, url: "http://h/x?key=key-from-var", headers: [
                "Authorization": "Bearer token-from-var", "Proxy-Authorization": basic, "Cookie": "session=typed-cookie-1",
                "X-Key": "key-from-var", "Content-Type": "application/json",
            ],
            body: [.bytes(Data(#"{"key": "key-from-var"}"#.utf8))], response: Response(statusCode: 200),
            secrets: ["token-from-var", "pass-from-var", "key-from-var"],
            secretVariables: ["token-from-var": "token", "pass-from-var": "password", "key-from-var": "$env.KEY"])
        let written = try store.record(exchange)
        let text = try String(contentsOfFile: store.paths.historyFile, encoding: .utf8)
        for secret in ["token-from-var", "pass-from-var", "key-from-var", "typed-cookie-1"] { #expect(!text.contains(secret)) }

        let template = try #require(written.request.template)
        #expect(template.url == "http://h/x?key={{$env.KEY}}")
        #expect(template.headers["Authorization"] == "Bearer {{token}}")
        #expect(template.headers["Proxy-Authorization"] == "Basic alice:{{password}}")
        #expect(template.headers["Cookie"] == Redaction.marker)
        #expect(template.headers["X-Key"] == "{{$env.KEY}}")
        #expect(template.body == #"{"key": "{{$env.KEY}}"}"#)
        #expect(written.request.headers["Authorization"] == Redaction.marker)
        #expect(written.url == "http://h/x?key=[redacted]")

        let fast = try #require(try store.entry(id: written.id))
        #expect(fast.request == written.request)
        let decoded = try CanonicalDecoder.decode(HistoryEntry.self, from: try ParsedJSON.parse(Array(try CanonicalJSON.encode(written))), codingPath: [])
        #expect(decoded.request == written.request)

        let saved = HistoryReplay.savedRequest(from: fast)
        #expect(saved.auth == .bearer(token: "{{token}}"))
        #expect(saved.url == "http://h/x?key={{$env.KEY}}")
        #expect(HistoryReplay.literalSecrets(in: saved) == [.header("Cookie")])
        #expect(HistoryReplay.variableNames(in: fast) == ["token", "password", "$env.KEY"])
    }

    @Test func anEntryWithNothingFromAVariableKeepsNoTemplateAndOldEntriesStillRead() throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let literal = try store.record(HistoryExchange(method: .get, url: "http://h/", headers: ["Authorization": "Bearer typed-token-1"], response: nil, error: "refused"))
        #expect(literal.request.template == nil)
        let old = #"{"id":"old-1","time":1800000000000,"method":"GET","url":"http://h/old","size":0,"request":{"headers":[{"name":"Authorization","value":"[redacted]"}],"bodySize":0}}"#
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try HistoryFile(path: store.paths.historyFile).append(line: Array(old.utf8))
        let entry = try #require(try store.entry(id: "old-1"))
        #expect(entry.request.template == nil)
        var saved = HistoryReplay.savedRequest(from: entry)
        #expect(HistoryReplay.literalSecrets(in: saved) == [.header("Authorization")])
        HistoryReplay.fill(.header("Authorization"), with: "Bearer again", in: &saved)
        #expect(HistoryReplay.literalSecrets(in: saved).isEmpty)
        #expect(HistoryFile.parse(Data((old + "\n").utf8)).entries.map(\.id) == ["old-1"])
        #expect(HistoryFile.index(of: Data((old + "\n").utf8), path: "mem").summaries.map(\.id) == ["old-1"])
    }

    @Test func aSecretIsMaskedPercentEncodedAndJSONEscapedAndItsEncodedURLFormIsWrittenAsItsVariable() throws {
        let (store, folder) = try store()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let echoed = #"{"url": "http://h/x?key=a%20%22Quoted%22/b", "data": "{\"key\": \"a \"Quoted\"/b\"}", "slashed": "a \"Quoted\"\/b"}"#
        let exchange = HistoryExchange(
            method: .post, url: "http://h/x?key=a%20%22Quoted%22/b", headers: ["X-Key": #"a "Quoted"/b"#],
            body: [.bytes(Data(#"{"key": "a "Quoted"/b"}"#.utf8))], response: Response(statusCode: 200, body: Data(echoed.utf8)),
            secrets: [#"a "Quoted"/b"#], secretVariables: [#"a "Quoted"/b"#: "apiKey"])
        let written = try store.record(exchange)
        let text = try String(contentsOfFile: store.paths.historyFile, encoding: .utf8)
        #expect(!text.contains("Quoted"))
        #expect(written.request.template?.url == "http://h/x?key={{apiKey}}")
    }
}
