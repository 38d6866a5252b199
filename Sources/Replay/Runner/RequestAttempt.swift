import Foundation
import RequestKit
import RequestStore

/// Sends one plan entry, re-sending it while it fails and retries are left, and turns the last attempt into a result.
///
/// The response is dropped as soon as checks and captures are done, unless the run keeps exchanges.
struct RequestAttempt: Sendable {
    /// The entry.
    var entry: RunEntry
    /// Its step.
    var step: RunStep
    /// Its data row, if the run has rows.
    var row: DataRow?
    /// The variables in force when it started.
    var scope: VariableScope
    /// Secret values captured earlier in its pass, to redact.
    var capturedSecrets: [String]
    /// The run's options.
    var options: RunOptions
    /// The transport it goes through.
    var client: any HTTPTransport
    /// Where exchanges are recorded.
    var history: HistoryStore?
    /// The files the run wrote already.
    var writes: FileWrites?
    /// What signs a person in for the oauth2 grants that need one; nil where no one can be asked.
    var oauth2SignIn: (any OAuth2Interaction)?

    /// The gate the step's file paths pass: its collection's folder, under the run's trust policy.
    var boundary: TrustBoundary {
        TrustBoundary(policy: options.trust, baseDirectory: step.baseDirectory, source: step.origin, writes: writes)
    }

    /// What the `output` option is for, in messages.
    static let outputUse = "The output option"
    /// The `output` that means standard output, as in Hurl.
    static let standardOutput = "-"

    /// What an attempt produced: the result to report, the captured values (secret ones unredacted, for the
    /// requests after it), and a warning when the history could not be written.
    struct Outcome: Sendable {
        var result: RunResult
        var captured: [CapturedValue]
        var warnings: [String]
        var cancelled: Bool
    }

    /// The texts the request is made from (its own, and the headers and auth it inherits), searched for the
    /// `{{$env.NAME}}` whose values are masked like secret variables.
    var templates: [String] {
        step.templateTexts
    }

    /// The request's own options with its templated ones (`retry: {{n}}`) read in the attempt's scope; a template
    /// that does not resolve leaves the literal options, and the attempt reports it when it makes the request.
    var savedOptions: SavedOptions {
        guard step.request.options.templates != nil else { return step.request.options }
        return (try? HurlOptionValue.resolvingTemplates(of: step.request, in: scope).options) ?? step.request.options
    }

    /// How many times the request may be sent in all.
    var maximumAttempts: Int {
        let retry = savedOptions.retry ?? options.retry
        return 1 + min(max(retry, 0), RunOptions.retryRange.upperBound)
    }

    /// Milliseconds between attempts.
    var retryInterval: Int {
        min(max(savedOptions.retryInterval ?? options.retryIntervalMilliseconds, 0), RunOptions.millisecondsRange.upperBound)
    }

    /// Sends, checks and captures, retrying as allowed; waits the request's own delay first.
    func perform() async -> Outcome {
        var warnings: [String] = []
        var attempt = 0
        if let delay = savedOptions.delay, delay > 0 {
            try? await Task.sleep(for: .milliseconds(min(delay, SavedOptions.retryIntervalRange.upperBound)))
        }
        while true {
            attempt += 1
            let attempted = await once(attempt: attempt, warnings: &warnings)
            var outcome = attempted.outcome
            outcome.warnings = warnings
            if outcome.cancelled || outcome.result.passed || attempt >= maximumAttempts || attempted.isFinal {
                return outcome
            }
            do {
                try await Task.sleep(for: .milliseconds(retryInterval))
            } catch {
                outcome.cancelled = true
                return outcome
            }
        }
    }

    /// Whether the run may hand this request to the client and collect its response later, without a task of its
    /// own: it is sent once (no retries) and waits for no delay of its own.
    var sendsOnce: Bool {
        maximumAttempts == 1 && (savedOptions.delay ?? 0) <= 0 && !usesOAuth2
    }

    /// Whether the next request may go out right behind this one, before this one's checks are done: this one
    /// is sent once and leaves nothing that a later request could use (no captures, no variable options, no
    /// output file).
    var letsNextStartEarly: Bool {
        sendsOnce && step.request.captures.isEmpty && (step.request.options.variables ?? []).isEmpty
            && step.request.options.output == nil
    }

