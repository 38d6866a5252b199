import Foundation
import Replay
import RequestKit
import RequestStore
import TestServers

/// Builds plans from requests written in the test and runs them, collecting every event.
enum RunHarness {
    /// A fresh name without hyphens, so that server-side names `NAME-1`, `NAME-2` share the prefix `NAME`.
    static func uniqueName() -> String {
        "n" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    }

    /// The steps of a collection holding these requests, in order.
    static func steps(_ requests: [SavedRequest], variables: [Variable] = [], file: String? = nil) -> [RunStep] {
        let collection = RequestCollection(name: "Tests", variables: variables, requests: requests)
        return collection.allRequests.map { RunStep(located: $0, in: collection, file: file) }
    }

    /// A saved GET request.
    static func get(_ name: String, _ url: String, checks: [String] = [], captures: [String] = [], options: SavedOptions = SavedOptions()) throws -> SavedRequest {
        SavedRequest(
            name: name, url: url, options: options,
            checks: try checks.map { try Check.parse($0) }, captures: try captures.map { try CaptureRule.parse($0) })
    }

    /// Every event of a run, in the order they came.
    static func events(_ runner: Runner) async -> [RunEvent] {
        var events: [RunEvent] = []
        for await event in runner.events() { events.append(event) }
        return events
    }

    /// The results among events.
    static func results(_ events: [RunEvent]) -> [RunResult] {
        events.compactMap { if case .finished(let result) = $0 { return result } else { return nil } }
    }

    /// The totals among events.
    static func totals(_ events: [RunEvent]) -> RunTotals? {
        events.compactMap { if case .ended(let totals) = $0 { return totals } else { return nil } }.first
    }

    /// One client for reading the log, so that tests polling it do not start a transport thread per poll.
    private static let logClient = Client()

    /// The server's log lines (`start N`, `end N`) of requests whose name starts with a prefix, in order; with a
    /// wait, the server first holds the answer until there is at least one (at most that many seconds).
    static func log(prefix: String, waitingUpTo seconds: Int = 0) async throws -> [String] {
        let url = try RunTestServer.baseURL() + "/log?prefix=" + prefix + "&wait=\(seconds)"
        let response = try await logClient.send(Request(method: .get, url: url, options: RequestOptions(timeout: Double(seconds + 30))))
        guard case .array(let items) = try OrderedJSON.parse(response.body) else { throw HarnessError(description: "the log is not a list") }
        return items.compactMap(\.stringValue)
    }

    /// A port on loopback that nothing listens on.
    static func closedPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw HarnessError(description: "no free loopback port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// A test set-up that failed.
struct HarnessError: Error, CustomStringConvertible {
    /// What happened.
    var description: String
}

/// Keeps the events a run reports through its callback.
actor EventRecorder {
    /// The events so far.
    private(set) var events: [RunEvent] = []

    /// Adds an event.
    func append(_ event: RunEvent) {
        events.append(event)
    }
}
