import CommandLineArguments
import Foundation
import RequestKit
import Replay
import RequestStore

/// `curlew run`: replays a collection, or some of its requests and folders, checking every response.
enum RunCommand: Subcommand {
    /// The command line's table.
    static let spec = RunCommandSpec.spec

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
        let jar = parsed.cookieJar.map(PersistentCookieJar.init(path:))
        let initialCookies: [String]
        do {
            initialCookies = try jar?.initialLines() ?? []
        } catch {
            StandardStreams.writeError("curlew run: --cookie-jar \(ResponseOutput.visibleLine(error.description))\n")
            return 2
        }
        let clientStart = Task.detached { Client(configuration: Client.Configuration(cookies: cookies, initialCookies: initialCookies)) }
        let prepared: RunSetup.Prepared
        do {
            prepared = try await RunSetup.prepare(parsed, client: clientStart)
        } catch {
            _ = await clientStart.value
            StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(error.message))\nRun 'curlew run --help' for usage.\n")
            return 2
        }
        let output: RunBodyOutput?
        do {
            // Without --output, an entry's `output: -` still reaches standard output through the same writer.
            let path = parsed.output ?? RunBodyOutput.noFile
            output = try RunBodyOutput(path: path, plan: prepared.runner.plan)
        } catch {
            StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(error.description))\n")
            return 2
        }
        let toTerminal = StandardStreams.stdoutIsTerminal
        // Copied out before the reports are handed to the console, which takes the rest of `prepared` with them.
        let runner = prepared.runner
        let console = RunConsole(
            plan: runner.plan, reports: prepared.reports, toTerminal: toTerminal, quiet: parsed.quiet, verbose: parsed.verbose,
            noColor: parsed.noColor)
        let ticker = toTerminal ? Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                console.tick()
            }
        } : nil
        let totals = await runner.run { event in
            console.handle(event)
            output?.handle(event)
        }
        ticker?.cancel()
        if let jar {
            do {
                let saved = try await jar.save(from: runner.client)
                if let warning = saved.warning(path: jar.path) {
                    StandardStreams.writeError("curlew run: warning: \(ResponseOutput.visibleLine(warning))\n")
                }
            } catch {
                StandardStreams.writeError("curlew run: the cookie jar was not saved: \(ResponseOutput.visibleLine(error.description))\n")
                return 2
            }
        }
        if let failure = output?.failure {
            StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(failure))\n")
            return 2
        }
        if console.reportFailed { return 2 }
        return totals.allPassed ? 0 : 1
    }
}
