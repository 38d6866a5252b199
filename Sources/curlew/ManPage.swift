import CommandLineArguments
import Foundation

/// Writes man pages in roff from the command tables: curlew(1) and one page for each subcommand.
enum ManPage {
    /// The page of one command (the app's table makes curlew(1), which also lists `commands`); `document` is the
    /// text of the spec's `manDocument`, whose `manSections` follow the options.
    static func render(_ spec: CommandSpec, commands: [CommandSpec] = [], document: String? = nil) -> String {
        var lines = [Roff.title(spec.manPage, section: 1, manual: "curlew manual"), ".SH NAME"]
        lines.append(Roff.escaped(spec.manPage) + " \\- " + Roff.escaped(spec.summary))
        lines.append(".SH SYNOPSIS")
        for (index, usage) in spec.usage.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(synopsis(usage))
        }
        lines.append(".SH DESCRIPTION")
        for (index, paragraph) in spec.description.enumerated() {
            if index > 0 { lines.append(".PP") }
            lines.append(Roff.escaped(paragraph))
        }
        if !commands.isEmpty {
            lines.append(".SH COMMANDS")
            for command in commands {
                lines += [".TP", Roff.bold("curlew " + command.name), Roff.escaped(command.summary) + "."]
                if command.hasOwnManPage {
                    lines.append("See " + Roff.bold(command.manPage) + "(1).")
                } else {
                    lines.append(".RS")
                    lines += command.words.flatMap { [".TP", Roff.bold($0.word), Roff.escaped($0.help)] }
                    for note in command.notes { lines += [".PP", Roff.escaped(note)] }
                    lines.append(".RE")
                }
            }
        }
        if !spec.words.isEmpty {
            lines.append(".SH " + spec.wordsTitle.uppercased())
            for word in spec.words { lines += [".TP", Roff.bold(word.word), Roff.escaped(word.help)] }
        }
        for group in spec.groups {
            lines.append(".SH " + (group.title == "Options" ? "OPTIONS" : Roff.escaped(group.title.uppercased())))
            for option in group.options {
                lines += [".TP", signature(option), Roff.escaped(option.help)]
            }
        }
        for note in spec.notes { lines += [".PP", Roff.escaped(note)] }
        if let document, !spec.manSections.isEmpty {
            lines.append(MarkdownRoff.sections(document, titles: spec.manSections).trimmingCharacters(in: .newlines))
        }
        if !spec.exitStatus.isEmpty {
            lines.append(".SH EXIT STATUS")
            for status in spec.exitStatus { lines += [".TP", Roff.bold(status.code), Roff.escaped(status.meaning)] }
        }
        lines.append(".SH SEE ALSO")
        let pages = ManCommand.commandPages.map { $0 + "(1)" } + ["curlew-collection(5)"]
        lines.append(pages.filter { !$0.hasPrefix(spec.manPage + "(") }.map { Roff.bold(String($0.prefix { $0 != "(" })) + String($0.drop { $0 != "(" }) }
            .joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A usage line: the command words in bold, the rest as written.
    private static func synopsis(_ usage: String) -> String {
        let words = usage.split(separator: " ").map(String.init)
        let head = words.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && $0 == $0.lowercased() }
        let rest = words.dropFirst(head.count).joined(separator: " ")
        return Roff.bold(head.joined(separator: " ")) + (rest.isEmpty ? "" : " " + Roff.escaped(rest))
    }

    /// `\fB-q\fR, \fB--query\fR \fINAME=VALUE\fR`.
    private static func signature(_ option: OptionSpec) -> String {
        let names = option.names.map(Roff.bold).joined(separator: ", ")
        let values = option.values.map { Roff.italic($0.placeholder) }.joined(separator: " ")
        return values.isEmpty ? names : names + " " + values
    }
}
