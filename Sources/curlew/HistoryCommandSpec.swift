/// The command line of `curlew history`: the table its reader, help, man page and completions use.
enum HistoryCommandSpec {
    /// The table.
    static let spec = CommandSpec(
        name: "history",
        summary: "List recorded requests, newest first, or show one",
        usage: ["curlew history [--limit N] [--json] [--method M] [--status 2xx] [--url TEXT] [--since WHEN] [--until WHEN] [--data-dir DIR]",
                "curlew history show ID [--json] [--data-dir DIR]"],
        description: [
            "Lists the exchanges recorded in the history, newest first (20 unless --limit is given). 'show' prints one entry whole: request, response headers, timings and body. ID may be any unique prefix of an entry's id.",
        ],
        words: [WordSpec(word: "show", help: "print the entry ID whole")],
        wordsTitle: "Commands",
        positionals: [PositionalSpec(placeholder: "ID", kind: .text)],
        groups: [
            OptionGroup(title: "Options", options: [
                .value("--limit", "n", "N", .text, "Show at most N entries (0 for all)."),
                .flag("--json", "Print JSON (an array for the list, an object for show)."),
                .value("--method", "X", "M", .method, "Only this method, e.g. POST."),
                .value("--status", "CLASS", .choices(["1xx", "2xx", "3xx", "4xx", "5xx", "error"]), "Only this status class: 2xx, 3xx, 4xx, 5xx, or 'error' for no response."),
                .value("--url", "TEXT", .text, "Only URLs containing TEXT (case-insensitive)."),
                .value("--since", "WHEN", .text, "Only entries sent at or after WHEN."),
                .value("--until", "WHEN", .text, "Only entries sent before WHEN."),
                .value("--data-dir", "DIR", .directory, "The data folder (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew, else ~/.local/share/curlew)."),
            ]),
        ],
        notes: ["WHEN is an ISO 8601 date (2026-11-30, the start of that day in local time), a date-time (2026-11-30T14:05:00Z, 2026-11-30T14:05:00+01:00, or 2026-11-30T14:05 for local time), or an age meaning that long ago: 45s, 30m, 2h, 7d, 2w."],
        exitStatus: [
            ("0", "listed or shown"),
            ("1", "no such entry, or the history could not be read"),
            ("2", "usage error"),
        ],
        manDocument: "history.md",
        manSections: ["Where curlew keeps its files", "The history file", "Safety"]
    )
}
