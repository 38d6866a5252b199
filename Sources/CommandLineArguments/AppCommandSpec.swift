/// The command line of `curlew` itself (the full-screen app): the table its reader, help, man page and completions use.
package enum AppCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "",
        summary: "a terminal API explorer",
        usage: ["curlew [COLLECTION-FILE-OR-FOLDER] [--env NAME] [--var NAME=VALUE]… [--theme NAME] [--data-dir DIR]",
                "curlew COMMAND [options]", "curlew --version"],
        description: [
            "Without a command, curlew opens the full-screen app on the collection file or folder given (or none): the method and URL bar, the collection and history sidebar, the request tabs and the response viewer. F1 in the app lists the keys.",
        ],
        positionals: [PositionalSpec(placeholder: "COLLECTION-FILE-OR-FOLDER", kind: .collection)],
        groups: [
            OptionGroup(title: "Options", options: [
                .value("--env", "e", "NAME", .environment, "Resolve {{variables}} with the environment NAME beside the collection."),
                .value("--var", "NAME=VALUE", .text, "Give a variable a value for this session (repeatable; beats the environment and the collection)."),
                .value("--theme", "NAME", .theme, "The theme to draw with (a THEME.json in the config folder's themes/, or a bundled one)."),
                .value("--data-dir", "DIR", .directory, "The data folder for history, drafts and collections (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew, else ~/.local/share/curlew)."),
                .flag("--no-cookies", "Keep no cookie jar: by default the open collection's jar for the environment (in the data folder's cookies/) is sent and kept up to date."),
                TrustOptions.fileRoot,
                TrustOptions.allowEnvironment,
                .flag("--help", "h", "Print this help."),
                .flag("--version", "V", "Print the version of curlew and of libcurl."),
            ]),
        ],
        exitStatus: [
            ("0", "the app was quit"),
            ("1", "the app could not start (no terminal, the data folder cannot be written)"),
            ("2", "usage error, or a collection, environment or theme that cannot be found"),
        ]
    )
}
