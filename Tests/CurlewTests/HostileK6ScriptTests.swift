import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// `curlew export k6` of a collection full of hostile text: the script is valid JavaScript (`node --check`), and run
/// under node with a stand-in that writes down each `http.request`, every request gets exactly its method, URL,
/// headers and body as strings, every check its name, and no payload runs (they would create `$CANARY`).
@Suite struct HostileK6ScriptTests {
    /// The cases, 20 per field.
    static let cases = HostileCase.all(count: HostileField.allCases.count * 20)
    /// The names k6 scripts from curlew resolve themselves.
    static func isBuiltin(_ name: String) -> Bool {
        ["$uuid", "$timestamp", "$isoTimestamp", "$randomInt"].contains(name) || name.hasPrefix("$env.")
    }

    /// A request as the script makes it.
    struct Made: Hashable {
        var method: String
        var url: String
        var body: String?
        var headers: [String: String]
    }

    @Test("the script passes node --check, and each request and check gets its hostile text as data")
    func scriptKeepsTextAsData() async throws {
        let folder = TemporaryFolder.path("curlew-hostile-k6")
        let work = folder + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var batch = RequestCollection(name: "hostile")
        for hostile in Self.cases {
            let collection = hostile.collection(baseURL: "http://127.0.0.1:9")
            batch.folders += collection.folders
            if hostile.field == .collectionName { batch.name += " " + hostile.text }
            for variable in collection.variables where !batch.variables.contains(where: { $0.name == variable.name }) {
                batch.variables.append(variable)
            }
        }
        batch = batch.definingEveryPlaceholder(isBuiltin: Self.isBuiltin)
        let collectionPath = folder + "/hostile.json"
        try CanonicalJSON.encode(batch).write(to: URL(fileURLWithPath: collectionPath))
        let exported = try await ProcessRunner.curlew(["export", "k6", collectionPath])
        try #require(exported.status == 0, "\(exported.errorOutput.prefix(2000))")
        let script = folder + "/script.mjs"
        try exported.stdout.write(to: URL(fileURLWithPath: script))
        let syntax = try await ProcessRunner.run("/usr/bin/node", ["--check", script])
        #expect(syntax.status == 0, "node --check: \(syntax.errorOutput.prefix(3000))")

        try K6RecordingStandIn.install(in: folder)
        let canary = work + "/canary"
        let run = try await ProcessRunner.run("/bin/bash", ["-c", "cd \"$1\" && exec /usr/bin/node \"$2\" \"$3\"", "bash", work, folder + "/record.mjs", script],
                                              environment: [HostileText.canaryVariable: canary])
        #expect(!FileManager.default.fileExists(atPath: canary), "the script ran a payload: \(canary) exists")
        let left = try FileManager.default.contentsOfDirectory(atPath: work)
        #expect(left.isEmpty, "the script wrote \(left) into its folder")
        let object = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], "node: \(run.errorOutput.prefix(3000))")
        #expect(object["error"] is NSNull, "the iteration stopped: \(object["error"] ?? "")")
        let decoded = K6RecordingStandIn.decoded
        let made = ((object["requests"] as? [[String: Any]]) ?? []).map { request in
            Made(method: decoded(request["method"]) ?? "?", url: decoded(request["url"]) ?? "?", body: decoded(request["body"]),
                 headers: Dictionary(((request["headers"] as? [[Any]]) ?? []).map { (decoded($0.first) ?? "?", decoded($0.last) ?? "?") }) { _, last in last })
        }
        let checks = ((object["checks"] as? [[String: Any]]) ?? []).compactMap { decoded($0["name"]) }

        let sent = batch.allRequests.filter { located in
            switch located.request.body {
            case .file, .bytes, .multipart: return false
            default: return true
            }
        }
        try #require(made.count == sent.count, "the script made \(made.count) requests for \(sent.count)")
        let wantedChecks = sent.map { $0.path + ": status is 2xx or 3xx" }
        #expect(checks.count == wantedChecks.count)
        for (check, wanted) in zip(checks, wantedChecks) where check != wanted {
            Issue.record("the check \(wanted.debugDescription.prefix(300)) is named \(check.debugDescription.prefix(300))")
        }
        let model = K6Model(collection: batch)
        for (located, made) in zip(sent, made) {
            let wanted = model.made(located)
            let hostile = Self.cases.first { "Folder \($0.index)" == located.folders.first?.name || located.request.name == "Request \($0.index)" }
            #expect(made == wanted, "\(hostile.map(\.description) ?? located.path)\nmade: \(made)\nwanted: \(wanted)")
        }
    }
}

/// What a k6 script from curlew makes of a request: `{{name}}` as the `vars` value (not resolved further), query rows
/// appended with `encodeURIComponent`, inherited headers, auth and the body's Content-Type in a headers object.
struct K6Model {
    var collection: RequestCollection

    /// The variables as the script's `vars` object holds them: the last value of each name.
    var vars: [String: String] {
        Dictionary(collection.variables.filter(\.enabled).map { ($0.name, $0.value) }) { _, last in last }
    }

    func template(_ text: String) -> String {
        let references = VariableResolver.references(in: text, scope: VariableScope())
        var result = ""
        var cursor = text.startIndex
        let vars = self.vars
        for reference in references {
            result += text[cursor..<reference.range.lowerBound]
            result += vars[reference.name] ?? "<\(reference.name) has no value>"
            cursor = reference.range.upperBound
        }
        return result + text[cursor...]
    }

    static func encodeURIComponent(_ text: String) -> String {
        let kept = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.!~*'()".utf8)
        var result = ""
        for byte in text.utf8 {
            if kept.contains(byte) { result.unicodeScalars.append(Unicode.Scalar(byte)) } else { result += String(format: "%%%02X", byte) }
        }
        return result
    }

    func pairs(_ rows: [KeyValueRow]) -> String {
        rows.filter(\.enabled).map { Self.encodeURIComponent(template($0.name)) + "=" + Self.encodeURIComponent(template($0.value)) }.joined(separator: "&")
    }

    func made(_ located: LocatedRequest) -> HostileK6ScriptTests.Made {
        let request = located.request
        let inherited = InheritedSettings.effective(for: located, in: collection)
        var headers: [String: String] = [:]
        for row in inherited.headers where row.enabled { headers[template(row.name)] = template(row.value) }
        switch inherited.auth {
        case .bearer(let token): headers["Authorization"] = "Bearer " + template(token)
        case .basic(let user, let password): headers["Authorization"] = "Basic " + Data((template(user) + ":" + template(password)).utf8).base64EncodedString()
        case .apiKey(let key) where key.location == .header: headers[template(key.name)] = template(key.value)
        default: break
        }
        let hasContentType = inherited.headers.contains { $0.enabled && $0.name.lowercased() == "content-type" }
        var body: String?
        switch request.body {
        case .json(let text):
            body = template(text)
            if !hasContentType { headers["Content-Type"] = "application/json" }
        case .raw(let text, let type):
            body = template(text)
            if let type, !hasContentType { headers["Content-Type"] = type }
        case .form(let rows):
            body = pairs(rows)
            if !hasContentType { headers["Content-Type"] = "application/x-www-form-urlencoded" }
        default: break
        }
        var url = template(request.url)
        let query = request.query.filter(\.enabled)
        if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + pairs(query) }
        return HostileK6ScriptTests.Made(method: request.method.rawValue, url: url, body: body, headers: headers)
    }
}
