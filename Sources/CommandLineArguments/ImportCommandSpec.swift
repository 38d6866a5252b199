/// The command line of `curlew import`: the table its reader, help, man page and completions use.
package enum ImportCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "import",
        summary: "Import curl, Postman, .http, .hurl, OpenAPI or Insomnia files",
        usage: [
            "curlew import FORMAT FILE|- [--into COLLECTION] [--name NAME] [--data-dir DIR]",
            "curlew import openapi URL [--into COLLECTION] [--name NAME]",
        ],
        description: [
            "Reads FILE (or standard input for -) and saves what it holds as a collection. Anything that cannot be carried over (unsupported curl options, other auth types, scripts that curlew keeps as text but never runs…) is listed on stderr; nothing is dropped silently.",
        ],
        words: [
            WordSpec(word: "curl", help: "one or more curl command lines (bash, zsh or Windows cmd quoting), e.g. from a browser's \"Copy as cURL\"; each command becomes a request"),
            WordSpec(word: "postman", help: "a Postman Collection v2.1 (or v2.0) JSON file"),
            WordSpec(word: "http", help: "a .http / .rest file (VS Code REST Client, JetBrains HTTP Client)"),
            WordSpec(word: "hurl", help: "a .hurl file (Hurl); each entry becomes a request with its checks and captures"),
            WordSpec(word: "openapi", help: "an OpenAPI 3.0/3.1 or Swagger 2.0 description, JSON or YAML, a file or an http(s) URL; one request per operation, in folders by tag, the server in the baseUrl variable"),
            WordSpec(word: "insomnia", help: "an Insomnia v4 export, JSON or YAML; sub-environments are written as NAME.env.json beside the collection"),
        ],
        positionals: [PositionalSpec(placeholder: "FILE", kind: .file)],
        groups: [
            OptionGroup(title: "Options", options: [
                .value("--into", "COLLECTION", .collection, "Add to this collection (a path, or a name in the default collections folder); it is created if missing. curl requests are appended; other imports go into a folder named after them. Without --into, a new file is written in the default collections folder (never over an existing one)."),
                .value("--name", "NAME", .text, "The name of the new collection (default: the file's name; the title or workspace for openapi and insomnia)."),
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
