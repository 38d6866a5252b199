import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew send`: sends one request and prints the response.
enum SendCommand: Subcommand {
    /// The command line's table.
    static let spec = SendCommandSpec.spec

    static func run(arguments: [String]) async -> Int32 {
        let parsed: SendArguments
        var request: Request
        let history: SendHistory
        let cookies: SendCookies
        // The request again with a renewed token, for one 401 answer to its oauth2 token.
        var renewal: Renewal?
        do {
            let (storeOptions, rest) = try SendStoreOptions.extract(from: arguments)
            let prepared = try SendFromStore.prepare(rest, options: storeOptions)
            (parsed, request, history) = (prepared.arguments, prepared.request, prepared.history)
            cookies = try SendCookies(enabled: prepared.cookies, jar: prepared.cookieJar)
            if request.oauth2 != nil && !parsed.printCurl {
                let authorizer = OAuth2Setup.authorizer(
                    client: cookies.client, paths: storeOptions.paths, collection: prepared.collectionFile, environment: storeOptions.environment,
                    signInSeconds: storeOptions.signInTimeout)
                let unauthorized = request
                do throws(OAuth2Error) {
                    request = try await authorizer.authorize(request)
                    renewal = { () async throws(OAuth2Error) -> Request in try await authorizer.reauthorize(unauthorized) ?? unauthorized }
                } catch {
                    StandardStreams.writeError(OAuth2Setup.failureLine(error))
                    return OAuth2Setup.exitStatus(for: error)
                }
            }
        } catch let error as CookieJarError {
            StandardStreams.writeError("curlew send: \(ResponseOutput.visible(error.description))\n")
            return 2
        } catch let error as UsageError {
            StandardStreams.writeError("curlew send: \(ResponseOutput.visibleLine(error.message))\nRun 'curlew send --help' for usage.\n")
            return 2
        } catch {
            StandardStreams.writeError("curlew send: \(error)\n")
            return 2
        }
        if parsed.webSocket.enabled, !parsed.printCurl {
            return await WebSocketSend.run(request, parsed: parsed, cookies: cookies)
        }
        if parsed.printCurl {
            StandardStreams.writeOut(request.curlCommand + "\n")
            return 0
        }
        do {
            return try await send(request, parsed: parsed, history: history, cookies: cookies, renewal: renewal)
        } catch {
            StandardStreams.writeError("curlew: \(error.message)\n")
            return error.exitCode
        }
    }

    /// Makes the request again with a renewed oauth2 token.
    typealias Renewal = () async throws(OAuth2Error) -> Request

    private static func send(_ request: Request, parsed: SendArguments, history: SendHistory, cookies: SendCookies, renewal: Renewal? = nil) async throws(NetworkError) -> Int32 {
        let prepared = try request.prepared()
        if parsed.verbose {
            StandardStreams.writeError(VerboseLog.request(prepared))
        } else {
            for warning in prepared.warnings { StandardStreams.writeError("curlew: warning: \(warning)\n") }
        }
        let toTerminal = StandardStreams.stdoutIsTerminal
        // A body written to a file (-o) is streamed there by RequestKit; otherwise it goes to stdout as it arrives.
        let live = request.options.outputPath == nil ? LiveOutput(parsed: parsed, toTerminal: toTerminal, holdingUnauthorized: renewal != nil) : nil
        let watcher = live.map { live in InterruptWatcher { live.stream.stop() } }
        let response: Response
        do {
            response = try await cookies.client.send(prepared: prepared, options: request.options, stream: live?.stream)
            watcher?.cancel()
            await cookies.save()
        } catch {
            watcher?.cancel()
            if error == .cancelled, live != nil {
                history.record(prepared, response: nil, error: "interrupted (Ctrl+C) before the response started")
                StandardStreams.writeError("curlew: interrupted before the response started\n")
                return 130
            }
            history.record(prepared, response: nil, error: error.message)
            throw error
        }
        history.record(prepared, response: response, error: nil, events: live?.events ?? [])
        if parsed.verbose {
            StandardStreams.writeError(VerboseLog.response(response))
        }
        // A token the server refuses is renewed (refreshed, else got again) once.
        if let renewal, response.statusCode == 401 {
            let renewed: Request
            do throws(OAuth2Error) { renewed = try await renewal() } catch {
                StandardStreams.writeError(OAuth2Setup.failureLine(error))
                return OAuth2Setup.exitStatus(for: error)
            }
            return try await send(renewed, parsed: parsed, history: history, cookies: cookies)
        }
        if parsed.failOnErrorStatus, response.statusCode >= 400 {
            StandardStreams.writeError("curlew: the server answered \(ResponseOutput.statusLine(of: response)) (--fail)\n")
            return 22
        }
        let wholeResponseLeft = live?.finish() ?? true
        if response.stoppedEarly {
            StandardStreams.writeError("curlew: stopped (Ctrl+C) after \(response.body.count + Int(response.droppedBodyBytes)) bytes of body\n")
        }
        guard wholeResponseLeft else { return 0 }
        switch parsed.format {
        case .json:
            let report = ExchangeJSONReport.render(response)
            if toTerminal, let pretty = try? JSONPrettyPrinter(theme: .terminal).format(Array(report.utf8)) {
                StandardStreams.writeOut(pretty)
            } else {
                StandardStreams.writeOut(report)
            }
        case .body:
            ResponseOutput(toTerminal: toTerminal, include: parsed.include).write(response)
        }
        return 0
    }
}
