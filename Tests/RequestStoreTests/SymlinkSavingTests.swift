import Foundation
import Testing
@testable import RequestStore
import TestSupport

/// Saving a collection, an environment or a secrets file that is a symbolic link writes the file it points to and
/// keeps the link, the file's mode, owner and group.
@Suite("Saving through symbolic links")
struct SymlinkSavingTests {
    /// The `stat` of a path, not following a last link.
    private func linkStatus(_ path: String) -> stat {
        var info = stat()
        lstat(path, &info)
        return info
    }

    private func status(_ path: String) -> stat {
        var info = stat()
        stat(path, &info)
        return info
    }

    @Test("a collection that is a link is saved into its target, the link kept")
    func collectionLink() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("shared"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("work"), withIntermediateDirectories: true)
        let target = folder.file("shared/api.json")
        _ = try CollectionFile.create(SampleCollections.full(), at: target)
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: folder.file("work/api.json"), withDestinationPath: "../shared/api.json")
        let link = folder.file("work/api.json")

        let loaded = try CollectionFile.load(link)
        var changed = loaded.document
        changed.name = "Renamed through the link"
        let saved = try loaded.saving(changed)

        #expect(linkStatus(link).st_mode & S_IFMT == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "../shared/api.json")
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("Renamed through the link"))
        #expect(status(target).st_mode & 0o7777 == 0o640)
        #expect(try CollectionFile.load(link).fingerprint == saved.fingerprint)
        for place in ["shared", "work"] {
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file(place)).allSatisfy { !$0.contains(".tmp-") })
        }
    }

    @Test("a chain of links to an environment is followed to the file")
    func environmentChain() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("real.env.json")
        _ = try EnvironmentFile.create(Environment(name: "dev", variables: [Variable(name: "host", value: "a")]), at: target)
        try FileManager.default.createSymbolicLink(atPath: folder.file("middle.env.json"), withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: folder.file("dev.env.json"), withDestinationPath: "middle.env.json")
        let loaded = try EnvironmentFile.load(folder.file("dev.env.json"))
        var changed = loaded.document
        changed.variables = [Variable(name: "host", value: "b")]
        _ = try loaded.saving(changed)
        #expect(linkStatus(folder.file("dev.env.json")).st_mode & S_IFMT == S_IFLNK)
        #expect(linkStatus(folder.file("middle.env.json")).st_mode & S_IFMT == S_IFLNK)
        #expect(try EnvironmentFile.load(target).document.variables.first?.value == "b")
    }

    @Test("a secrets file that is a link stays one")
    func secretsLink() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.json")
        _ = try CollectionFile.create(SampleCollections.full(), at: path)
        try FileManager.default.moveItem(atPath: folder.file("shop.secrets.json"), toPath: folder.file("vault.json"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("shop.secrets.json"), withDestinationPath: "vault.json")
        let loaded = try CollectionFile.load(path)
        var changed = loaded.document
        if let index = changed.variables.firstIndex(where: { $0.name == "apiKey" }) { changed.variables[index].value = "k-456" }
        _ = try loaded.saving(changed)
        #expect(linkStatus(folder.file("shop.secrets.json")).st_mode & S_IFMT == S_IFLNK)
        #expect(try String(contentsOfFile: folder.file("vault.json"), encoding: .utf8).contains("k-456"))
        #expect(status(folder.file("vault.json")).st_mode & 0o7777 == 0o600)
    }

    @Test("the replaced file keeps its owner and group", .enabled(if: geteuid() == 0, "setting another owner needs root"))
    func ownerAndGroup() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("team.json")
        _ = try CollectionFile.create(SampleCollections.full(), at: target)
        #expect(chown(target, 4242, 4343) == 0)
        chmod(target, 0o664)
        let loaded = try CollectionFile.load(target)
        var changed = loaded.document
        changed.name = "Team"
        _ = try loaded.saving(changed)
        let after = status(target)
        #expect(after.st_uid == 4242)
        #expect(after.st_gid == 4343)
        #expect(after.st_mode & 0o7777 == 0o664)
    }
}
