/// The command line of `curlew auth`: the table its reader, help, man page and completions use.
package enum AuthCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "auth",
        summary: "List or forget the OAuth 2.0 tokens curlew keeps",
        usage: ["curlew auth status [COLLECTION] [--env NAME] [--json] [--data-dir DIR]",
                "curlew auth clear [COLLECTION] [--env NAME] [--data-dir DIR]"],
        description: [
            "The OAuth 2.0 tokens that send --from and run got are kept in the data folder's oauth2-tokens.json (mode 0600), one per collection, environment and auth block. 'status' lists them with their grant, expiry and scope, never a token's value; 'clear' forgets them, so that the next request gets a new one (signing in again for the authorizationCode and deviceCode grants). COLLECTION (a collection file, a folder, or a file name such as shop.json) and --env narrow both to that collection's or environment's tokens.",
        ],
        words: [WordSpec(word: "status", help: "list the cached tokens: collection, environment, grant, expiry ('valid for 52 min', 'expired') and scope"),
                WordSpec(word: "clear", help: "forget the cached tokens: every one, or those of COLLECTION (and --env)")],
        wordsTitle: "Commands",
        positionals: [PositionalSpec(placeholder: "COLLECTION", kind: .collection)],
        groups: [
            OptionGroup(title: "Options", options: [
                .value("--env", "NAME", .environment, "Only the tokens got with the environment NAME."),
                .flag("--json", "status: print a JSON array instead of a table."),
                .value("--data-dir", "DIR", .directory, "The data folder (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew, else ~/.local/share/curlew)."),
            ]),
        ],
        exitStatus: [
            ("0", "listed or forgotten"),
            ("1", "the token cache could not be written"),
            ("2", "usage error"),
        ],
        manDocument: "auth.md",
        manSections: ["OAuth 2.0"]
    )
}
