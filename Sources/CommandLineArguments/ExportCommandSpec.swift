/// The command line of `curlew export`: the table its reader, help, man page and completions use.
package enum ExportCommandSpec {
    /// The table.
    package static let spec = CommandSpec(
        name: "export",
        summary: "Export a collection as curl, Postman, .http, .hurl or a k6 script",
        usage: ["curlew export FORMAT COLLECTION [REQUEST] [options]", "curlew export k6 COLLECTION [REQUEST-OR-FOLDER] [--env NAME]"],
        description: [
            "Writes the collection (or only REQUEST, by name or Folder/Name path) to stdout. What the target format cannot hold is listed on stderr.",
        ],
        words: [
            WordSpec(word: "curl", help: "one curl command per request, each after a '# Folder/Name' comment"),
            WordSpec(word: "postman", help: "Postman Collection v2.1 JSON"),
            WordSpec(word: "http", help: "a .http file for VS Code's REST Client or JetBrains' HTTP Client"),
            WordSpec(word: "hurl", help: "a .hurl file that Hurl runs: checks and captures as [Asserts] and [Captures]"),
            WordSpec(word: "k6", help: "a k6 load-test script: each request an http.request, its checks a check(), captures passed on, variables as __ENV values (the environment's as defaults, secrets by name only)"),
        ],
        positionals: [PositionalSpec(placeholder: "COLLECTION", kind: .collection), PositionalSpec(placeholder: "REQUEST", kind: .requestOrFolder)],
        groups: [
            OptionGroup(title: "Options", options: [
                .flag("--resolve", "(curl, the default) Resolve every {{variable}} from --var, the environment, the collection, then built-ins; a variable without a value is an error that names it."),
                .flag("--keep-variables", "(curl) Leave {{variables}} in place, giving a template."),
                .value("--env", "NAME", .environment, "(curl, k6) The environment to resolve from, or for k6 whose values become the defaults (NAME.env.json beside the collection)."),
                .value("--var", "NAME=VALUE", .text, "A value that wins over every other (repeatable)."),
                .value("--data-dir", "DIR", .directory, "The data folder (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew)."),
                TrustOptions.fileRoot,
                TrustOptions.allowEnvironment,
            ]),
        ],
        notes: ["Postman, .http and .hurl files keep {{variables}} as they are. Secret variables are written without their values. For k6, REQUEST may name a folder, whose requests are written in order."],
        exitStatus: [
            ("0", "written"),
            ("1", "the collection or a variable could not be read"),
            ("2", "usage error"),
        ]
    )
}
