import Foundation
import RequestKit
import Replay

/// `curlew run`: replays a collection, or some of its requests and folders, checking every response.
enum RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Replay a collection: send its requests, check the responses, report"
    static let help = """
    Usage: curlew run TARGET [REQUEST-OR-FOLDER …] [options]
           curlew run FILE.hurl [FILE.hurl …] [options]

    Sends the requests of a collection file or folder (.json collections and .hurl files) in collection order, checks each response
    (a request without checks passes on a 2xx or 3xx status), and prints one line per request,
    then 'N passed, N failed'. Names after TARGET pick requests or folders by path (Folder/Name),
    name or id. Values captured by a request are variables for the requests after it.

    Variables and data:
          --env NAME              Use the environment NAME (NAME.env.json beside the collection)
          --var NAME=VALUE        Give a variable a value (repeatable; --variable is the same)
          --variables-file FILE   Read variables from FILE, one name=value a line (# comments)
          --data FILE             Run everything once per row of FILE.csv (header row = variable
                                  names) or FILE.json (an array of objects)

    Sending:
          --concurrency N         Up to N requests at once (1-256, default 1); a request using a
                                  value captured by an earlier one waits for it
          --bail                  Start nothing more after the first failure
          --repeat N              Run the whole selection N times (default 1)
          --delay MS              Wait MS milliseconds before each request after the first
          --retry N               Re-send a failing request up to N times (0-1000)
          --retry-interval MS     Wait MS milliseconds before each re-send
          --timeout SECONDS       Transfer limit for requests that set none (default 30; 0 none)
          --max-filesize SIZE     Largest decoded response body (k, M, G suffixes; default 100M)
          --stream-timeout SECONDS
                                  Read a streamed response (Server-Sent Events, …) at most this
                                  long, then stop it and check what came (requests that set no
                                  streamSeconds; keep --timeout above it)
          --no-cookies            Keep no cookie jar (by default cookies set by a response are
                                  sent by the requests after it)

    Output:
          --report junit:FILE     Write a JUnit XML report (repeatable with json:FILE, tap:FILE)
          --report json:FILE      Write a JSON Lines report
          --report tap:FILE       Write a TAP version 13 report
      -q, --quiet                 Print only failed requests and the summary
      -v, --verbose               Print each request's and response's head under its line
          --no-history            Do not record the exchanges in the history
          --data-dir DIR          The data folder for history and collections

    Exit status:
      0   every request passed
      1   a check failed, a capture took nothing, or a request could not be sent
      2   usage or file error: the message names the option or the file
    """

    static func run(arguments: [String]) async -> Int32 {
        let parsed: RunArguments
        do {
            parsed = try RunArguments.parse(arguments)
        } catch {
            StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(error.message))\nRun 'curlew run --help' for usage.\n")
            return 2
        }
        // libcurl loads and its transport thread starts while the collection is read, so the first
        // request goes out sooner; the client is awaited on every path, since a process must not
        // exit while libcurl is initialising.
        let cookies = parsed.options.cookies
        let clientStart = Task.detached { Client(configuration: Client.Configuration(cookies: cookies)) }
        let prepared: RunSetup.Prepared
        do {
            prepared = try await RunSetup.prepare(parsed, client: clientStart)
        } catch {
            _ = await clientStart.value
            StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(error.message))\nRun 'curlew run --help' for usage.\n")
            return 2
        }
        let toTerminal = StandardStreams.stdoutIsTerminal
        let console = RunConsole(
            plan: prepared.runner.plan, reports: prepared.reports, toTerminal: toTerminal, quiet: parsed.quiet, verbose: parsed.verbose)
        let ticker = toTerminal ? Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                console.tick()
            }
        } : nil
        let totals = await prepared.runner.run { event in console.handle(event) }
        ticker?.cancel()
        if console.reportFailed { return 2 }
        return totals.allPassed ? 0 : 1
    }
}