    /// One attempt's outcome, and whether retrying cannot change it (an unresolved variable, an invalid request).
    struct Attempted: Sendable {
        var outcome: Outcome
        var isFinal: Bool
    }

    /// A request handed to the client for one attempt, with what its result is made from once the response is in.
    struct Sent: Sendable {
        /// The attempt's number, from 1.
        var attempt: Int
        /// The response on its way; nil while the request has not been handed to the client.
        var pending: PendingResponse?
        /// The request as sent.
        var prepared: PreparedRequest
        /// The variables in force, option variables included.
        var scope: VariableScope
        /// Values set by the request's variable options.
        var optionValues: [CapturedValue]
        /// The secret values known before the response.
        var baseSecrets: [String]
        /// The result so far.
        var result: RunResult
        /// The time limit on reading a streamed response, when one applies.
        var streamLimit: StreamReadLimit?
        /// When the attempt started.
        var startedAt = Date()
    }

    /// How an attempt began: already over (the request could not be made) or on its way.
    enum Began: Sendable {
        case over(Attempted)
        case sent(Sent)
    }

    private func once(attempt: Int, warnings: inout [String]) async -> Attempted {
        var token: OAuth2Token?
        let oauth2 = resolvedOAuth2()
        if let (settings, requestOptions) = oauth2 {
            do throws(OAuth2Error) { token = try await authorizer.token(for: settings, options: requestOptions) } catch {
                return tokenFailure(error, attempt: attempt)
            }
        }
        var attempted = await sendOnce(attempt: attempt, token: token, warnings: &warnings)
        // A token the server refuses is renewed (refreshed, else got again) once.
        if let (settings, requestOptions) = oauth2, attempted.outcome.result.status == 401 {
            do throws(OAuth2Error) { token = try await authorizer.renewedToken(for: settings, options: requestOptions) } catch {
                return tokenFailure(error, attempt: attempt)
            }
            attempted = await sendOnce(attempt: attempt, token: token, warnings: &warnings)
        }
        return attempted
    }

    /// Makes, sends and concludes one request, with `token` put on it when its auth is oauth2.
    private func sendOnce(attempt: Int, token: OAuth2Token?, warnings: inout [String]) async -> Attempted {
        switch begin(attempt: attempt, token: token) {
        case .over(let attempted):
            warnings += attempted.outcome.warnings
            return attempted
        case .sent(let sent):
            return await conclude(sent, warnings: &warnings)
        }
    }

