import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// What an idle limit stopped, found against loopback servers that send slowly: libcurl's low-speed check counts
/// body bytes only, so a head still arriving must not be reported as silence.
@Suite struct TransportIdleStopTests {
    private func stop(_ path: String, idle: Double = 3) async throws -> NetworkError? {
        let request = Wire.request(.get, try await Blocking.run { try HostileServer.url(path) })
        let options = Wire.options { $0.timeout = nil; $0.idleTimeout = idle }
        return await Wire.failure { () async throws(NetworkError) in try await Client().send(prepared: request, options: options) }
    }

    @Test func aHeadArrivingAByteASecondIsNotSilence() async throws {
        let error = try #require(try await stop("/dribble/head"))
        guard case .idleTimeout(3, .headArriving(let ago)) = error else {
            Issue.record("expected the head still arriving, got \(error)")
            return
        }
        #expect(ago < 2.5)
        #expect(error.exitCode == 28)
        #expect(error.message.contains("The response head was still arriving"))
        #expect(!error.message.contains("No data arrived"))
    }

    @Test func aHeadThatEndedWithoutABodyIsSaidSo() async throws {
        let error = try #require(try await stop("/dribble/head-then-silence"))
        guard case .idleTimeout(3, .headWithoutBody) = error else {
            Issue.record("expected a head without a body, got \(error)")
            return
        }
    }

    @Test func aBodyTricklingIsSaidSo() async throws {
        let error = try #require(try await stop("/dribble/body"))
        guard case .idleTimeout(3, .bodyTrickling(let bytes, _)) = error else {
            Issue.record("expected a trickling body, got \(error)")
            return
        }
        #expect(bytes > 0)
    }

    @Test func aSilentServerIsSilence() async throws {
        #expect(try await stop("/silent") == .idleTimeout(seconds: 3, stop: .silent))
    }
}
