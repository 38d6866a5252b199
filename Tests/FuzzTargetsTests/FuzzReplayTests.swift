import Foundation
import FuzzTargets
import Testing

/// Every fuzz target, run plainly (without a sanitizer) on its seeds and on the inputs that once broke it.
@Suite struct FuzzReplayTests {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test(arguments: FuzzTargets.all.map(\.name))
    func seedsAndSavedCrashesReplay(name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        var inputs = 0
        for folder in target.seeds + [FuzzInputs.crashFolder(of: target)] {
            for file in FuzzInputs.files(under: Self.root + "/" + folder) {
                let data = try #require(FileManager.default.contents(atPath: file))
                do throws(FuzzViolation) {
                    try target.run(data)
                } catch {
                    Issue.record("\(file): \(error)")
                }
                inputs += 1
            }
        }
        #expect(inputs > 0, "\(name) has no seed inputs")
    }

    @Test func everySeedFolderExists() {
        for target in FuzzTargets.all {
            for folder in target.seeds {
                #expect(!FuzzInputs.files(under: Self.root + "/" + folder).isEmpty, "\(target.name): \(folder) holds no input")
            }
        }
    }

    @Test func namesAreUnique() {
        let names = FuzzTargets.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func everySavedCrashBelongsToATarget() throws {
        let folder = Self.root + "/Tests/Fuzz/crashes"
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        for entry in entries {
            #expect(FuzzTargets.named(entry) != nil, "Tests/Fuzz/crashes/\(entry) names no fuzz target")
        }
    }
}
