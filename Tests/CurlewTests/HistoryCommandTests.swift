import Foundation
import Testing
import TestSupport

/// `curlew history --since/--until` run as a real process over history files written by hand.
@Suite struct HistoryCommandTests {
    /// A data folder in the temporary directory holding a history file, removed when the test ends.
    final class DataFolder {
        let path: String

        /// Writes one history line per (id, time) pair, oldest first.
        init(entries: [(id: String, time: Date)]) throws {
            path = TemporaryFolder.path("curlew-history")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let lines = entries.map { entry in
                let milliseconds = Int64((entry.time.timeIntervalSince1970 * 1000).rounded())
                return #"{"id":"\#(entry.id)","time":\#(milliseconds),"method":"GET","url":"http://h/\#(entry.id)","status":200,"reason":"OK","#
                    + #""durationMs":1.5,"size":2,"request":{"headers":[],"bodySize":0}}"#
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path + "/history.jsonl"))
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// Runs `curlew history` over this folder with every entry listed, and returns the ids it printed, newest first.
        func ids(_ arguments: [String]) async throws -> [String] {
            let result = try await ProcessRunner.curlew(["history", "--data-dir", path, "--limit", "0"] + arguments)
            #expect(result.status == 0, "\(result.errorOutput)")
            return result.output.split(separator: "\n").dropFirst().compactMap { line in
                line.split(separator: " ").first.map(String.init)
            }.filter { $0.hasPrefix("e-") }
        }
    }