    /// Makes the request and hands it to the client; `after` and `onCompletion` are passed on to `HTTPTransport.start`.
    func begin(attempt: Int, token: OAuth2Token? = nil, after: PendingResponse? = nil, onCompletion: (@Sendable () -> Void)? = nil) -> Began {
        let baseSecrets = scope.secretValues(referencedIn: templates) + capturedSecrets
        var result = RunResult(
            entry: entry, name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
            dataRow: row?.number, method: step.request.method.rawValue, url: step.request.url, attempts: attempt)
        if savedOptions.skip == true {
            result.skipped = true
            return .over(Attempted(outcome: Outcome(result: result, captured: [], warnings: [], cancelled: false), isFinal: true))
        }
        let request: Request
        var scope = self.scope
        // Variables set by the request's options hold for the requests after it too, as in Hurl; its captures win.
        var optionValues: [CapturedValue] = []
        do throws(VariableError) {
            for file in step.request.options.variablesFiles ?? [] {
                for (name, value) in try variables(inFile: file, scope: scope) {
                    scope.commandLine[name] = value
                    optionValues.append(CapturedValue(variable: name, value: value, isSecret: false))
                }
            }
            for variable in step.request.options.variables ?? [] where variable.enabled {
                let value = try VariableResolver.resolve(variable.value, in: scope, location: "the variable option \(variable.name)")
                scope.commandLine[variable.name] = value
                optionValues.append(CapturedValue(variable: variable.name, value: value, isSecret: false))
            }
            let boundary = self.boundary
            var made = try RequestConversion.makeRequest(step.request, headers: step.headers, auth: step.auth, scope: scope, boundary: boundary)
            if let output = step.request.options.output {
                let path = try VariableResolver.resolve(output, in: scope, location: "the output option")
                if path != Self.standardOutput {
                    do throws(TrustRefusal) { _ = try boundary.writable(path, for: Self.outputUse) } catch { throw VariableError.untrusted(error) }
                }
            }
            if step.request.options.timeout == nil, let timeout = options.timeout { made.options.timeout = timeout }
            if let limit = options.maxResponseSize { made.options.maxResponseSize = limit }
            if let version = options.httpVersion { made.options.httpVersion = version }
            options.requestDefaults.apply(to: &made)
            RunRequestDefaults.remove(step.request.options.removedHeaders ?? [], from: &made)
            // A body that does not decode is kept as it came, so that the checks reading it fail at their line, as in Hurl.
            made.options.keepsUndecodableBody = true
            // As Hurl, a .hurl entry sends Accept-Encoding only when --compressed or its compressed option asks.
            if step.sourceLine != nil { made.options.requestsCompression = options.compressed || savedOptions.compressed == true }
            if let token, made.oauth2 != nil { made = OAuth2Authorizer.applying(token, to: made) }
            request = made
        } catch {
            result.error = Redaction(secrets: baseSecrets).text(error.description)
            return .over(Attempted(outcome: Outcome(result: result, captured: [], warnings: [], cancelled: false), isFinal: true))
        }
        let prepared: PreparedRequest
        do {
            prepared = try request.prepared()
        } catch {
            result.url = Redaction(secrets: baseSecrets).text(request.url)
            result.error = Redaction(secrets: baseSecrets).text(error.message(naming: options.settingNames))
            return .over(Attempted(outcome: Outcome(result: result, captured: optionValues, warnings: [], cancelled: false), isFinal: true))
        }
        result.url = Redaction(secrets: baseSecrets).text(prepared.url)
        var sent = Sent(
            attempt: attempt, pending: nil, prepared: prepared, scope: scope, optionValues: optionValues,
            baseSecrets: baseSecrets, result: result)
        do throws(NetworkError) {
            if Task.isCancelled { throw NetworkError.cancelled }
            sent.streamLimit = streamLimit()
            sent.pending = try client.start(
                prepared: prepared, options: request.options, progress: nil, stream: sent.streamLimit?.stream, after: after,
                onCompletion: onCompletion)
            sent.streamLimit?.arm()
            return .sent(sent)
        } catch {
            var warnings: [String] = []
            var attempted = failed(sent, error: error, warnings: &warnings)
            attempted.outcome.warnings = warnings
            return .over(attempted)
        }
    }

    /// The attempt's result once no response came: the error, the history record, the exchange kept.
    private func failed(_ sent: Sent, error: NetworkError, warnings: inout [String]) -> Attempted {
        var result = sent.result
        let cancelled = error == .cancelled || Task.isCancelled
        let message = error.message(naming: options.settingNames)
        result.error = Redaction(secrets: sent.baseSecrets).text(message)
        if !cancelled, let warning = record(sent.prepared, response: nil, error: message, secrets: sent.baseSecrets) { warnings.append(warning) }
        if options.exchanges != .none { result.exchange = RunExchange(request: kept(sent.prepared), response: nil) }
        result.excerpt = excerpt(of: sent, response: nil, secrets: sent.baseSecrets, url: result.url)
        return Attempted(outcome: Outcome(result: result, captured: sent.optionValues, warnings: [], cancelled: cancelled), isFinal: false)
    }

    /// The outcome of an attempt that began with `begin`: at once when it is over, else once its response is in.
    func finish(_ began: Began) async -> Outcome {
        switch began {
        case .over(let attempted):
            return attempted.outcome
        case .sent(let sent):
            var warnings: [String] = []
            var outcome = await conclude(sent, warnings: &warnings).outcome
            outcome.warnings = warnings
            return outcome
        }
    }

