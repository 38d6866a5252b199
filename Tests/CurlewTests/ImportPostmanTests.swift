import Foundation
import Testing

/// `curlew import postman` end to end: scripts kept as inert text (reported, never run, exported back) and
/// saved examples as documentation, with the imported requests run against httpbin.
@Suite struct ImportPostmanTests {
    /// A collection whose scripts would change the request and fail the run if anything ran them.
    static let collection = #"""
    {
      "info": {"name": "Scripted", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
      "event": [{"listen": "prerequest", "script": {"type": "text/javascript", "exec": ["pm.request.headers.add({key: 'X-From-Script', value: 'collection'});"]}}],
      "item": [{
        "name": "Echo",
        "event": [
          {"listen": "prerequest", "script": {"type": "text/javascript", "exec": ["pm.request.url = 'http://127.0.0.1:9/never';", "pm.request.headers.add({key: 'X-From-Script', value: 'request'});"]}},
          {"listen": "test", "script": {"type": "text/javascript", "exec": ["pm.test('fails', () => { throw new Error('ran'); });"]}}
        ],
        "request": {"method": "GET", "header": [{"key": "X-Kept", "value": "yes"}], "url": "{{base}}/anything/kept"},
        "response": [{"name": "Echoed", "code": 200, "status": "OK", "header": [{"key": "Content-Type", "value": "application/json"}], "body": "{\"url\": \"…/anything/kept\"}"}]
      }]
    }
    """#

    @Test func scriptsAreKeptReportedNeverRunAndExportedBack() async throws {
        let folder = try LoopbackServers.temporaryDirectory() + "/postman-scripts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.collection.write(toFile: folder + "/scripted.postman_collection.json", atomically: true, encoding: .utf8)
        let imported = try await ProcessRunner.curlew(["import", "postman", folder + "/scripted.postman_collection.json", "--into", folder + "/scripted.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.errorOutput.contains("warning: Echo: the pre-request script (2 line(s)) is kept as text and exported back to Postman; curlew does not run it"), "\(imported.errorOutput)")
        #expect(imported.errorOutput.contains("warning: collection: the pre-request script (1 line(s)) is kept as text"), "\(imported.errorOutput)")
        #expect(imported.errorOutput.contains("note: Echo: 1 saved example response(s) are kept as documentation"), "\(imported.errorOutput)")
        let stored = try String(contentsOfFile: folder + "/scripted.json", encoding: .utf8)
        #expect(stored.contains("\"scripts\": [\n        {\n          \"event\": \"prerequest\",\n          \"language\": \"text/javascript\",\n          \"text\": [\n"), "\(stored)")
        #expect(stored.contains("## Saved examples"), "\(stored)")

        let base = try await LoopbackServers.httpbin("")
        let host = base.hasSuffix("/") ? String(base.dropLast()) : base
        let run = try await ProcessRunner.curlew(["run", folder + "/scripted.json", "--var", "base=" + host, "--no-history", "--data-dir", folder], environment: [:])
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        #expect(run.output.contains("GET     \(host)/anything/kept  200"), "\(run.output)")
        #expect(run.output.hasSuffix("1 passed, 0 failed\n"), "\(run.output)")

        let sent = try await ProcessRunner.curlew(["send", "--from", folder + "/scripted.json", "Echo", "--var", "base=" + host, "--no-history", "--data-dir", folder], environment: [:])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        #expect(sent.output.contains("\"X-Kept\": \"yes\""), "\(sent.output)")
        #expect(!sent.output.contains("X-From-Script"), "\(sent.output)")

        let exported = try await ProcessRunner.curlew(["export", "postman", folder + "/scripted.json"], environment: [:])
        #expect(exported.status == 0, "\(exported.errorOutput)")
        #expect(exported.output.contains("\"listen\": \"test\""), "\(exported.output)")
        #expect(exported.output.contains("\"pm.test('fails', () => { throw new Error('ran'); });\""), "\(exported.output)")
        #expect(exported.output.contains("pm.request.headers.add({key: 'X-From-Script', value: 'collection'});"), "\(exported.output)")
    }
}
