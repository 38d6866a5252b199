/// The command line of `curlew run`: the table its reader, help, man page and completions use.
package enum RunCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "run",
        summary: "Replay a collection: send its requests, check the responses, report",
        usage: ["curlew run TARGET [REQUEST-OR-FOLDER …] [options]", "curlew run FILE.hurl [FILE.hurl …] [options]"],
        description: [
            "Sends the requests of a collection file or folder (.json collections and .hurl files) in collection order, checks each response (a request without checks passes on a 2xx or 3xx status), and prints one line per request, then 'N passed, N failed'. Names after TARGET pick requests or folders by path (Folder/Name), name or id. Values captured by a request are variables for the requests after it.",
        ],
        positionals: [PositionalSpec(placeholder: "TARGET", kind: .collection),
                      PositionalSpec(placeholder: "REQUEST-OR-FOLDER", kind: .requestOrFolder, repeats: true)],
        groups: [
            OptionGroup(title: "Variables and data", options: [
                .value("--env", "NAME", .environment, "Use the environment NAME (NAME.env.json beside the collection)."),
                .value("--var", aliases: ["--variable"], "NAME=VALUE", .text, "Give a variable a value (repeatable)."),
                .value("--variables-file", "FILE", .file, "Read variables from FILE, one name=value a line (# comments)."),
                .value("--data", "FILE", .file, "Run everything once per row of FILE.csv (header row = variable names) or FILE.json (an array of objects)."),
            ]),
            OptionGroup(title: "Sending", options: [
                .value("--concurrency", "N", .text, "Up to N requests at once (1-256, default 1); a request using a value captured by an earlier one waits for it."),
                .flag("--bail", "Start nothing more after the first failure."),
                .value("--repeat", "N", .text, "Run the whole selection N times (default 1)."),
                .value("--delay", "MS", .text, "Wait MS milliseconds before each request after the first."),
                .value("--retry", "N", .text, "Re-send a failing request up to N times (0-1000)."),
                .value("--retry-interval", "MS", .text, "Wait MS milliseconds before each re-send."),
                .value("--timeout", "SECONDS", .text, "Transfer limit for requests that set none (default 30; 0 none)."),
                .value("--max-filesize", "SIZE", .text, "Largest decoded response body (k, M, G suffixes; default 100M)."),
                .value("--stream-timeout", "SECONDS", .text, "Read a streamed response (Server-Sent Events, …) at most this long, then stop it and check what came (requests that set no streamSeconds; keep --timeout above it)."),
                .flag("--no-cookies", "Keep no cookie jar (by default cookies set by a response are sent by the requests after it)."),
                .value("--cookie-jar", "FILE", .file, "Start the run's jar from FILE (Netscape format, as curl's -b/-c) and write it back at the end (0600); .hurl files keep their own jar per file."),
                .flag("--location", "L", "Follow redirects in every request, whatever the requests' options say."),
                .value("--max-redirs", "N", .text, "Follow at most N redirects (0-1000) in every request, whatever the requests' options say."),
                .value("--header", "H", "'Name: value'", .text, "Add a header to every request, after its own; repeatable."),
                .value("--user-agent", "A", "TEXT", .text, "The User-Agent of every request that sets none."),
                .value("--user", "u", "USER:PASSWORD", .text, "Basic authentication for every request without credentials of its own."),
                .flag("--http1.0", "Use HTTP/1.0 only, whatever the requests' options say."),
                .flag("--http1.1", "Use HTTP/1.1 only, whatever the requests' options say."),
                .flag("--http2", "Use HTTP/2 over TLS when the server offers it, whatever the requests' options say."),
                .flag("--http2-prior-knowledge", "Speak HTTP/2 at once, also over plain http://, whatever the requests' options say."),
            ]),
            OptionGroup(title: "Output", options: [
                .value("--report", "FORMAT:FILE", .report, "Write a report as it runs: junit:FILE (JUnit XML), json:FILE (JSON Lines) or tap:FILE (TAP version 13); repeatable."),
                .flag("--quiet", "q", "Print only failed requests and the summary."),
                .flag("--verbose", "v", "Print each request's and response's head under its line."),
                .flag("--no-history", "Do not record the exchanges in the history."),
                .value("--data-dir", "DIR", .directory, "The data folder for history and collections."),
            ]),
            OptionGroup(title: "Files and environment the collection may reach", options: [
                TrustOptions.fileRoot,
                TrustOptions.allowEnvironment,
                TrustOptions.overwriteOutput,
            ]),
        ],
        exitStatus: [
            ("0", "every request passed"),
            ("1", "a check failed, a capture took nothing, or a request could not be sent"),
            ("2", "usage or file error: the message names the option or the file"),
        ],
        manDocument: "curlew-run.md",
        manSections: ["Files and environment", "Passing, captures and variables", "Concurrency", "Retries", "Data files", "Reports", "Memory"]
    )
}