    /// Awaits the response of a sent attempt (at once when it is already in), then checks and captures.
    func conclude(_ sent: Sent, warnings: inout [String]) async -> Attempted {
        let scope = sent.scope
        let prepared = sent.prepared
        let baseSecrets = sent.baseSecrets
        let optionValues = sent.optionValues
        var result = sent.result
        let response: Response
        do throws(NetworkError) {
            guard let pending = sent.pending else { throw NetworkError.cancelled }
            defer { sent.streamLimit?.disarm() }
            do throws(NetworkError) {
                response = try await client.response(of: pending)
            } catch {
                // Stopped by the time limit before the response started.
                if error == .cancelled, !Task.isCancelled, let limit = sent.streamLimit { throw .timeout(seconds: limit.seconds) }
                throw error
            }
        } catch {
            return failed(sent, error: error, warnings: &warnings)
        }
        var outputFailure: String?
        if let output = step.request.options.output {
            do throws(VariableError) {
                let path = try VariableResolver.resolve(output, in: scope, location: "the output option")
                if path == Self.standardOutput {
                    // As in Hurl, `output: -` is standard output; the command line writes the body after the result's line.
                    result.body = Self.wholeBody(of: response)
                    result.bodyToStandardOutput = true
                } else {
                    do throws(TrustRefusal) { try boundary.write(response.body, to: path, for: Self.outputUse) } catch { throw VariableError.untrusted(error) }
                }
            } catch {
                outputFailure = error.description
            }
        }
        var evaluation = ResponseEvaluation(response: response, variables: flatVariables(scope))
        evaluation.baseDirectory = step.baseDirectory
        evaluation.trust = options.trust
        var captured: [CapturedValue] = []
        var failures: [CaptureFailure] = []
        for rule in step.request.captures {
            switch evaluation.capture(rule) {
            case .success(let value):
                captured.append(value)
                evaluation.variables[value.variable] = value.value
            case .failure(let failure): failures.append(failure)
            }
        }
        let evaluated = options.ignoresAsserts ? [] : step.request.checks.map { evaluation.evaluate($0) }
        let reported = HurlPrecedence(step: step, checks: evaluated, captureFailures: failures)
        let checks = reported.checks
        let secrets = baseSecrets + captured.filter(\.isSecret).map(\.value)
        let redaction = Redaction(secrets: secrets)
        if let warning = record(prepared, response: response, error: nil, secrets: secrets) { warnings.append(warning) }
        result.url = redaction.text(prepared.url)
        result.status = response.statusCode
        result.duration = response.timings.total
        result.bytesSent = response.bytesSent
        result.bytesReceived = response.bytesReceived
        result.bodySize = response.body.count
        result.checks = checks.map { check in
            var shown = check
            shown.actual = redaction.text(check.actual)
            shown.expected = redaction.text(check.expected)
            shown.problem = check.problem.map(redaction.text)
            return shown
        }
        result.captures = captured.map { value in
            CapturedValue(variable: value.variable, value: value.isSecret ? Redaction.marker : redaction.text(value.value), isSecret: value.isSecret)
        }
        result.captureFailures = reported.captureFailures.map { CaptureFailure(rule: $0.rule, message: redaction.text($0.message)) }
        result.checkLines = reported.checkLines
        result.captureFailureLines = reported.captureFailures.compactMap { failure in
            step.request.captures.firstIndex(of: failure.rule).flatMap { step.captureLines.indices.contains($0) ? step.captureLines[$0] : nil }
        }
        result.acceptsAnyStatus = step.acceptsAnyStatus || options.ignoresAsserts
        if options.keepsBodies, result.body == nil { result.body = Self.wholeBody(of: response) }
        if let outputFailure { result.error = redaction.text(outputFailure) }
        result.origin = step.origin(of: result)
        switch options.exchanges {
        case .none: break
        case .heads:
            // The heads are printed (--verbose), so secret values are masked in them as in the result line.
            var head = response
            head.body = Data()
            head.headers = Self.masked(head.headers, redaction)
            head.effectiveURL = redaction.text(head.effectiveURL)
            var request = kept(prepared)
            request.url = redaction.text(request.url)
            request.headers = Self.masked(request.headers, redaction)
            result.exchange = RunExchange(request: request, response: head)
        case .full:
            result.exchange = RunExchange(request: prepared, response: response, captured: optionValues + captured)
        }
        result.excerpt = excerpt(of: sent, response: response, secrets: secrets, url: result.url)
        return Attempted(outcome: Outcome(result: result, captured: optionValues + captured, warnings: [], cancelled: false), isFinal: false)
    }

    /// The variables of a `variables-file` option: its path resolved in `scope`, taken against the working folder (as
    /// Hurl does) and admitted by the trust boundary like any file the collection reads.
    private func variables(inFile file: String, scope: VariableScope) throws(VariableError) -> [(name: String, value: String)] {
        let written = try VariableResolver.resolve(file, in: scope, location: "the variables-file option")
        let path = written.hasPrefix("/") || written.hasPrefix("~/") ? written : FileManager.default.currentDirectoryPath + "/" + written
        let admitted: String
        do throws(TrustRefusal) { admitted = try boundary.readable(path, for: "The variables-file option") } catch { throw .untrusted(error) }
        do {
            return try VariablesFile.read(admitted)
        } catch {
            throw .invalidBody(reason: "the variables-file option: \(error.description)")
        }
    }

