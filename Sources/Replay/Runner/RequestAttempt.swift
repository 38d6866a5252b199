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
    /// The client.
    var client: Client
    /// Where exchanges are recorded.
    var history: HistoryStore?

    /// What an attempt produced: the result to report, the captured values (secret ones unredacted, for the
    /// requests after it), and a warning when the history could not be written.
    struct Outcome: Sendable {
        var result: RunResult
        var captured: [CapturedValue]
        var warnings: [String]
        var cancelled: Bool
    }

    /// How many times the request may be sent in all.
    var maximumAttempts: Int {
        let retry = step.request.options.retry ?? options.retry
        return 1 + min(max(retry, 0), RunOptions.retryRange.upperBound)
    }

    /// Milliseconds between attempts.
    var retryInterval: Int {
        min(max(step.request.options.retryInterval ?? options.retryIntervalMilliseconds, 0), RunOptions.millisecondsRange.upperBound)
    }

    /// Sends, checks and captures, retrying as allowed; waits the request's own delay first.
    func perform() async -> Outcome {
        var warnings: [String] = []
        var attempt = 0
        if let delay = step.request.options.delay, delay > 0 {
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

    /// One attempt's outcome, and whether retrying cannot change it (an unresolved variable, an invalid request).
    private struct Attempted {
        var outcome: Outcome
        var isFinal: Bool
    }

    private func once(attempt: Int, warnings: inout [String]) async -> Attempted {
        let baseSecrets = scope.secretValues + capturedSecrets
        var result = RunResult(
            entry: entry, name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
            dataRow: row?.number, method: step.request.method.rawValue, url: step.request.url, attempts: attempt)
        let request: Request
        var scope = self.scope
        // Variables set by the request's options hold for the requests after it too, as in Hurl; its captures win.
        var optionValues: [CapturedValue] = []
        do {
            for variable in step.request.options.variables ?? [] where variable.enabled {
                let value = try VariableResolver.resolve(variable.value, in: scope, location: "the variable option \(variable.name)")
                scope.commandLine[variable.name] = value
                optionValues.append(CapturedValue(variable: variable.name, value: value, isSecret: false))
            }
            var made = try RequestConversion.makeRequest(step.request, headers: step.headers, auth: step.auth, scope: scope, baseDirectory: step.baseDirectory)
            if step.request.options.timeout == nil, let timeout = options.timeout { made.options.timeout = timeout }
            if let limit = options.maxResponseSize { made.options.maxResponseSize = limit }
            request = made
        } catch {
            result.error = Redaction(secrets: baseSecrets).text(error.description)
            return Attempted(outcome: Outcome(result: result, captured: [], warnings: [], cancelled: false), isFinal: true)
        }
        let prepared: PreparedRequest
        do {
            prepared = try request.prepared()
        } catch {
            result.url = Redaction(secrets: baseSecrets).text(request.url)
            result.error = Redaction(secrets: baseSecrets).text(error.message)
            return Attempted(outcome: Outcome(result: result, captured: optionValues, warnings: [], cancelled: false), isFinal: true)
        }
        result.url = Redaction(secrets: baseSecrets).text(prepared.url)
        let response: Response
        do {
            response = try await send(prepared, options: request.options)
        } catch {
            let cancelled = error == .cancelled || Task.isCancelled
            result.error = Redaction(secrets: baseSecrets).text(error.message)
            if !cancelled, let warning = record(prepared, response: nil, error: error.message, secrets: baseSecrets) { warnings.append(warning) }
            if options.exchanges != .none { result.exchange = RunExchange(request: kept(prepared), response: nil) }
            return Attempted(outcome: Outcome(result: result, captured: optionValues, warnings: [], cancelled: cancelled), isFinal: false)
        }
        if let output = step.request.options.output {
            do {
                let path = try VariableResolver.resolve(output, in: scope, location: "the output option")
                try response.body.write(to: URL(fileURLWithPath: path))
            } catch {
                warnings.append("the body of \(step.path) was not written to its output file: \(error)")
            }
        }
        var evaluation = ResponseEvaluation(response: response, variables: flatVariables(scope))
        evaluation.baseDirectory = step.baseDirectory
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
        let checks = step.request.checks.map { evaluation.evaluate($0) }
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
        result.captureFailures = failures.map { CaptureFailure(rule: $0.rule, message: redaction.text($0.message)) }
        result.acceptsAnyStatus = step.acceptsAnyStatus
        result.origin = step.origin(of: result)
        switch options.exchanges {
        case .none: break
        case .heads:
            var head = response
            head.body = Data()
            result.exchange = RunExchange(request: kept(prepared), response: head)
        case .full:
            result.exchange = RunExchange(request: prepared, response: response)
        }
        return Attempted(outcome: Outcome(result: result, captured: optionValues + captured, warnings: [], cancelled: false), isFinal: false)
    }

    /// The request as the result keeps it: whole with `.full`, without its body with `.heads`.
    /// Sends the request; with a stream time limit (the request's `streamSeconds`, else the run's), the response
    /// is read for at most that long from the start of the request and then stopped, keeping what came.
    private func send(_ prepared: PreparedRequest, options requestOptions: RequestOptions) async throws(NetworkError) -> Response {
        guard let seconds = step.request.options.streamSeconds ?? options.streamSeconds, seconds > 0 else {
            return try await client.send(prepared: prepared, options: requestOptions)
        }
        let stream = ResponseStream { _ in }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(Int64(min(seconds, NumberReading.maximumSeconds) * 1000)))
            if !Task.isCancelled { stream.stop() }
        }
        defer { timer.cancel() }
        do {
            return try await client.send(prepared: prepared, options: requestOptions, stream: stream)
        } catch {
            // Stopped by the time limit before the response started.
            if error == .cancelled, !Task.isCancelled { throw .timeout(seconds: seconds) }
            throw error
        }
    }

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
        return values
    }

    /// Records one exchange; returns a warning when it could not be written.
    private func record(_ prepared: PreparedRequest, response: Response?, error: String?, secrets: [String]) -> String? {
        guard let history else { return nil }
        let exchange = HistoryExchange(prepared: prepared, response: response, error: error, source: step.historySource, secrets: secrets)
        do {
            try history.record(exchange)
            return nil
        } catch {
            return "the exchange of \(step.path) was not recorded in the history: \(error)"
        }
    }
}
