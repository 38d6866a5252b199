import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite struct ReplayModuleTests {
    @Test func aCheckResultKeepsItsCheck() throws {
        let check = try Check.parse("status == 200")
        let result = CheckResult(check: check, passed: true, actual: "200", expected: "== 200")
        #expect(result.check.text == "status == 200")
    }
}
