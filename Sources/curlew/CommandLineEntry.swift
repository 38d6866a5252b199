import CommandLineArguments
import Foundation
import RequestKit

/// Chooses the subcommand from the first argument and prints the top-level help.
enum CommandLineEntry {
    /// Runs curlew with its arguments (without the program name) and returns the exit status.
    static func run(arguments: [String], subcommands: [any Subcommand.Type], hidden: [any Subcommand.Type] = []) async -> Int32 {
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
        if let command = (subcommands + hidden).first(where: { $0.name == first }) {
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
        let guess = NearestWord.suggestion(for: first, among: subcommands.map { $0.name }).map { " Did you mean 'curlew \($0)'?" } ?? ""
        StandardStreams.writeError("curlew: unknown command '\(ResponseOutput.visibleLine(first))'.\(guess) Run 'curlew --help' for the list of commands.\n")
        return 2
    }

    /// The text of `curlew --help`.
    static func help(subcommands: [any Subcommand.Type]) -> String {
        HelpText.render(AppCommandSpec.spec, commands: subcommands.map { $0.spec })
    }
}
