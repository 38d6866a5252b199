import Testing
import RequestKit

/// Numbers from people and files are read within the ranges curlew can use, at and past their limits.
@Suite struct NumberReadingTests {
    @Test(arguments: [("0", 0.0), ("2.5", 2.5), ("31536000", 31_536_000.0), (" 7 ", 7.0)])
    func secondsInRange(text: String, expected: Double) throws {
        #expect(try NumberReading.seconds(text).get() == expected)
    }

    @Test(arguments: ["31536000.001", "1e16", "99999999999999999999", "9223372036854775.807", "1e300", "1e309", "-1", "inf", "nan", "soon", ""])
    func secondsOutOfRangeOrNotNumbers(text: String) {
        guard case .failure(let refusal) = NumberReading.seconds(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(refusal.reason.contains("'\(text)'"))
    }

    @Test(arguments: [("0", Int64(0)), ("10k", 10_240), ("500M", 500 << 20), ("2G", 2 << 30), ("1048576G", Int64(1) << 50), ("1125899906842624", Int64(1) << 50)])
    func byteCountsInRange(text: String, expected: Int64) throws {
        #expect(try NumberReading.byteCount(text).get() == expected)
    }

    @Test(arguments: ["1048577G", "1125899906842625", "9999999999999G", "99999999999999999999", "-1", "1e3", "10X", "G", "", "1.5M"])
    func byteCountsRefused(text: String) {
        #expect(throws: NumberReading.Refusal.self) { try NumberReading.byteCount(text).get() }
    }

    @Test(arguments: [("0", true), ("1000", true), ("1001", false), ("-1", false), ("99999999999999999999", false), ("1e3", false), ("ten", false)])
    func redirectCounts(text: String, accepted: Bool) {
        let result = NumberReading.count(text, in: 0...NumberReading.maximumRedirects, of: "redirects")
        if case .success = result { #expect(accepted) } else { #expect(!accepted) }
    }

    @Test(arguments: [("1000", 1000), ("1s", 1000), ("100ms", 100), ("2m", 120_000), ("0", 0), ("3600s", 3_600_000)] as [(String, Int?)]
        + [("3601s", nil), ("1.5s", nil), ("-1", nil), ("s", nil), ("1h", nil), ("99999999999999999999ms", nil)])
    func durationsAsHurlWritesThem(text: String, milliseconds: Int?) {
        #expect(NumberReading.milliseconds(text, in: 0...3_600_000) == milliseconds)
    }

    @Test func theDefaultLimitAppliesOnlyWhenTheBodyIsKeptInMemory() {
        #expect(ResponseSizeLimit.effective(for: RequestOptions()) == 100 << 20)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(outputPath: "/tmp/x")) == nil)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(maxResponseSize: 5, outputPath: "/tmp/x")) == 5)
        #expect(ResponseSizeLimit.describe(100 << 20) == "104857600 bytes (100 MiB)")
        #expect(ResponseSizeLimit.describe(999) == "999 bytes")
    }
}
