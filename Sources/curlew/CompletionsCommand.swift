import CommandLineArguments
/// `curlew completions bash|zsh|fish`: prints the shell completion script.
enum CompletionsCommand: Subcommand {
    /// The table.
    static let spec = CommandSpec(
        name: "completions",
        summary: "Print the shell completion script for bash, zsh or fish",
        usage: ["curlew completions bash|zsh|fish"],
        description: [
            "Prints a completion script for the shell named. It completes subcommands, options, methods, formats, report kinds, theme names, environments beside the collection given and request names in it, asking curlew itself (curlew __complete) for each.",
        ],
        words: [
            WordSpec(word: "bash", help: "source it from ~/.bashrc: source <(curlew completions bash)"),
            WordSpec(word: "zsh", help: "save it as _curlew in a folder of $fpath, or: source <(curlew completions zsh)"),
            WordSpec(word: "fish", help: "save it as ~/.config/fish/completions/curlew.fish"),
        ],
        wordsTitle: "Shells",
        groups: [],
        notes: ["make install puts them where bash-completion, zsh and fish look: share/bash-completion/completions/curlew, share/zsh/site-functions/_curlew and share/fish/vendor_completions.d/curlew.fish under the prefix."],
        exitStatus: [("0", "printed"), ("2", "no shell, or one curlew does not know")],
        hasOwnManPage: false
    )

    static func run(arguments: [String]) async -> Int32 {
        guard arguments.count == 1, let script = CompletionScripts.script(for: arguments[0]) else {
            StandardStreams.writeError("curlew completions: name one shell: bash, zsh or fish.\nRun 'curlew completions --help' for usage.\n")
            return 2
        }
        StandardStreams.writeOut(script)
        return 0
    }
}
