import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// The trust boundary on real files: what a collection may read and write, symlinks and all.
@Suite struct TrustBoundaryTests {
    /// A fresh folder holding `api/` (the collection's folder, with `inside.txt`) and `outside.txt` beside it.
    private static func layout() throws -> (root: String, api: String) {
        let root = TemporaryFolder.path("curlew-trust")
        let api = root + "/api"
        try FileManager.default.createDirectory(atPath: api + "/data", withIntermediateDirectories: true)
        try "inside".write(toFile: api + "/inside.txt", atomically: true, encoding: .utf8)
        try "outside".write(toFile: root + "/outside.txt", atomically: true, encoding: .utf8)
        return (root, api)
    }

    private static func boundary(_ api: String, _ policy: TrustPolicy = TrustPolicy()) -> TrustBoundary {
        TrustBoundary(policy: policy, baseDirectory: api, source: "api.json: Upload", writes: FileWrites())
    }

    @Test func aRelativePathInsideTheFolderIsReadFromIt() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = try Self.boundary(api).readable("inside.txt", for: "The body file")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "inside")
        #expect(try Self.boundary(api).readable("data/../inside.txt", for: "The body file") == path)
    }

    @Test(arguments: ["../outside.txt", "/etc/passwd", "../../../../../../etc/hostname", "~/.ssh/id_rsa", "data/../../outside.txt"])
    func aPathLeadingOutIsRefused(_ path: String) throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            try Self.boundary(api).readable(path, for: "The body file")
        } throws: { error in
            guard let refusal = error as? TrustRefusal, refusal.kind == .readOutsideRoot else { return false }
            return refusal.description.contains("outside the file root") && refusal.description.contains("--file-root")
                && refusal.description.contains("api.json: Upload") && refusal.description.contains(path)
        }
    }

    @Test func aSymlinkInsideThatPointsOutIsRefused() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: api + "/passwd", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: api + "/up", withDestinationPath: root)
        for path in ["passwd", "up/outside.txt"] {
            #expect(throws: TrustRefusal.self) { try Self.boundary(api).readable(path, for: "The body file") }
        }
    }

    @Test func theUsersFileRootWidensWhatIsRead() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let wide = Self.boundary(api, TrustPolicy(fileRoot: root))
        #expect(try wide.readable("../outside.txt", for: "The body file").hasSuffix("/outside.txt"))
        #expect(throws: TrustRefusal.self) { try wide.readable("/etc/passwd", for: "The body file") }
    }

    @Test func aFileTheUserAllowedOnceIsRead() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let refused: TrustRefusal
        do {
            _ = try Self.boundary(api).readable("../outside.txt", for: "The body file")
            Issue.record("the file outside was let through")
            return
        } catch {
            refused = error
        }
        let allowed = Self.boundary(api, TrustPolicy(allowedFiles: [refused.resolved]))
        #expect(try allowed.readable("../outside.txt", for: "The body file") == refused.resolved)
    }

    @Test func aWriteOutsideTheRootIsRefusedAndNothingIsWritten() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in ["../written.txt", root + "/written.txt", "~/curlew-written-\(UUID().uuidString)"] {
            #expect(throws: TrustRefusal.self) { try Self.boundary(api).write(Data("x".utf8), to: path, for: "The output option") }
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/written.txt"))
    }

    @Test func anExistingFileIsNeverReplacedUnlessTheUserSaysSo() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect {
            try Self.boundary(api).write(Data("server".utf8), to: "inside.txt", for: "The output option")
        } throws: { ($0 as? TrustRefusal)?.kind == .wouldReplace && "\($0)".contains("--overwrite-output") }
        #expect(try String(contentsOfFile: api + "/inside.txt", encoding: .utf8) == "inside")
        try Self.boundary(api, TrustPolicy(mayReplaceFiles: true)).write(Data("server".utf8), to: "inside.txt", for: "The output option")
        #expect(try String(contentsOfFile: api + "/inside.txt", encoding: .utf8) == "server")
    }

    @Test func aRunMayWriteAgainWhatItWrote() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let boundary = Self.boundary(api)
        try boundary.write(Data("first".utf8), to: "data/out.json", for: "The output option")
        try boundary.write(Data("second".utf8), to: "data/out.json", for: "The output option")
        #expect(try String(contentsOfFile: api + "/data/out.json", encoding: .utf8) == "second")
        #expect(throws: TrustRefusal.self) { try Self.boundary(api).write(Data("third".utf8), to: "data/out.json", for: "The output option") }
    }

    @Test func aSymlinkPlantedAtTheOutputIsNotFollowed() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: api + "/out.txt", withDestinationPath: root + "/outside.txt")
        try FileManager.default.createSymbolicLink(atPath: api + "/dangling.txt", withDestinationPath: root + "/new.txt")
        for path in ["out.txt", "dangling.txt"] {
            #expect(throws: TrustRefusal.self) {
                try Self.boundary(api, TrustPolicy(mayReplaceFiles: true)).write(Data("server".utf8), to: path, for: "The output option")
            }
        }
        #expect(try String(contentsOfFile: root + "/outside.txt", encoding: .utf8) == "outside")
        #expect(!FileManager.default.fileExists(atPath: root + "/new.txt"))
    }

    @Test func aSavedRequestsFilesPassTheGate() throws {
        let (root, api) = try Self.layout()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bodies: [SavedBody] = [
            .file(path: "/etc/passwd", contentType: nil),
            .multipart([.file(name: "f", path: "../outside.txt", fileName: nil, contentType: nil, enabled: true)]),
        ]
        for body in bodies {
            let saved = SavedRequest(name: "Upload", method: .post, url: "http://127.0.0.1:9/x", body: body)
            #expect {
                try RequestConversion.makeRequest(saved, headers: [], auth: .none, scope: VariableScope(), boundary: Self.boundary(api))
            } throws: { error in
                guard case .untrusted(let refusal) = error as? VariableError else { return false }
                return refusal.kind == .readOutsideRoot
            }
        }
        var options = SavedOptions()
        options.caFile = "/etc/ssl/certs/ca-certificates.crt"
        let pinned = SavedRequest(name: "Pinned", method: .get, url: "https://127.0.0.1:9/", options: options)
        #expect(throws: VariableError.self) {
            try RequestConversion.makeRequest(pinned, headers: [], auth: .none, scope: VariableScope(), boundary: Self.boundary(api))
        }
        let inside = SavedRequest(name: "Upload", method: .post, url: "http://127.0.0.1:9/x", body: .file(path: "inside.txt", contentType: nil))
        let made = try RequestConversion.makeRequest(inside, headers: [], auth: .none, scope: VariableScope(), boundary: Self.boundary(api))
        guard case .file(let path, _) = made.body else { Issue.record("expected a file body"); return }
        #expect(path.hasSuffix("/api/inside.txt"))
    }
}
