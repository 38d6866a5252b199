import Foundation
import RequestKit

/// What came of one request of a run. Secret values (secret variables and secret captures) are already
/// replaced by `[redacted]` in every text it holds, except in `exchange`, which is for the app to open.
public struct RunResult: Hashable, Sendable {
    /// The plan entry.
    public var entry: RunEntry
    /// The request's name.
    public var name: String
    /// Its path in the collection, e.g. `Users/Login`.
    public var path: String
    /// The collection's name.
    public var collectionName: String
    /// Where the request is written: "FILE: Folder/Name".
    public var origin: String
    /// The number of the data row, from 1, when the run has rows.
    public var dataRow: Int?
    /// The method sent.
    public var method: String
    /// The URL as resolved and sent (before redirects), or the saved URL when it could not be resolved.
    public var url: String
    /// The status of the last response, when one came.
    public var status: Int?
    /// Seconds the last attempt's transfer took.
    public var duration: Double
    /// Bytes of request sent by the last attempt.
    public var bytesSent: Int64
    /// Bytes of response received by the last attempt, head included.
    public var bytesReceived: Int64
    /// The size of the last response body after decoding.
    public var bodySize: Int
    /// Each check with its outcome, in the order written.
    public var checks: [CheckResult]
    /// Values captured; secret ones hold `[redacted]`.
    public var captures: [CapturedValue]
    /// Captures that took no value, with the reason.
    public var captureFailures: [CaptureFailure]
    /// Why the request could not be sent (RequestKit's message, or an unresolved variable), if so.
    public var error: String?
    /// How many times it was sent (1 plus the retries used).
    public var attempts: Int
    /// The exchange, when the run keeps exchanges (`RunOptions.exchanges`); nil otherwise.
    public var exchange: RunExchange?
    /// What reports show of the exchange, when the run keeps excerpts (`RunOptions.excerptBodyBytes`); nil otherwise.
    public var excerpt: ExchangeExcerpt?
    /// Whether any status passes when there are no checks (a `.hurl` entry without a response section).
    public var acceptsAnyStatus = false
    /// The line of each check in its `.hurl` file, in the order of `checks`; empty for other collections.
    public var checkLines: [Int] = []
    /// The line of each failed capture in its `.hurl` file, in the order of `captureFailures`; empty for other collections.
    public var captureFailureLines: [Int] = []
    /// Whether the request was left out (Hurl's `skip` option): nothing was sent, and it counts as passed.
    public var skipped = false
    /// The response body, kept only when the run's `keepsBodies` asks (for `curlew run --output`).
    public var body: Data?
    /// Whether `body` is to be written to standard output (the request's `output: -`).
    public var bodyToStandardOutput = false

    /// Creates a result.
    public init(
        entry: RunEntry, name: String, path: String, collectionName: String, origin: String, dataRow: Int?, method: String,
        url: String, status: Int? = nil, duration: Double = 0, bytesSent: Int64 = 0, bytesReceived: Int64 = 0, bodySize: Int = 0,
        checks: [CheckResult] = [], captures: [CapturedValue] = [], captureFailures: [CaptureFailure] = [], error: String? = nil,
        attempts: Int = 1, exchange: RunExchange? = nil
    ) {
        self.entry = entry
        self.name = name
        self.path = path
        self.collectionName = collectionName
        self.origin = origin
        self.dataRow = dataRow
        self.method = method
        self.url = url
        self.status = status
        self.duration = duration
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.bodySize = bodySize
        self.checks = checks
        self.captures = captures
        self.captureFailures = captureFailures
        self.error = error
        self.attempts = attempts
        self.exchange = exchange
    }

    /// Whether the request passed: it was sent, every capture took a value, and every check held
    /// (a request without checks passes on a 2xx or 3xx status).
    public var passed: Bool {
        if skipped, error == nil { return true }
        guard error == nil, let status, captureFailures.isEmpty else { return false }
        if checks.isEmpty { return acceptsAnyStatus || (200...399).contains(status) }
        return checks.allSatisfy(\.passed)
    }

    /// The checks that did not hold.
    public var failedChecks: [CheckResult] { checks.filter { !$0.passed } }

    /// Why a request without checks failed on its status, e.g. "status 404 is not 2xx or 3xx"; nil otherwise.
    public var statusProblem: String? {
        guard error == nil, checks.isEmpty, !acceptsAnyStatus, let status, !(200...399).contains(status) else { return nil }
        return "status \(status) is not 2xx or 3xx (the request has no checks)"
    }
}

/// The request and response of one result, kept only when asked for.
public struct RunExchange: Hashable, Sendable {
    /// The request as sent (its body segments included with `.full`, emptied with `.heads`).
    public var request: PreparedRequest
    /// The response, when one came (its body empty with `.heads`).
    public var response: Response?
    /// The values the request captured, secret ones unredacted, so that the app can run the requests after it
    /// again with them; kept with `.full` only, and never shown or stored.
    public var captured: [CapturedValue]

    /// Creates an exchange.
    public init(request: PreparedRequest, response: Response?, captured: [CapturedValue] = []) {
        self.request = request
        self.response = response
        self.captured = captured
    }
}
