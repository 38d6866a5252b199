import Foundation
import Testing
import RequestKit
import TestSupport
@testable import RequestStore

/// Folder and request variables: written only when present, read back, and searched between `--var` and the environment.
@Suite struct FolderVariablesTests {
    /// A collection where each level sets `who`, and `top`, `inner` and `own` come from one level each.
    private static let text = """
    {
      "format": "curlew.collection",
      "version": 2,
      "name": "api",
      "variables": [
        {
          "name": "who",
          "value": "collection"
        }
      ],
      "folders": [
        {
          "name": "Users",
          "variables": [
            {
              "name": "who",
              "value": "outer folder"
            },
            {
              "name": "top",
              "value": "from Users"
            }
          ],
          "folders": [
            {
              "name": "Admin",
              "variables": [
                {
                  "name": "who",
                  "value": "inner folder"
                },
                {
                  "name": "inner",
                  "value": "from Admin"
                }
              ],
              "requests": [
                {
                  "name": "Own",
                  "variables": [
                    {
                      "name": "who",
                      "value": "request"
                    }
                  ],
                  "method": "GET",
                  "url": "https://x.example/{{who}}/{{top}}/{{inner}}"
                },
                {
                  "name": "Plain",
                  "method": "GET",
                  "url": "https://x.example/{{who}}"
                }
              ]
            }
          ]
        }
      ]
    }

    """

    private func saved(_ text: String = Self.text) throws -> (TemporaryFolder, CollectionFile) {
        let folder = try TemporaryFolder("curlew-foldervars")
        try text.write(toFile: folder.file("api.json"), atomically: true, encoding: .utf8)
        return (folder, try CollectionFile.load(folder.file("api.json")))
    }

    private func url(_ name: String, in collection: RequestCollection, scope: VariableScope) throws -> String {
        let located = try collection.findRequest(name)
        return try RequestConversion.makeRequest(located, in: collection, scope: scope, boundary: TrustBoundary(policy: TrustPolicy(), baseDirectory: "/tmp")).url
    }

    @Test func aFileWithFolderAndRequestVariablesIsWrittenBackByteForByte() throws {
        let (folder, file) = try saved()
        #expect(file.document.folders[0].variables.map(\.name) == ["who", "top"])
        #expect(file.document.folders[0].folders[0].requests[0].variables == [Variable(name: "who", value: "request")])
        var changed = file.document
        changed.name = "api"
        _ = try file.saving(changed, force: true)
        #expect(try String(contentsOfFile: folder.file("api.json"), encoding: .utf8) == Self.text)
    }

    @Test func aFileWithoutThemHasNoVariablesKeyOnFoldersOrRequests() throws {
        let collection = RequestCollection(name: "api", folders: [Folder(name: "F", requests: [SavedRequest(name: "r", url: "u")])])
        let text = String(decoding: try CanonicalJSON.encode(collection), as: UTF8.self)
        #expect(!text.contains("variables"))
    }

    @Test func theRequestBeatsItsFolders() throws {
        let (_, file) = try saved()
        let url = try url("Own", in: file.document, scope: VariableScope(collection: file.document.variables))
        #expect(url == "https://x.example/request/from%20Users/from%20Admin" || url == "https://x.example/request/from Users/from Admin")
    }

    @Test func aFolderVariableReadingTheEnvironmentPassesTheSameGateAsAnyOther() throws {
        let (_, file) = try saved(Self.text.replacingOccurrences(of: "\"from Users\"", with: "\"{{$env.HOME}}\""))
        var scope = VariableScope(collection: file.document.variables)
        scope.allowedEnvironmentNames = []
        #expect(throws: VariableError.self) { try url("Own", in: file.document, scope: scope) }
        scope.processEnvironment = ["HOME": "/home/probe"]
        #expect(throws: VariableError.self) { try url("Own", in: file.document, scope: scope) }
        scope.allowedEnvironmentNames = ["HOME"]
        #expect(try url("Own", in: file.document, scope: scope).contains("/home/probe"))
    }

    @Test func theNearestFolderBeatsItsParent() throws {
        let (_, file) = try saved()
        let url = try url("Plain", in: file.document, scope: VariableScope(collection: file.document.variables))
        #expect(url == "https://x.example/inner%20folder" || url == "https://x.example/inner folder")
    }

    @Test func anOuterFolderBeatsTheEnvironment() throws {
        let (_, file) = try saved()
        let scope = VariableScope(environment: [Variable(name: "top", value: "env"), Variable(name: "who", value: "env")], collection: file.document.variables)
        let located = try file.document.findRequest("Own")
        let layered = scope.within(VariableLayer.chain(for: located))
        #expect(layered.lookup("top")?.value == "from Users")
        #expect(layered.lookup("top")?.source == .folder)
        #expect(layered.lookup("who")?.source == .request)
    }

    @Test func theEnvironmentBeatsTheCollectionAndVarBeatsTheRequest() throws {
        let (_, file) = try saved()
        let located = try file.document.findRequest("Own")
        let layers = VariableLayer.chain(for: located)
        let withEnvironment = VariableScope(environment: [Variable(name: "only", value: "env")],
                                            collection: [Variable(name: "only", value: "collection")]).within(layers)
        #expect(withEnvironment.lookup("only")?.value == "env")
        let given = VariableScope(commandLine: ["who": "given"], collection: file.document.variables).within(layers)
        #expect(given.lookup("who")?.value == "given")
        #expect(given.lookup("who")?.source == .commandLine)
    }

    @Test func theChainIsRequestThenFoldersNearestFirst() throws {
        let (_, file) = try saved()
        let chain = VariableLayer.chain(for: try file.document.findRequest("Own"))
        #expect(chain.map(\.label) == ["request", "folder Users/Admin", "folder Users"])
        let plain = VariableLayer.chain(for: try file.document.findRequest("Plain"))
        #expect(plain.map(\.label) == ["folder Users/Admin", "folder Users"])
    }

    @Test func disabledFolderVariablesDefineNothing() throws {
        let text = Self.text.replacingOccurrences(of: "\"value\": \"inner folder\"", with: "\"value\": \"inner folder\",\n                  \"enabled\": false")
        let (_, file) = try saved(text)
        let url = try url("Plain", in: file.document, scope: VariableScope(collection: file.document.variables))
        #expect(url == "https://x.example/outer%20folder" || url == "https://x.example/outer folder")
    }

    @Test func folderVariablesAreNotUnknownKeys() throws {
        let warnings = CollectionKeyCheck.unknownKeys(in: Data(Self.text.utf8), file: "api.json")
        #expect(warnings.isEmpty)
    }
}