    /// A moment in UTC.
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(secondsFromGMT: 0))
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
    }

    @Test func dateTimesInUTCOrWithAnOffsetBoundTheList() async throws {
        let folder = try DataFolder(entries: [
            ("e-1", try Self.utc(2026, 11, 29, 23, 30)), ("e-2", try Self.utc(2026, 11, 30, 10, 0)),
            ("e-3", try Self.utc(2026, 11, 30, 14, 5)), ("e-4", try Self.utc(2026, 12, 1, 8, 0)),
        ])
        #expect(try await folder.ids(["--since", "2026-11-30T10:00:00Z", "--until", "2026-11-30T14:05:00Z"]) == ["e-2"])
        #expect(try await folder.ids(["--since", "2026-11-30T11:00:00+01:00"]) == ["e-4", "e-3", "e-2"])
        #expect(try await folder.ids(["--until", "2026-11-30T09:59:59.999-00:00"]) == ["e-1"])
        #expect(try await folder.ids(["--since", "2026-11-30T14:05Z", "--until", "2026-12-31T00:00Z"]) == ["e-4", "e-3"])
    }

    @Test func aDateIsTheStartOfThatDayInLocalTime() async throws {
        let times = [try Self.utc(2026, 11, 29, 12, 0), try Self.utc(2026, 11, 30, 12, 0), try Self.utc(2026, 12, 1, 12, 0)]
        let folder = try DataFolder(entries: times.enumerated().map { ("e-\($0.offset + 1)", $0.element) })
        let localMidnight = try #require(Calendar.current.date(from: DateComponents(year: 2026, month: 11, day: 30)))
        let expected = times.enumerated().filter { $0.element >= localMidnight }.map { "e-\($0.offset + 1)" }.reversed()
        #expect(try await folder.ids(["--since", "2026-11-30"]) == Array(expected))
    }

    @Test func agesCountBackFromNow() async throws {
        let now = Date()
        let folder = try DataFolder(entries: [
            ("e-old", now - 3 * 86_400), ("e-hours", now - 5 * 3600), ("e-minutes", now - 20 * 60),
        ])
        #expect(try await folder.ids(["--since", "1h"]) == ["e-minutes"])
        #expect(try await folder.ids(["--since", "2d", "--until", "60m"]) == ["e-hours"])
        #expect(try await folder.ids(["--since", "2w"]) == ["e-minutes", "e-hours", "e-old"])
        #expect(try await folder.ids(["--until", "7d"]).isEmpty)
    }

    @Test(arguments: [
        ("--since", "yesterday"), ("--until", "2026-13-01"), ("--since", "2026-02-30"), ("--since", "2026-11-30T25:00Z"),
        ("--until", "5y"), ("--since", "2026-11-30T14:05:00+01:00junk"), ("--since", "30"),
    ])
    func badValuesExitWith2NamingFlagValueAndForms(flag: String, value: String) async throws {
        let folder = try DataFolder(entries: [("e-1", Date())])
        let result = try await ProcessRunner.curlew(["history", "--data-dir", folder.path, flag, value])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.errorOutput.contains("\(flag): '\(value)'"))
        #expect(result.errorOutput.contains("2026-11-30T14:05:00Z") && result.errorOutput.contains("7d"))
    }

    @Test func sinceNotBeforeUntilIsAUsageError() async throws {
        let folder = try DataFolder(entries: [("e-1", Date())])
        let result = try await ProcessRunner.curlew(["history", "--data-dir", folder.path, "--since", "1h", "--until", "2h"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--since") && result.errorOutput.contains("--until"))
        let missing = try await ProcessRunner.curlew(["history", "--data-dir", folder.path, "--until"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains("--until needs a value"))
    }

    @Test func helpListsTheTimeFlags() async throws {
        let result = try await ProcessRunner.curlew(["history", "--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("--since WHEN") && result.output.contains("--until WHEN"))
        #expect(result.output.contains("2026-11-30T14:05:00Z") && result.output.contains("2w"))
    }
}

/// `curlew history delete|clear|compact` run as a real process.
@Suite struct HistoryMaintenanceCommandTests {
    @Test func deleteTakesUniquePrefixesAndNamesAnUnknownID() async throws {
        let folder = try HistoryCommandTests.DataFolder(entries: [("e-aa1", Date() - 30), ("e-bb2", Date() - 20), ("e-bb3", Date() - 10)])
        let ambiguous = try await ProcessRunner.curlew(["history", "delete", "e-aa", "e-bb", "--data-dir", folder.path])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.errorOutput.contains("'e-bb': 2 entries start with it"))
        #expect(try await folder.ids([]) == ["e-bb3", "e-bb2", "e-aa1"])
        let deleted = try await ProcessRunner.curlew(["history", "delete", "e-aa", "e-bb3", "--data-dir", folder.path])
        #expect(deleted.status == 0, "\(deleted.errorOutput)")
        #expect(deleted.output == "Removed 2 entries and 0 stored bodies.\n")
        #expect(try await folder.ids([]) == ["e-bb2"])
        let unknown = try await ProcessRunner.curlew(["history", "delete", "e-zz", "--data-dir", folder.path])
        #expect(unknown.status == 1)
        #expect(unknown.errorOutput.contains("'e-zz': no entry has this id"))
        #expect(try await folder.ids([]) == ["e-bb2"])
    }

    @Test func clearNeedsYesAndThenEmptiesTheHistory() async throws {
        let folder = try HistoryCommandTests.DataFolder(entries: [("e-1", Date() - 20), ("e-2", Date() - 10)])
        let refused = try await ProcessRunner.curlew(["history", "clear", "--data-dir", folder.path])
        #expect(refused.status == 2)
        #expect(refused.errorOutput.contains("add --yes"))
        #expect(try await folder.ids([]) == ["e-2", "e-1"])
        let cleared = try await ProcessRunner.curlew(["history", "clear", "--yes", "--data-dir", folder.path])
        #expect(cleared.status == 0, "\(cleared.errorOutput)")
        #expect(cleared.output == "Removed 2 entries and 0 stored bodies.\n")
        #expect(try await folder.ids([]).isEmpty)
    }

    @Test func compactKeepsTheNewestN() async throws {
        let folder = try HistoryCommandTests.DataFolder(entries: (1...5).map { ("e-\($0)", Date() - Double(60 - $0)) })
        let compacted = try await ProcessRunner.curlew(["history", "compact", "--keep", "2", "--data-dir", folder.path])
        #expect(compacted.status == 0, "\(compacted.errorOutput)")
        #expect(try await folder.ids([]) == ["e-5", "e-4"])
        let misplaced = try await ProcessRunner.curlew(["history", "delete", "e-5", "--keep", "1", "--data-dir", folder.path])
        #expect(misplaced.status == 2)
        #expect(misplaced.errorOutput.contains("--keep applies to 'curlew history compact' only"))
    }
}