    /// Header fields with every secret value in them masked.
    private static func masked(_ headers: HTTPHeaders, _ redaction: Redaction) -> HTTPHeaders {
        HTTPHeaders(headers.map { HTTPHeader(name: $0.name, value: redaction.text($0.value)) })
    }

    /// The whole body of a response, read from its temporary file when it outgrew memory.
    private static func wholeBody(of response: Response) -> Data {
        if response.body.isEmpty, let temporary = response.temporaryBody, let whole = FileManager.default.contents(atPath: temporary.path) { return whole }
        return response.body
    }

    /// The excerpt a report shows of an attempt, when the run keeps them.
    private func excerpt(of sent: Sent, response: Response?, secrets: [String], url: String) -> ExchangeExcerpt? {
        guard let bytes = options.excerptBodyBytes else { return nil }
        return ExchangeExcerpt.make(prepared: sent.prepared, response: response, startedAt: sent.startedAt, secrets: secrets, url: url, bodyBytes: bytes)
    }

    /// The time limit on reading this request's response as a stream (its `streamSeconds`, else the run's), if
    /// any: the response is read for at most that long from the start of the request and then stopped, keeping what came.
    private func streamLimit() -> StreamReadLimit? {
        guard let seconds = step.request.options.streamSeconds ?? options.streamSeconds, seconds > 0 else { return nil }
        return StreamReadLimit(seconds: seconds)
    }

    /// The request as the result keeps it: whole with `.full`, without its body with `.heads`.
    private func kept(_ prepared: PreparedRequest) -> PreparedRequest {
        guard options.exchanges != .full else { return prepared }
        var head = prepared
        head.body = []
        return head
    }

    /// Every plain variable's value, as `variable NAME` queries see them: the collection's, then the environment's,
    /// then the command line's, data row's and captures' (merged in the scope's command-line layer).
    private func flatVariables(_ scope: VariableScope) -> [String: String] {
        var values: [String: String] = [:]
        for variable in scope.collection where variable.enabled { values[variable.name] = variable.value }
        for variable in scope.environment where variable.enabled { values[variable.name] = variable.value }
        values.merge(scope.commandLine) { _, new in new }
        // Hurl's functions hold in checks too, unless a variable of that name is given. They are made only for a
        // request whose checks or captures may read them: formatting the date costs more than the checks.
        for name in ["newUuid", "newDate"] where values[name] == nil && checksMayRead(name) {
            values[name] = try? VariableResolver.resolve("{{\(name)}}", in: scope, location: "a check")
        }
        return values
    }

    /// Whether a check or capture of the request may read a variable: one names it in a `{{…}}` of its line, or
    /// one reads a variable by a name it resolves at run time (`variable "{{which}}"`).
    private func checksMayRead(_ name: String) -> Bool {
        func reads(_ query: CheckQuery, _ text: String) -> Bool {
            if case .variable = query { return true }
            return text.utf8.contains(UInt8(ascii: "{")) && Self.bytes(of: text, contain: name)
        }
        return step.request.checks.contains { reads($0.query, $0.text) } || step.request.captures.contains { reads($0.query, $0.text) }
    }

    /// Whether a text holds another as a run of UTF-8 bytes (without going through Foundation's string search).
    private static func bytes(of text: String, contain part: String) -> Bool {
        let whole = Array(text.utf8)
        let wanted = Array(part.utf8)
        guard let first = wanted.first, whole.count >= wanted.count else { return wanted.isEmpty }
        var start = 0
        while start <= whole.count - wanted.count {
            if whole[start] == first, whole[start..<(start + wanted.count)].elementsEqual(wanted) { return true }
            start += 1
        }
        return false
    }

    /// Records one exchange; returns a warning when it could not be written.
    private func record(_ prepared: PreparedRequest, response: Response?, error: String?, secrets: [String]) -> String? {
        guard let history else { return nil }
        let exchange = HistoryExchange(prepared: prepared, response: response, error: error, source: step.historySource, secrets: secrets,
            secretVariables: scope.secretVariables(referencedIn: templates))
        do {
            try history.record(exchange)
            return nil
        } catch {
            return "the exchange of \(step.path) was not recorded in the history: \(error)"
        }
    }
}
