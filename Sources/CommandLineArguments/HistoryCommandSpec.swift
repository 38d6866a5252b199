/// The command line of `curlew history`: the table its reader, help, man page and completions use.
package enum HistoryCommandSpec {
    /// The options of `history resend` besides the store options it shares with `send`.
    package static let resendGroup = OptionGroup(title: "Sending an entry again", options: [
        .value("--header", "H", "'Name: value'", .text, "Replace the entry's header of that name (repeatable); gives a secret stored as [redacted]."),
        .flag("--include", "i", "Print the status line and headers before the body."),
    ])

    /// The table `history resend` reads its own options with (after the store options are taken out).
    package static let resend = CommandSpec(
        name: "history resend", summary: "Send a history entry again", usage: ["curlew history resend ID|N [options]"],
        description: [], groups: [resendGroup], hasOwnManPage: false)

    /// The options of the maintenance commands `clear` and `compact`.
    package static let maintenanceGroup = OptionGroup(title: "Removing entries", options: [
        .flag("--yes", "y", "clear: remove every entry (required, so that a stray 'clear' removes nothing)."),
        .value("--keep", "N", .text, "compact: keep the newest N entries (default 1000, the history's own cap)."),
    ])

    /// The table.
    package static let spec = CommandSpec(
        name: "history",
        summary: "List recorded requests, newest first, show one, or send one again",
        usage: ["curlew history [--limit N] [--json] [--method M] [--status 2xx] [--url TEXT] [--since WHEN] [--until WHEN] [--data-dir DIR]",
                "curlew history show ID|N [--json] [--data-dir DIR]",
                "curlew history resend ID|N [--env NAME] [--var NAME=VALUE …] [-H 'Name: value' …] [-i] [--no-history] [--data-dir DIR]",
                "curlew history delete ID… [--data-dir DIR]",
                "curlew history clear --yes [--data-dir DIR]",
                "curlew history compact [--keep N] [--data-dir DIR]"],
        description: [
            "Lists the exchanges recorded in the history, newest first (20 unless --limit is given). 'show' prints one entry whole: request, response headers, timings and body. ID may be any unique prefix of an entry's id.",
        ],
        words: [WordSpec(word: "show", help: "print the entry ID (or N, the N-th newest) whole"),
                WordSpec(word: "resend", help: "send the entry ID (or N, the N-th newest: 1 is the last one sent) again and print the response body as 'curlew send' does"),
                WordSpec(word: "delete", help: "remove the entries ID… and their stored bodies"),
                WordSpec(word: "clear", help: "remove every entry and stored body (needs --yes)"),
                WordSpec(word: "compact", help: "keep the newest entries (--keep N), drop unreadable lines and bodies no entry refers to")],
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
            resendGroup,
            maintenanceGroup,
            OptionGroup(title: "Variables and history for resend", options: SendCommandSpec.storeGroup.options.filter { !["--from", "--data-dir", "--cookie-jar", "--no-cookies", "--file-root", "--sign-in-timeout"].contains($0.long) }),
        ],
        notes: ["resend: secrets the history holds as {{variables}} are resolved again from --var, --env and the process environment. A secret that was typed directly is stored as [redacted]: on a terminal curlew asks for it (without echo); otherwise give it with -H 'Name: value' (exit 2 when it is missing).",
                "WHEN is an ISO 8601 date (2026-11-30, the start of that day in local time), a date-time (2026-11-30T14:05:00Z, 2026-11-30T14:05:00+01:00, or 2026-11-30T14:05 for local time), or an age meaning that long ago: 45s, 30m, 2h, 7d, 2w."],
        exitStatus: [
            ("0", "listed, shown or removed"),
            ("1", "no such entry, or the history could not be read"),
            ("2", "usage error"),
            ("other", "resend: the exit status of curlew send (see curlew-send(1))"),
        ],
        manDocument: "history.md",
        manSections: ["Where curlew keeps its files", "The history file", "Safety"]
    )
}
