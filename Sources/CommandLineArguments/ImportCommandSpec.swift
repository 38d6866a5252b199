/// The command line of `curlew import`: the table its reader, help, man page and completions use.
package enum ImportCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "import",
        summary: "Import curl commands, a Postman collection, a .http or a .hurl file",
        usage: ["curlew import FORMAT FILE|- [--into COLLECTION] [--name NAME] [--data-dir DIR]"],
        description: [
            "Reads FILE (or standard input for -) and saves what it holds as a collection. Anything that cannot be carried over (unsupported curl options, scripts, other auth types…) is listed on stderr; nothing is dropped silently.",
        ],
        words: [
            WordSpec(word: "curl", help: "one or more curl command lines (bash, zsh or Windows cmd quoting), e.g. from a browser's \"Copy as cURL\"; each command becomes a request"),
            WordSpec(word: "postman", help: "a Postman Collection v2.1 (or v2.0) JSON file"),
            WordSpec(word: "http", help: "a .http / .rest file (VS Code REST Client, JetBrains HTTP Client)"),
            WordSpec(word: "hurl", help: "a .hurl file (Hurl); each entry becomes a request with its checks and captures"),
        ],
        positionals: [PositionalSpec(placeholder: "FILE", kind: .file)],
        groups: [
            OptionGroup(title: "Options", options: [
                .value("--into", "COLLECTION", .collection, "Add to this collection (a path, or a name in the default collections folder); it is created if missing. curl requests are appended; a Postman or .http import goes into a folder named after it. Without --into, a new file is written in the default collections folder (never over an existing one)."),
                .value("--name", "NAME", .text, "The name of the new collection (default: the file's name)."),
                .value("--data-dir", "DIR", .directory, "The data folder (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew)."),
            ]),
        ],
        notes: ["Relative file paths (bodies and attachments) are rebased onto the collection file's folder."],
        exitStatus: [
            ("0", "imported"),
            ("1", "the input could not be read or saved"),
            ("2", "usage error"),
        ]
    )
}
