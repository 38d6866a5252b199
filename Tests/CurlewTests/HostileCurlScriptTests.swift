import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// `curlew export curl` of a collection full of hostile text: the script passes `bash -n`, and run with bash against
/// a recording server it sends each request exactly as curlew itself sends it, and nothing else — no extra request,
/// no command of its own (the payloads would create `$CANARY`), no file in its folder. A request curlew refuses to
/// send is refused by the export too, naming it.
@Suite struct HostileCurlScriptTests {
    /// The cases, 20 per field.
    static let cases = HostileCase.all(count: HostileField.allCases.count * 20)

    /// A file name the file system can hold made of the text: `/` and NUL as `_`, at most 200 bytes, after `f17-`.
    static func fileName(_ text: String, index: Int) -> String {
        var name = "f\(index)-"
        for character in text.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\0", with: "_") {
            guard name.utf8.count + String(character).utf8.count <= 200 else { break }
            name.append(character)
        }
        return name
    }

    /// Whether curlew sends the request and curl's command line can carry it.
    static func sendable(_ located: LocatedRequest, in collection: RequestCollection, baseDirectory: String) -> Request? {
        let scope = VariableScope(collection: collection.variables)
        guard let request = try? RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: .userTyped(baseDirectory: baseDirectory)),
              (try? request.prepared()) != nil, (try? HostileExpectation.checkCurlCanCarry(request)) != nil else { return nil }
        return request
    }

    @Test("the script passes bash -n, sends what curlew sends, and runs nothing else")
    func scriptSendsWhatCurlewSends() async throws {
        let folder = TemporaryFolder.path("curlew-hostile-curl")
        let work = folder + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await RecordingServer.start(logIn: folder)

        var batch = RequestCollection(name: "hostile")
        for hostile in Self.cases {
            let collection = hostile.collection(baseURL: server.baseURL) { Self.fileName($0, index: hostile.index) }
            batch.folders += collection.folders
            for variable in collection.variables where !batch.variables.contains(where: { $0.name == variable.name }) {
                batch.variables.append(variable)
            }
        }
        batch = batch.definingEveryPlaceholder()
        var live = batch, refused: [LocatedRequest] = []
        live.folders = []
        var sent: [Int: Request] = [:]
        for (index, located) in batch.allRequests.enumerated() {
            if let request = Self.sendable(located, in: batch, baseDirectory: folder) {
                // The files the request sends, at their paths with the variables resolved.
                var paths: [String] = []
                if case .file(let path, _) = request.body { paths.append(path) }
                if case .multipart(let form) = request.body { paths += form.files.map(\.path) }
                for path in paths where !FileManager.default.fileExists(atPath: path) {
                    try Data("file \(Self.cases[index].index)\n".utf8).write(to: URL(fileURLWithPath: path))
                }
                live.folders.append(batch.folders[index])
                sent[Self.cases[index].index] = request
            } else {
                refused.append(located)
            }
        }
        #expect(sent.count > Self.cases.count / 2, "only \(sent.count) of \(Self.cases.count) requests can be sent")
        let collectionPath = folder + "/hostile.json"
        try CanonicalJSON.encode(live).write(to: URL(fileURLWithPath: collectionPath))

        let exported = try await ProcessRunner.curlew(["export", "curl", collectionPath])
        try #require(exported.status == 0, "\(exported.errorOutput)")
        let scriptPath = folder + "/export.sh"
        try exported.stdout.write(to: URL(fileURLWithPath: scriptPath))
        #expect(!exported.stdout.contains(0), "the script holds a NUL byte")
        let syntax = try await ProcessRunner.run("/bin/bash", ["-n", scriptPath])
        #expect(syntax.status == 0, "bash -n: \(syntax.errorOutput.prefix(2000))")

        let canary = work + "/canary"
        let run = try await ProcessRunner.run("/bin/bash", ["-c", "cd \"$1\" && exec /bin/bash \"$2\"", "bash", work, scriptPath],
                                              environment: [HostileText.canaryVariable: canary])
        let byCurl = try server.takeRecorded().map(ComparableRequest.init)
        #expect(!FileManager.default.fileExists(atPath: canary), "the script ran a payload: \(canary) exists")
        let left = try FileManager.default.contentsOfDirectory(atPath: work)
        #expect(left.isEmpty, "the script wrote \(left) into its folder")

        let client = Client()
        for index in sent.keys.sorted() {
            guard let request = sent[index] else { continue }
            do {
                _ = try await client.send(request)
            } catch {
                Issue.record("curlew could not send case \(index): \(error)")
            }
        }
        let byCurlew = try server.takeRecorded().map(ComparableRequest.init)

        let curlByCase = Dictionary(grouping: byCurl) { $0.caseIndex ?? -1 }
        let curlewByCase = Dictionary(grouping: byCurlew) { $0.caseIndex ?? -1 }
        #expect(curlByCase[-1] == nil, "curl sent requests to no case: \(curlByCase[-1] ?? [])")
        #expect(Set(curlByCase.keys) == Set(sent.keys), "requests for cases \(Set(curlByCase.keys).symmetricDifference(sent.keys).sorted()) are missing or extra (bash: \(run.errorOutput.prefix(2000)))")
        for hostile in Self.cases where sent[hostile.index] != nil {
            let fromCurl = curlByCase[hostile.index] ?? [], fromCurlew = curlewByCase[hostile.index] ?? []
            #expect(fromCurlew.count == 1, "\(hostile): curlew sent \(fromCurlew.count) requests")
            #expect(fromCurl == fromCurlew, "\(hostile)\ncurl sent:\n\(fromCurl.map(\.description).joined(separator: "\n"))\ncurlew sent:\n\(fromCurlew.map(\.description).joined(separator: "\n"))")
        }

        for located in refused {
            var single = batch
            single.folders = located.folders
            let path = folder + "/refused.json"
            try CanonicalJSON.encode(single).write(to: URL(fileURLWithPath: path))
            let result = try await ProcessRunner.curlew(["export", "curl", path])
            #expect(result.status == 1 && result.stdout.isEmpty, "\(located.path.debugDescription): the export of a request curlew refuses wrote\n\(result.output.prefix(2000))")
        }
    }
}
