import Foundation
import RequestKit

/// Chooses the subcommand from the first argument and prints the top-level help.
enum CommandLineEntry {
    /// Runs curlew with its arguments (without the program name) and returns the exit status.
    static func run(arguments: [String], subcommands: [any Subcommand.Type]) async -> Int32 {
        guard let first = arguments.first else {
            return AppLaunch.run(arguments: [])
        }
        if first == "--help" || first == "-h" || first == "help" {
            print(help(subcommands: subcommands))
            return 0
        }
        if first == "--version" || first == "-V" {
            print("curlew \(LibraryVersion.requestKit) (\(LibraryVersion.libcurl))")
            return 0
        }
        if let command = subcommands.first(where: { $0.name == first }) {
            let rest = Array(arguments.dropFirst())
            if rest.contains("--help") || rest.contains("-h") {
                print(command.help)
                return 0
            }
            return await command.run(arguments: rest)
        }
        if AppLaunch.opensApp(first) {
            return AppLaunch.run(arguments: arguments)
        }
        StandardStreams.writeError("curlew: unknown command '\(first)'. Run 'curlew --help' for the list of commands.\n")
        return 2
    }

    /// The text of `curlew --help`.
    static func help(subcommands: [any Subcommand.Type]) -> String {
        var lines = [
            "curlew — a terminal API explorer",
            "",
            "Usage: curlew [COLLECTION-FILE-OR-FOLDER] [--env NAME] [--theme NAME] [--data-dir DIR]",
            "       curlew <command> [options]",
            "       curlew --version",
            "",
            "Without a command, curlew opens the full-screen app (see docs/app.md).",
            "",
            "Commands:",
        ]
        let width = subcommands.map { $0.name.count }.max() ?? 0
        for command in subcommands {
            lines.append("  " + command.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary)
        }
        lines.append("")
        lines.append("Run 'curlew <command> --help' for a command's options.")
        return lines.joined(separator: "\n")
    }
}
