import Foundation
import RequestKit

/// `curlew send`: sends one request and prints the response.
enum SendCommand: Subcommand {
    static let name = "send"
    static let summary = "Send one request and print the response body"
    static let help = """
    Usage: curlew send [METHOD] URL [options]

    Sends one request and prints the response body on stdout as it arrives: the exact bytes
    when stdout is not a terminal; on a terminal, JSON pretty-printed and colored, Server-Sent
    Events (text/event-stream) drawn event by event and JSON Lines line by line. Ctrl+C ends a
    started response with exit 0, and the part received goes to the history. METHOD defaults
    to GET, or POST when a body is given (-d, -F, --json, --data-raw). A URL without a scheme
    gets http://.

    Request:
      -q, --query NAME=VALUE      Add a query parameter (repeatable; percent-encoded for you)
      -p, --params JSON|@FILE     A JSON object of parameters: into the query for GET, HEAD and
                                  DELETE, else a form body (multipart with -F). Nested objects
                                  become key[sub], arrays key[], booleans 1/0, keys sorted
      -d, --form NAME=VALUE       Add a form field (repeatable; urlencoded body, or multipart with -F)
      -F, --file NAME=@PATH[;type=MIME][;filename=NAME]
                                  Attach a file (repeatable; multipart body, streamed from disk)
      -H, --header 'Name: value'  Add a header (repeatable; 'Name;' sends an empty value)
          --json TEXT|@FILE       JSON body, sent as application/json
          --data-raw TEXT|@FILE   Body sent as it is (a file is streamed)
          --bearer TOKEN          Authorization: Bearer TOKEN
          --basic USER:PASS       Authorization: Basic …

    Transfer:
          --timeout SECONDS       Limit for the whole transfer (default 30, or none with
                                  --idle-timeout; 0 for none; at most 31536000)
          --idle-timeout SECONDS  Stop when no byte arrives for SECONDS (for streams); exit 28
          --no-follow             Do not follow redirects
          --max-redirs N          Follow at most N redirects (default 10, at most 1000)
          --max-filesize SIZE     Stop when the decoded body passes SIZE bytes (k, M, G suffixes;
                                  default 100M, or no limit with -o); exit 63
      -k, --insecure              Do not verify the server's certificate
          --cacert FILE           Trust the certificate authorities in FILE (PEM)
          --pin sha256//BASE64    Accept only this server public key (repeatable)
          --pin-cert FILE         Accept only the public key of this certificate (PEM or DER)
          --cert FILE             Client certificate (PEM) for mutual TLS
          --key FILE              Private key of the client certificate
          --proxy URL             Use this proxy; '' for none (default: http_proxy, https_proxy, no_proxy)

    Output:
      -i, --include               Print the status line and headers before the body
      -v, --verbose               Print the request, the response headers and timings on stderr
      -o, --output FILE           Write the body to FILE (streamed, never held in memory)
          --fail                  Exit with 22 and print no body when the status is 400 or more
          --print-curl            Print the equivalent curl command and send nothing
          --format json           Print one JSON object: status, reason, httpVersion, url,
                                  redirects, remoteAddress, headers, timings, bytesSent,
                                  bytesReceived, and body as text (bodyEncoding "text") or
                                  base64 (bodyEncoding "base64"); bodyPath instead with -o.
                                  On an event stream: one object per event as it arrives
                                  (JSON Lines: t, event, id, data)

    Exit status:
      0   a response arrived (whatever its status, unless --fail)
      2   usage error: the message names the bad argument
      6   the host name did not resolve      7   the connection was refused
      22  --fail and a status of 400 or more 26  a body or attachment file cannot be read
      28  timeout                            35  TLS handshake failure or client certificate refused
      58  client certificate unusable        60  certificate not trusted
      63  the body passed --max-filesize (default 100M when it is not written to a file)
      90  pinned key mismatch
      other values are libcurl's error numbers, as curl uses them
    """ + SendStoreOptions.help

    static func run(arguments: [String]) async -> Int32 {
        let parsed: SendArguments
        let request: Request
        let history: SendHistory
        do {
            let (storeOptions, rest) = try SendStoreOptions.extract(from: arguments)
            let prepared = try SendFromStore.prepare(rest, options: storeOptions)
            (parsed, request, history) = (prepared.arguments, prepared.request, prepared.history)
        } catch let error as UsageError {
            StandardStreams.writeError("curlew send: \(error.message)\nRun 'curlew send --help' for usage.\n")
            return 2
        } catch {
            StandardStreams.writeError("curlew send: \(error)\n")
            return 2
        }
        if parsed.printCurl {
            StandardStreams.writeOut(request.curlCommand + "\n")
            return 0
        }
        do {
            return try await send(request, parsed: parsed, history: history)
        } catch {
            StandardStreams.writeError("curlew: \(error.message)\n")
            return error.exitCode
        }
    }

    private static func send(_ request: Request, parsed: SendArguments, history: SendHistory) async throws(NetworkError) -> Int32 {
        let prepared = try request.prepared()
        if parsed.verbose {
            StandardStreams.writeError(VerboseLog.request(prepared))
        } else {
            for warning in prepared.warnings { StandardStreams.writeError("curlew: warning: \(warning)\n") }
        }
        let toTerminal = StandardStreams.stdoutIsTerminal
        // A body written to a file (-o) is streamed there by RequestKit; otherwise it goes to stdout as it arrives.
        let live = request.options.outputPath == nil ? LiveOutput(parsed: parsed, toTerminal: toTerminal) : nil
        let watcher = live.map { live in InterruptWatcher { live.stream.stop() } }
        let response: Response
        do {
            response = try await Client().send(prepared: prepared, options: request.options, stream: live?.stream)
            watcher?.cancel()
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
