import Foundation
import Testing
import TestServers
import TestSupport

/// `curlew send` against a server that sends compression bombs and endless bodies: memory stays bounded
/// and the transfer stops with exit 63 and a message naming the limit and `--max-filesize`.
@Suite struct HostileResponseSizeTests {
    /// The most memory a `curlew send` receiving a hostile body may use, in kB.
    static let peakMemoryLimitKB = 64 * 1024

    @Test(arguments: ["gzip", "deflate", "br", "zstd"])
    func compressionBombStopsAtTheDefaultLimitWithBoundedMemory(encoding: String) async throws {
        let url = try HostileServer.url("/bomb/\(encoding)")
        let run = try await PeakMemoryRun.curlew(["send", "--no-history", url, "--timeout", "600"])
        #expect(run.result.status == 63)
        #expect(run.result.errorOutput.contains("104857600 bytes (100 MiB)"))
        #expect(run.result.errorOutput.contains("--max-filesize"))
        // The body goes to stdout as it arrives, up to the limit.
        #expect(run.result.stdout.count <= 100 << 20)
        if SanitizedRun.measuresMemory { #expect(run.peakKB < Self.peakMemoryLimitKB, "peak \(run.peakKB) kB") }
    }

    @Test func bombStopsAtAnExplicitLimitCountingDecodedBytes() async throws {
        let url = try HostileServer.url("/bomb/gzip")
        let run = try await PeakMemoryRun.curlew(["send", "--no-history", url, "--max-filesize", "1M", "--timeout", "600"])
        #expect(run.result.status == 63)
        #expect(run.result.errorOutput.contains("1048576 bytes (1 MiB)"))
    }

    @Test func bombWrittenToAFileStreamsWithBoundedMemory() async throws {
        let url = try HostileServer.url("/bomb/zstd")
        let run = try await PeakMemoryRun.curlew(["send", "--no-history", url, "-o", "/dev/null", "--timeout", "600"])
        #expect(run.result.status == 0)
        if SanitizedRun.measuresMemory { #expect(run.peakKB < Self.peakMemoryLimitKB, "peak \(run.peakKB) kB") }
    }

    @Test func endlessBodyStopsAtTheLimitBeforeTheTimeout() async throws {
        let url = try HostileServer.url("/endless")
        let run = try await PeakMemoryRun.curlew(["send", "--no-history", url, "--timeout", "300"])
        #expect(run.result.status == 63)
        if SanitizedRun.measuresMemory { #expect(run.peakKB < Self.peakMemoryLimitKB, "peak \(run.peakKB) kB") }
    }

    @Test func bodyLargerThanMemoryPartReachesAPipeExactly() async throws {
        let size = 12_000_000
        let url = try HostileServer.url("/zeros/\(size)")
        let result = try await ProcessRunner.curlew(["send", "--no-history", url])
        #expect(result.status == 0)
        #expect(result.stdout.count == size)
        #expect(result.stdout.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [["-1"], ["1e3"], ["9999999999999G"], ["10X"], [""]])
    func maxFilesizeOutOfRangeIsAUsageError(values: [String]) async throws {
        let result = try await ProcessRunner.curlew(["send", "--no-history", "http://127.0.0.1:1/", "--max-filesize"] + values)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--max-filesize"))
    }

    @Test func historyNamesTheLimitForAStoppedTransfer() async throws {
        let folder = TemporaryFolder.path("curlew-hostile")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = try HostileServer.url("/endless")
        let result = try await ProcessRunner.curlew(["send", "--data-dir", folder, url, "--max-filesize", "2M"])
        #expect(result.status == 63)
        let history = try String(contentsOfFile: folder + "/history.jsonl", encoding: .utf8)
        #expect(history.contains("larger than the limit of 2097152 bytes"))
    }
}

/// A run of curlew under a small wrapper that reports the child's peak resident memory (the kernel's
/// high-water mark, `VmHWM`, as `getrusage` returns it for waited-for children).
struct PeakMemoryRun {
    /// What the run printed and its exit status.
    var result: ProcessResult
    /// The peak resident memory of the curlew process, in kB.
    var peakKB: Int

    /// Runs curlew with `arguments` and measures it.
    static func curlew(_ arguments: [String]) async throws -> PeakMemoryRun {
        let report = TemporaryFolder.path("curlew-peak")
        defer { try? FileManager.default.removeItem(atPath: report) }
        let wrapper = "import resource, subprocess, sys\n"
            + "status = subprocess.call(sys.argv[2:])\n"
            + "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
            + "sys.exit(status)\n"
        let result = try await ProcessRunner.run("/usr/bin/env", ["python3", "-c", wrapper, report, ProcessRunner.curlewPath] + arguments)
        let peak = try #require(Int(try String(contentsOfFile: report, encoding: .utf8)))
        return PeakMemoryRun(result: result, peakKB: peak)
    }
}
