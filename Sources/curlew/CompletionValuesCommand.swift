import CommandLineArguments
import Foundation

/// `curlew __complete SHELL LINE`: what may be typed at the end of LINE, for the completion scripts.
///
/// Output: `space` or `nospace`; for bash, the word being typed as it stands on the line, then the
/// candidates escaped for bash; for zsh and fish, `candidate<TAB>description` lines.
enum CompletionValuesCommand: Subcommand {
    /// The table.
    static let spec = CommandSpec(
        name: "__complete",
        summary: "Candidates for the shell completion scripts",
        usage: ["curlew __complete bash|zsh|fish LINE"],
        description: ["Prints what may be typed at the end of LINE, a curlew command line up to the cursor."],
        groups: [],
        hasOwnManPage: false
    )

    static func run(arguments: [String]) async -> Int32 {
        guard arguments.count == 2, ["bash", "zsh", "fish"].contains(arguments[0]) else { return 2 }
        let words = CommandLineWords(line: arguments[1])
        let engine = CompletionEngine(commands: CommandCatalog.listedSpecs, app: AppCommandSpec.spec,
                                      environment: ProcessInfo.processInfo.environment)
        let result = engine.complete(done: Array(words.done.dropFirst()), current: words.current)
        var lines = [result.noSpace ? "nospace" : "space"]
        if arguments[0] == "bash" {
            lines.append(words.currentAsTyped)
            lines += result.candidates.map { bashEscaped($0.value) }
        } else {
            lines += result.candidates.map { candidate in
                candidate.description.isEmpty ? candidate.value : candidate.value + "\t" + clean(candidate.description)
            }
        }
        StandardStreams.writeOut(lines.joined(separator: "\n") + "\n")
        return 0
    }

    /// `text` with a backslash before every character a bash word would otherwise treat specially.
    static func bashEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if !(character.isLetter || character.isNumber || "/._-+:=@,%^~".contains(character)) { escaped.append("\\") }
            escaped.append(character)
        }
        if escaped.hasPrefix("~"), !escaped.hasPrefix("~/") { escaped = "\\" + escaped }
        return escaped
    }

    /// A description on one line without tabs.
    private static func clean(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }
}
