import Foundation
import Testing

/// `curlew import openapi` and `curlew import insomnia` end to end: files, standard input, URLs, and the
/// imported httpbin description run against httpbin.
@Suite struct ImportDescriptionTests {
    /// The store tests' fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RequestStoreTests/Fixtures").path

    private func folder(_ name: String) throws -> String {
        let path = try LoopbackServers.temporaryDirectory() + "/\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The (path, method) pairs of a Swagger or OpenAPI JSON description.
    private func operationCount(_ data: Data) throws -> Int {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(root["paths"] as? [String: Any])
        let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
        return paths.values.reduce(0) { total, item in total + ((item as? [String: Any])?.keys.filter { methods.contains($0) }.count ?? 0) }
    }

    @Test func httpbinsOwnSwaggerDescriptionImportsWithWarningsAndRunsAgainstHttpbin() async throws {
        let folder = try folder("httpbin-spec")
        let specURL = try await LoopbackServers.httpbin("/spec.json")
        let base = try await LoopbackServers.httpbin("")
        let spec = try await ProcessRunner.run("/usr/bin/curl", ["-sf", specURL])
        #expect(spec.status == 0, "httpbin serves no /spec.json; install flasgger beside it (make test-deps)")
        let operations = try operationCount(spec.stdout)
        #expect(operations > 50)

        let imported = try await ProcessRunner.curlew(["import", "openapi", specURL, "--into", folder + "/httpbin.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.output.contains("Imported \(operations) requests"), "\(imported.output)")
        #expect(imported.errorOutput.contains("unknown type 'int' at #/paths/~1delay~1{delay}/get/parameters/0; read as integer"))
        #expect(imported.errorOutput.contains("Swagger 2.0 has no trace operations; imported anyway"))

        let run = try await ProcessRunner.curlew(["run", folder + "/httpbin.json", "--var", "baseUrl=" + base.dropLastSlash,
                                                  "--timeout", "30", "--concurrency", "4", "--no-history", "--data-dir", folder], environment: [:])
        let answers = run.output.split(separator: "\n").filter { line in
            (line.hasPrefix("✔ ") || line.hasPrefix("✘ ")) && line.contains(base.dropLastSlash) && line.range(of: #"  [1-5][0-9][0-9]  "#, options: .regularExpression) != nil
        }
        #expect(answers.count == operations, "\(run.output)\(run.errorOutput)")
        let summary = try #require(run.output.split(separator: "\n").last)
        let numbers = summary.split(separator: " ").compactMap { Int($0) }
        #expect(numbers.count == 2 && numbers.reduce(0, +) == operations, "\(summary)")
        // README.md lists the requests that fail and why; every path parameter has a value, so none is a 404 of an empty segment.
        #expect(numbers.first ?? 0 >= 65, "\(run.output)")
        #expect(!answers.contains { $0.range(of: #"/  [1-5][0-9][0-9]  "#, options: .regularExpression) != nil }, "\(run.output)")
        #expect(run.output.contains("✔ HTTP Methods/The request's query parameters.  GET"), "\(run.output)")
        #expect(run.output.contains("✔ Dynamic data/Returns a delayed response (max of 10 seconds). (GET)  GET     \(base.dropLastSlash)/delay/1  200"), "\(run.output)")
        #expect(run.output.contains("GET     \(base.dropLastSlash)/redirect-to?url=string  302"), "\(run.output)")

        // A parameter's value is a collection variable, so --var overrides it.
        let status = try await ProcessRunner.curlew(["send", "--from", folder + "/httpbin.json", "Status codes/Return status code or random status code if more than one are given (GET)",
                                                     "--var", "baseUrl=" + base.dropLastSlash, "--var", "codes=201", "--no-history", "--data-dir", folder, "-i"], environment: [:])
        #expect(status.output.hasPrefix("HTTP/1.1 201"), "\(status.output)\(status.errorOutput)")
    }

    @Test func aDescriptionFileFollowsReferencesToFilesBesideIt() async throws {
        let folder = try folder("openapi-file")
        for name in ["mapping-3.0.yaml", "schemas.yaml"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/openapi/curlew/" + name, toPath: folder + "/" + name)
        }
        let imported = try await ProcessRunner.curlew(["import", "openapi", folder + "/mapping-3.0.yaml", "--into", folder + "/rules.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.output.contains("Imported 14 requests into the new collection \(folder)/rules.json"), "\(imported.output)")
        #expect(imported.errorOutput.contains("warning: security scheme 'oauth': oauth2 security scheme 'oauth' is not supported"), "\(imported.errorOutput)")
        #expect(imported.errorOutput.contains("warning: GET /broken: $ref '#/components/parameters/Missing' cannot be resolved"), "\(imported.errorOutput)")
        let json = try String(contentsOfFile: folder + "/rules.json", encoding: .utf8)
        #expect(json.contains("\"name\": \"Mapping rules\""))
        #expect(json.contains("SKU-1"))
        #expect(json.contains("\"name\": \"token\",\n      \"value\": \"\",\n      \"secret\": true"), "\(json)")
    }

    @Test func standardInputCannotFollowReferencesToOtherFiles() async throws {
        let folder = try folder("openapi-stdin")
        let command = "\"$0\" import openapi - --into \"$1\" < \"$2\""
        let result = try await ProcessRunner.run("/bin/sh", ["-c", command, ProcessRunner.curlewPath, folder + "/rules.json", Self.fixtures + "/openapi/curlew/mapping-3.0.yaml"], environment: [:])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("$ref 'schemas.yaml#/Order' cannot be resolved: the specification was not read from a file"), "\(result.errorOutput)")
    }

    @Test func anUnreachableURLAndAnUnknownFormatAreReported() async throws {
        let folder = try folder("openapi-errors")
        let unreachable = try await ProcessRunner.curlew(["import", "openapi", "http://127.0.0.1:9/spec.json", "--into", folder + "/x.json"], environment: [:])
        #expect(unreachable.status == 1)
        #expect(unreachable.errorOutput.contains("cannot fetch 'http://127.0.0.1:9/spec.json'"), "\(unreachable.errorOutput)")
        let notSpec = try await ProcessRunner.curlew(["import", "openapi", Self.fixtures + "/insomnia/shop.insomnia.json", "--into", folder + "/y.json"], environment: [:])
        #expect(notSpec.status == 1)
        #expect(notSpec.errorOutput.contains("not an OpenAPI or Swagger description"), "\(notSpec.errorOutput)")
        let usage = try await ProcessRunner.curlew(["import", "raml", "x"], environment: [:])
        #expect(usage.status == 2)
        #expect(usage.errorOutput.contains("use curl, postman, http, hurl, openapi or insomnia"))
    }

    @Test func anInsomniaExportWritesItsSubEnvironmentsBesideTheCollection() async throws {
        let folder = try folder("insomnia")
        let imported = try await ProcessRunner.curlew(["import", "insomnia", Self.fixtures + "/insomnia/shop.insomnia.json", "--into", folder + "/shop.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.output.contains("Imported 10 requests"), "\(imported.output)")
        #expect(imported.output.contains("Wrote the environment 'Staging' to \(folder)/Staging.env.json"), "\(imported.output)")
        #expect(imported.errorOutput.contains("warning: Users / Admin / Ban: oauth2 auth is not supported"), "\(imported.errorOutput)")
        let staging = try String(contentsOfFile: folder + "/Staging.env.json", encoding: .utf8)
        #expect(staging.contains("\"name\": \"limits.max\""))
        #expect(FileManager.default.fileExists(atPath: folder + "/Production.env.json"))

        let again = try await ProcessRunner.curlew(["import", "insomnia", Self.fixtures + "/insomnia/shop.insomnia.json", "--into", folder + "/shop.json"], environment: [:])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.errorOutput.contains("Staging.env.json already exists; not written"), "\(again.errorOutput)")
    }

    @Test func anImportedInsomniaYAMLExportRunsAgainstHttpbin() async throws {
        let folder = try folder("insomnia-run")
        let imported = try await ProcessRunner.curlew(["import", "insomnia", Self.fixtures + "/insomnia/shop.insomnia.yaml", "--into", folder + "/small.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        let host = try await LoopbackServers.httpbin("/anything")
        let run = try await ProcessRunner.curlew(["run", folder + "/small.json", "--env", "Local", "--var", "host=" + host, "--no-history", "--data-dir", folder], environment: [:])
        #expect(run.status == 0, "\(run.output)\(run.errorOutput)")
        #expect(run.output.hasSuffix("2 passed, 0 failed\n"), "\(run.output)")
        #expect(run.output.contains("POST    \(host)/things"), "\(run.output)")
    }
}

private extension String {
    /// The text without one trailing `/`.
    var dropLastSlash: String { hasSuffix("/") ? String(dropLast()) : self }
}
