import Foundation
import Testing
@testable import RequestStore

/// Runs the curl importer over every curlconverter fixture and reports the pass rate.
@Suite("curlconverter fixtures")
struct CurlConverterFixtureTests {
    static let generatorNames = ImportFixtures.names(in: "curlconverter/commands", extension: "sh")
    static let parserNames = ImportFixtures.names(in: "curlconverter/extra-parser/commands", extension: "sh")

    /// The differences for one generator fixture; an import error counts as one difference.
    static func generatorDifferences(_ name: String) -> [String] {
        do {
            let command = try ImportFixtures.text("curlconverter/commands/\(name).sh")
            guard let expected = try ImportFixtures.json("curlconverter/expected-json/\(name).json") as? [String: Any] else {
                return ["expected file is not an object"]
            }
            let imported = try CurlImporter.parse(command)
            guard imported.count == 1 else { return ["expected one request, got \(imported.count)"] }
            return CurlConverterComparison.differences(imported[0], generatorOutput: expected)
        } catch {
            return ["\(error)"]
        }
    }

    /// The differences for one parser fixture.
    static func parserDifferences(_ name: String) -> [String] {
        do {
            let command = try ImportFixtures.text("curlconverter/extra-parser/commands/\(name).sh")
            guard let expected = try ImportFixtures.json("curlconverter/extra-parser/expected/\(name).json") as? [[String: Any]] else {
                return ["expected file is not an array of objects"]
            }
            return CurlConverterComparison.differences(try CurlImporter.parse(command), parserOutput: expected)
        } catch {
            return ["\(error)"]
        }
    }

    @Test("the fixtures were copied")
    func fixturesExist() {
        #expect(Self.generatorNames.count == 15)
        #expect(Self.parserNames.count == 7)
    }

    @Test("generator fixture", arguments: generatorNames)
    func generatorFixture(_ name: String) {
        let problems = Self.generatorDifferences(name)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }

    @Test("parser fixture", arguments: parserNames)
    func parserFixture(_ name: String) {
        let problems = Self.parserDifferences(name)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
    }

    @Test("pass rate over all fixtures")
    func passRate() {
        let results = Self.generatorNames.map { ("commands/\($0)", Self.generatorDifferences($0)) }
            + Self.parserNames.map { ("extra-parser/\($0)", Self.parserDifferences($0)) }
        let passed = results.filter { $0.1.isEmpty }.count
        let percent = results.isEmpty ? 0 : Double(passed) * 100 / Double(results.count)
        print("curlconverter fixtures: \(passed)/\(results.count) passed (\(String(format: "%.1f", percent))%)")
        for (name, problems) in results where !problems.isEmpty {
            print("  failed \(name): \(problems.joined(separator: "; "))")
        }
        #expect(results.count == 22)
        #expect(passed == results.count)
    }
}
