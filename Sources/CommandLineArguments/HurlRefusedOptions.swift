/// The options of Hurl's command line that `curlew run` refuses by name, each with what to use instead.
package enum HurlRefusedOptions {
    /// Every refusal.
    package static let all: [RefusedOption] = [
        refuse(["--color"], "curlew run colors its marks only on a terminal; --no-color or NO_COLOR turns them off"),
        refuse(["--progress-bar"], "curlew run shows a progress line by itself on a terminal"),
        refuse(["--very-verbose", "--verbosity"], "use --verbose for each request's and response's head, or --report html:FILE for bodies"),
        refuse(["-i", "--include"], "use --verbose for the response heads"),
        refuse(["--no-output", "--pretty", "--no-pretty"], "curlew run prints no response body, only one line per request"),
        refuse(["--json"], "use --report json:FILE (curlew's shape) or --report-json DIR (Hurl's report.json)"),
        refuse(["--curl"], "use curlew export curl FILE.hurl"),
        refuse(["--error-format"], "failures are printed under their request's line; --report html:FILE shows the bodies"),
        refuse(["--from-entry", "--to-entry"], "name the entries to run after the file: curlew run FILE.hurl entry-2 entry-3"),
        refuse(["--fail-at-end"], "curlew run always runs every file to its end"),
        refuse(["--interactive"], "open the file in the app: curlew FILE.hurl"),
        refuse(["--http3"], "curlew's libcurl has no HTTP/3; use --http2"),
        refuse(["-x", "--proxy", "--noproxy", "--no-proxy"], "set http_proxy, https_proxy and no_proxy in the environment, or an entry's [Options] proxy"),
        refuse(["--pinnedpubkey"], "use an entry's [Options] pinnedpubkey"),
        refuse(["--ssl-no-revoke"], "curlew has no such setting"),
        refuse(["-b", "--cookie"], "use --cookie-jar FILE (a jar read at the start and written back at the end)"),
        refuse(["-c"], "use --cookie-jar FILE"),
        refuse(["--html", "--append", "--summary"], "use --report-html DIR, or --report html:FILE"),
    ]

    private static func refuse(_ names: [String], _ instead: String) -> RefusedOption {
        RefusedOption(tool: "Hurl", names, instead)
    }
}
