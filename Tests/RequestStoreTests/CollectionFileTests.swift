import Foundation
import Testing
@testable import RequestStore
import TestSupport

@Suite("Collection files")
struct CollectionFileTests {
    @Test("create, load and save without changes leave the bytes alone")
    func unchangedSave() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.json")
        let created = try CollectionFile.create(SampleCollections.full(), at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let loaded = try CollectionFile.load(path)
        #expect(loaded.document == SampleCollections.full())
        _ = try loaded.saving(loaded.document)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(created.fingerprint == loaded.fingerprint)
    }

    @Test("secret values go to NAME.secrets.json (0600), never into the collection file")
    func secretsApart() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.json")
        _ = try CollectionFile.create(SampleCollections.full(), at: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!text.contains("k-123"))
        let secretsPath = folder.file("shop.secrets.json")
        let secrets = try String(contentsOfFile: secretsPath, encoding: .utf8)
        #expect(secrets.contains("\"value\": \"k-123\""))
        #expect(POSIXFile.permissions(secretsPath) == 0o600)
        let loaded = try CollectionFile.load(path)
        #expect(loaded.document.variables.first { $0.name == "apiKey" }?.value == "k-123")
    }

    @Test("a file changed on disk since loading is a conflict, not an overwrite")
    func conflict() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.json")
        let loaded = try CollectionFile.create(SampleCollections.full(), at: path)
        let theirs = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "Shop API", with: "Their API")
        try theirs.write(toFile: path, atomically: false, encoding: .utf8)
        var mine = loaded.document
        mine.description = "mine"
        #expect(throws: StoreError.conflict(path: path)) { try loaded.saving(mine) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
        let forced = try loaded.saving(mine, force: true)
        #expect(try CollectionFile.load(path).document == forced.document)
    }

    @Test("creating over an existing file is refused")
    func createRefusesExisting() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("x.json")
        try "not json".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: StoreError.alreadyExists(path: path)) { try CollectionFile.create(SampleCollections.full(), at: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "not json")
    }

    @Test("a corrupt collection is reported with line and column while the others load")
    func corruptFileInFolder() throws {
        let folder = try TemporaryFolder()
        _ = try CollectionFile.create(SampleCollections.full(), at: folder.file("good.json"))
        let broken = "{\n  \"format\": \"curlew.collection\",\n  \"name\": \"Broken\"\n  \"requests\": []\n}\n"
        try broken.write(toFile: folder.file("broken.json"), atomically: false, encoding: .utf8)
        try #"{"name": "some-package", "version": "1.0.0"}"#.write(toFile: folder.file("package.json"), atomically: false, encoding: .utf8)
        _ = try EnvironmentFile.create(Environment(name: "staging", variables: [Variable(name: "baseUrl", value: "https://staging")]), at: folder.file("staging.env.json"))
        let library = CollectionLibrary.load(folder.path)
        #expect(library.collections.map(\.document.name) == ["Shop API"])
        #expect(library.environments.map(\.document.name) == ["staging"])
        #expect(library.failures.count == 1)
        guard case .unreadable(let error)? = library.failures.first else { Issue.record("expected an unreadable file"); return }
        #expect(error.file == folder.file("broken.json"))
        #expect(error.line == 4)
        #expect(error.column == 3)
        #expect(try String(contentsOfFile: folder.file("broken.json"), encoding: .utf8) == broken)
    }

    @Test("environments keep their secrets in NAME.env.secrets.json and are found by name")
    func environments() throws {
        let folder = try TemporaryFolder()
        _ = try CollectionFile.create(SampleCollections.full(), at: folder.file("shop.json"))
        let prod = Environment(name: "prod", variables: [Variable(name: "baseUrl", value: "https://prod"), Variable(name: "apiKey", value: "live-key", secret: true)])
        _ = try EnvironmentFile.create(prod, at: CollectionLibrary.environmentPath(named: "prod", in: folder.path))
        #expect(POSIXFile.exists(folder.file("prod.env.secrets.json")))
        #expect(!(try String(contentsOfFile: folder.file("prod.env.json"), encoding: .utf8)).contains("live-key"))
        let library = CollectionLibrary.load(folder.file("shop.json"))
        #expect(library.failures.isEmpty)
        #expect(library.environment(named: "prod")?.document == prod)
    }

    @Test("atomic writes leave no temporary files behind")
    func noLeftovers() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a.json")
        try AtomicFile.write(Data("one\n".utf8), to: path)
        try AtomicFile.write(Data("two\n".utf8), to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.json"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\n")
    }
}

@Suite("Store paths")
struct StorePathsTests {
    @Test("--data-dir beats CURLEW_HOME beats XDG_DATA_HOME beats ~/.local/share")
    func order() {
        let env = ["HOME": "/home/u", "CURLEW_HOME": "/c", "XDG_DATA_HOME": "/x", "XDG_CONFIG_HOME": "/cfg"]
        #expect(StorePaths.resolve(dataDirectoryOption: "/d", environment: env).dataDirectory == "/d")
        #expect(StorePaths.resolve(environment: env).dataDirectory == "/c")
        #expect(StorePaths.resolve(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/x"]).dataDirectory == "/x/curlew")
        #expect(StorePaths.resolve(environment: ["HOME": "/home/u"]).dataDirectory == "/home/u/.local/share/curlew")
        #expect(StorePaths.resolve(environment: env).configDirectory == "/cfg/curlew")
        #expect(StorePaths.resolve(environment: ["HOME": "/home/u"]).configDirectory == "/home/u/.config/curlew")
    }

    @Test("folders are created on first use with 0700")
    func permissions() throws {
        let folder = try TemporaryFolder()
        let paths = StorePaths(dataDirectory: folder.file("data/deep"), configDirectory: folder.file("config"))
        try paths.ensureCollectionsDirectory()
        try paths.ensureConfigDirectory()
        #expect(POSIXFile.permissions(paths.dataDirectory) == 0o700)
        #expect(POSIXFile.permissions(paths.collectionsDirectory) == 0o700)
        #expect(POSIXFile.permissions(paths.configDirectory) == 0o700)
    }
}
