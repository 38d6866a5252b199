import Foundation
import Testing
import TestServers
@testable import RequestKit

/// `Client.start`: requests handed over at once and awaited later, and lanes of requests queued behind another.
@Suite struct TransportLaneTests {
    /// A fresh prefix for the server's log.
    private static func uniqueName() -> String {
        "lane" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The server's log lines (`start NAME`, `end NAME`) for names starting with a prefix, in order.
    private static func log(_ client: Client, prefix: String) async throws -> [String] {
        let response = try await client.send(Request(method: .get, url: try RunTestServer.baseURL() + "/log?prefix=" + prefix))
        guard case .array(let items) = try OrderedJSON.parse(response.body) else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// Starts a GET; held requests get minutes, so that a test process starved of threads still sees them answered.
    private static func get(_ client: Client, _ path: String, after: PendingResponse? = nil) throws -> PendingResponse {
        var request = Request(method: .get, url: try RunTestServer.baseURL() + path)
        request.options.timeout = 300
        return try client.start(prepared: try request.prepared(), options: request.options, after: after)
    }

    @Test func aRequestStartedBehindAnotherGoesOutOnlyOnceThatOneHasAnswered() async throws {
        let client = Client()
        let name = Self.uniqueName()
        // a is held until c arrives; b waits behind a; c is independent and must not wait.
        let a = try Self.get(client, "/hold?name=\(name)-a&until=\(name)-c&seconds=300")
        let b = try Self.get(client, "/record?name=\(name)-b", after: a)
        let c = try Self.get(client, "/record?name=\(name)-c")
        let statuses = try [await client.response(of: a), await client.response(of: b), await client.response(of: c)].map(\.statusCode)
        #expect(statuses == [200, 200, 200])
        let log = try await Self.log(client, prefix: name)
        let position = { (line: String) in log.firstIndex(of: line) ?? -1 }
        #expect(position("start \(name)-c") >= 0 && position("start \(name)-c") < position("end \(name)-a"))
        #expect(position("end \(name)-a") >= 0 && position("end \(name)-a") < position("start \(name)-b"))
    }

    @Test func cancellingAQueuedRequestSendsNothingAndTheLaneGoesOn() async throws {
        let client = Client()
        let name = Self.uniqueName()
        let a = try Self.get(client, "/hold?name=\(name)-a&until=\(name)-c&seconds=300")
        let b = try Self.get(client, "/record?name=\(name)-b", after: a)
        let d = try Self.get(client, "/record?name=\(name)-d", after: b)
        b.cancel()
        let cancelled = await b.outcome()
        #expect(cancelled.failure == .cancelled)
        #expect(a.isFinished == false)
        let c = try Self.get(client, "/record?name=\(name)-c")
        #expect(try await client.response(of: c).statusCode == 200)
        #expect(try await client.response(of: a).statusCode == 200)
        #expect(try await client.response(of: d).statusCode == 200)
        let log = try await Self.log(client, prefix: name)
        #expect(!log.contains("start \(name)-b"))
        let position = { (line: String) in log.firstIndex(of: line) ?? -1 }
        #expect(position("end \(name)-a") >= 0 && position("end \(name)-a") < position("start \(name)-d"))
    }

    @Test func anOutcomeThatHasArrivedIsKeptForEveryLaterLook() async throws {
        let client = Client()
        let pending = try Self.get(client, "/record?name=\(Self.uniqueName())-x")
        let first = try await client.response(of: pending)
        #expect(pending.isFinished)
        #expect(pending.finishedOutcome()?.success?.statusCode == first.statusCode)
        #expect(try await client.response(of: pending).body == first.body)
    }
}

extension Result {
    /// The failure, if this is one.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// The success value, if this is one.
    fileprivate var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
