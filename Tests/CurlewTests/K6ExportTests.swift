import Foundation
import Testing
import TestSupport

/// `curlew export k6`: the script is valid JavaScript (`node --check`) and, run under node with a stand-in for
/// k6's modules against httpbin, sends every request, passes captures on and reports each check.
@Suite struct K6ExportTests {
    /// A collection against httpbin, its environment (with a secret) and the exported script.
    final class Fixture {
        let folder: String
        init(baseURL: String) throws {
            folder = TemporaryFolder.path("curlew-k6")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try write("api.json", #"""
            {"format": "curlew.collection", "version": 2, "name": "API",
             "folders": [{"name": "Auth", "requests": [
               {"name": "Log in", "method": "POST", "url": "{{baseUrl}}/anything/login",
                "body": {"type": "json", "text": "{\"user\": \"{{user}}\", \"password\": \"{{password}}\"}"},
                "checks": ["status == 200", "jsonpath \"$.json.user\" == \"ann\"", "header \"Content-Type\" contains \"json\"",
                           "jsonpath \"$.json.password\" == \"{{password}}\"", "jsonpath \"$.json\" count == 2",
                           "xpath \"//a\" exists"],
                "captures": ["token: jsonpath \"$.json.user\"", "tilde: xpath \"//b\""]},
               {"name": "Use the token", "url": "{{baseUrl}}/bearer", "auth": {"type": "bearer", "token": "{{token}}"},
                "checks": ["status == 200", "jsonpath \"$.token\" == \"ann\"", "jsonpath \"$.authenticated\" == true",
                           "jsonpath \"$.token\" not startsWith \"bob\""]}]}],
             "requests": [
               {"name": "Query", "url": "{{baseUrl}}/get", "query": [{"name": "b", "value": "x y"}, {"name": "n", "value": "{{user}}"}],
                "checks": ["jsonpath \"$.args.b\" == \"x y\"", "jsonpath \"$.args['n']\" == \"ann\"", "duration < 60000",
                           "jsonpath \"$.args.*\" count == 2", "jsonpath \"$.url\" matches /x\\+y|x%20y/"]},
               {"name": "Teapot", "url": "{{baseUrl}}/status/418", "checks": ["status == 200"]},
               {"name": "Plain", "url": "{{baseUrl}}/get"}
             ]}
            """#)
            try write("staging.env.json", #"""
            {"format": "curlew.environment", "version": 1, "name": "staging", "variables": [
              {"name": "baseUrl", "value": "\#(baseURL)"}, {"name": "user", "value": "ann"},
              {"name": "password", "value": "", "secret": true}]}
            """#)
            try write("staging.env.secrets.json", #"{"format": "curlew.secrets", "version": 1, "variables": [{"name": "password", "value": "s3cret-value"}]}"#)
            try K6StandIn.install(in: folder)
        }
        deinit { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
    }

    /// The checks the stand-in recorded, by name.
    static func checks(_ output: String) throws -> (results: [String: Bool], error: String?) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        var results: [String: Bool] = [:]
        for check in (object["checks"] as? [[String: Any]]) ?? [] {
            if let name = check["name"] as? String, let ok = check["ok"] as? Bool { results[name] = ok }
        }
        return (results, object["error"] as? String)
    }

    @Test("the script passes node --check, runs against httpbin, and keeps the secret out")
    func runsUnderNode() async throws {
        let base = try await LoopbackServers.httpbin("")
        let fixture = try Fixture(baseURL: String(base.dropLast(base.hasSuffix("/") ? 1 : 0)))
        let exported = try await ProcessRunner.curlew(["export", "k6", fixture.folder + "/api.json", "--env", "staging"])
        #expect(exported.status == 0, "\(exported.errorOutput)")
        #expect(!exported.output.contains("s3cret-value"))
        #expect(exported.output.contains(#""password": __ENV["password"], // secret"#))
        #expect(exported.output.contains(#""user": __ENV["user"] !== undefined ? __ENV["user"] : "ann""#))
        #expect(exported.errorOutput.contains("Auth/Log in: the check 'xpath \"//a\" exists' is left out"), "\(exported.errorOutput)")
        #expect(exported.errorOutput.contains("the capture 'tilde: xpath \"//b\"' is left out"))
        let script = fixture.folder + "/script.mjs"
        try exported.stdout.write(to: URL(fileURLWithPath: script))

        let syntax = try await ProcessRunner.run("/usr/bin/node", ["--check", script])
        #expect(syntax.status == 0, "\(syntax.errorOutput)")

        let run = try await ProcessRunner.run("/usr/bin/node", [fixture.folder + "/run.mjs", script],
                                              environment: ["K6_ENV": #"{"password": "s3cret-value"}"#])
        #expect(run.status == 0, "\(run.errorOutput)")
        let (results, error) = try Self.checks(run.output)
        #expect(error == nil)
        let expected: [String: Bool] = [
            "Auth/Log in: status == 200": true,
            "Auth/Log in: jsonpath \"$.json.user\" == \"ann\"": true,
            "Auth/Log in: header \"Content-Type\" contains \"json\"": true,
            "Auth/Log in: jsonpath \"$.json.password\" == \"{{password}}\"": true,
            "Auth/Log in: jsonpath \"$.json\" count == 2": true,
            "Auth/Use the token: status == 200": true,
            "Auth/Use the token: jsonpath \"$.token\" == \"ann\"": true,
            "Auth/Use the token: jsonpath \"$.authenticated\" == true": true,
            "Auth/Use the token: jsonpath \"$.token\" not startsWith \"bob\"": true,
            "Query: jsonpath \"$.args.b\" == \"x y\"": true,
            "Query: jsonpath \"$.args['n']\" == \"ann\"": true,
            "Query: duration < 60000": true,
            "Query: jsonpath \"$.args.*\" count == 2": true,
            "Query: jsonpath \"$.url\" matches /x\\+y|x%20y/": true,
            "Teapot: status == 200": false,
            "Plain: status is 2xx or 3xx": true,
        ]
        #expect(results == expected, "\(run.output)")
    }

    @Test("without the secret on the command line, the request that needs it stops the iteration with a message naming it")
    func missingSecretIsNamed() async throws {
        let fixture = try Fixture(baseURL: "http://127.0.0.1:1")
        let exported = try await ProcessRunner.curlew(["export", "k6", fixture.folder + "/api.json", "Auth/Log in", "--env", "staging"])
        #expect(exported.status == 0)
        #expect(!exported.output.contains("Use the token"))
        let script = fixture.folder + "/script.mjs"
        try exported.stdout.write(to: URL(fileURLWithPath: script))
        let run = try await ProcessRunner.run("/usr/bin/node", [fixture.folder + "/run.mjs", script], environment: ["K6_ENV": "{}"])
        let (_, error) = try Self.checks(run.output)
        #expect(error == "the variable password has no value; pass it with k6 run -e password=...")
    }

    @Test("a folder picks its requests; --var is refused for k6")
    func selection() async throws {
        let fixture = try Fixture(baseURL: "http://127.0.0.1:1")
        let folder = try await ProcessRunner.curlew(["export", "k6", fixture.folder + "/api.json", "Auth"])
        #expect(folder.status == 0, "\(folder.errorOutput)")
        #expect(folder.output.contains("// Auth/Log in") && folder.output.contains("// Auth/Use the token"))
        #expect(!folder.output.contains("// Teapot"))
        let refused = try await ProcessRunner.curlew(["export", "k6", fixture.folder + "/api.json", "--var", "a=b"])
        #expect(refused.status == 2)
    }
}
