import RequestKit
import RequestStore

/// How a run sends its requests.
public struct RunOptions: Hashable, Sendable {
    /// How many requests may be in flight at once (1…`concurrencyRange.upperBound`).
    public var concurrency: Int
    /// Whether nothing more is started after the first failed request.
    public var bail: Bool
    /// Milliseconds to wait before starting each request after the first.
    public var delayMilliseconds: Int
    /// How many times a failing request is re-sent, for requests whose saved options set no `retry`.
    public var retry: Int
    /// Milliseconds before each re-send, for requests whose saved options set no `retryInterval`.
    public var retryIntervalMilliseconds: Int
    /// The transfer timeout in seconds for requests whose saved options set none; nil keeps RequestKit's 30 s.
    public var timeout: Double?
    /// The largest response body accepted, in bytes; nil keeps RequestKit's default (100 MiB).
    public var maxResponseSize: Int64?
    /// Seconds a streamed response is read at most, for requests whose saved options set no `streamSeconds`;
    /// then the transfer is stopped and the checks run on what came. Nil reads every response to its end.
    public var streamSeconds: Double?
    /// Whether the run keeps a cookie jar (used when the runner makes its own client).
    public var cookies: Bool
    /// The HTTP version every request asks for, whatever its saved options say; nil keeps each request's own.
    public var httpVersion: HTTPVersionPreference?
    /// How much of each exchange a result keeps; the command line keeps none, so no body outlives its checks.
    public var exchanges: ExchangeRetention
    /// What the user lets the run's collections reach: the file root, environment names, replacing files.
    public var trust = TrustPolicy()
    /// Settings the command line gives every request (redirects, TLS, credentials, extra headers).
    public var requestDefaults = RunRequestDefaults()
    /// When set, each result keeps an `ExchangeExcerpt` for reports: masked heads, timings and at most this many
    /// bytes of each body. Nil keeps none.
    public var excerptBodyBytes: Int?
    /// How failure messages name the settings that would fix them: by default as `curlew run` and a collection's
    /// options do (`SettingNames.run`).
    public var settingNames: SettingNames = .run
    /// Whether no check is evaluated (Hurl's `--ignore-asserts`): captures are still taken, and every response passes.
    public var ignoresAsserts = false
    /// Whether each result keeps its response body in `RunResult.body` (for `--output`).
    public var keepsBodies = false
    /// Whether entries of `.hurl` files ask for a compressed response (Hurl's `--compressed`); other requests always do.
    public var compressed = false
    /// The token cache file of requests with oauth2 auth (`OAuth2TokenCacheFile`); nil keeps tokens in memory for the process.
    public var oauth2CacheFile: String?
    /// The environment name in the oauth2 token cache's keys.
    public var oauth2Environment = ""

    /// The accepted range of `concurrency`.
    public static let concurrencyRange = 1...256
    /// The accepted range of `retry`.
    public static let retryRange = 0...1000
    /// The accepted range of delays and retry intervals, in milliseconds (up to an hour).
    public static let millisecondsRange = 0...3_600_000
    /// The accepted range of `timeout`, in seconds (up to a day).
    public static let timeoutRange = 0.0...86_400.0

    /// Creates options; the defaults send one request at a time, without delay or retries, and keep cookies.
    public init(
        concurrency: Int = 1, bail: Bool = false, delayMilliseconds: Int = 0, retry: Int = 0,
        retryIntervalMilliseconds: Int = 0, timeout: Double? = nil, cookies: Bool = true, exchanges: ExchangeRetention = .none
    ) {
        self.concurrency = concurrency
        self.bail = bail
        self.delayMilliseconds = delayMilliseconds
        self.retry = retry
        self.retryIntervalMilliseconds = retryIntervalMilliseconds
        self.timeout = timeout
        self.cookies = cookies
        self.exchanges = exchanges
    }
}

/// How much of each exchange a `RunResult` keeps once its checks and captures are done.
public enum ExchangeRetention: Hashable, Sendable {
    /// Nothing: the response is dropped (the command line, reports, long runs).
    case none
    /// The request and the response head, without bodies (`--verbose`).
    case heads
    /// The whole request and response, bodies included (the app, to open an exchange from its results).
    case full
}
