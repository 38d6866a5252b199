import CommandLineArguments
/// Writes `--help` text from a command's table, every line at most 80 columns.
enum HelpText {
    /// The widest line help may have.
    static let width = 80
    /// The column where option descriptions start.
    static let descriptionColumn = 30

    /// The text of `curlew NAME --help` (or `curlew --help` for the app, with `commands` listed).
    static func render(_ spec: CommandSpec, commands: [CommandSpec] = []) -> String {
        var lines: [String] = []
        if spec.name.isEmpty { lines += ["curlew — \(spec.summary)", ""] }
        for (index, usage) in spec.usage.enumerated() {
            lines += usageLines(usage, prefix: index == 0 ? "Usage: " : "       ")
        }
        for paragraph in spec.description { lines += [""] + wrap(paragraph, width: width) }
        if !spec.words.isEmpty {
            lines += ["", spec.wordsTitle + ":"]
            let column = (spec.words.map(\.word.count).max() ?? 0) + 4
            for word in spec.words { lines += item("  " + word.word, word.help, column: column) }
        }
        if !commands.isEmpty {
            lines += ["", "Commands:"]
            let column = (commands.map(\.name.count).max() ?? 0) + 4
            for command in commands { lines += item("  " + command.name, command.summary, column: column) }
        }
        for group in spec.groups {
            lines += ["", group.title + ":"]
            for option in group.options { lines += item("  " + option.signature, option.help, column: descriptionColumn) }
        }
        for note in spec.notes { lines += [""] + wrap(note, width: width) }
        if !spec.exitStatus.isEmpty {
            lines += ["", "Exit status:"]
            let column = (spec.exitStatus.map(\.code.count).max() ?? 0) + 4
            for status in spec.exitStatus { lines += item("  " + status.code, status.meaning, column: column) }
        }
        lines.append("")
        if spec.name.isEmpty {
            lines += wrap("Run 'curlew COMMAND --help' for a command's options. Manual: man curlew (and man curlew-send, curlew-run, curlew-import, curlew-export, curlew-history, curlew-collection).", width: width)
        } else {
            lines.append("Manual: man \(spec.manPage)")
        }
        return lines.joined(separator: "\n")
    }

    /// A term and its description: on one line when the term fits before `column`, else the description below it.
    static func item(_ term: String, _ text: String, column: Int) -> [String] {
        let indent = String(repeating: " ", count: column)
        var body = wrap(text, width: width - column)
        if body.isEmpty { body = [""] }
        if term.count + 2 <= column {
            let first = term + String(repeating: " ", count: column - term.count) + body[0]
            return [first] + body.dropFirst().map { indent + $0 }
        }
        return [term] + body.map { indent + $0 }
    }

    /// A usage line, wrapped after the command's words with a hanging indent.
    static func usageLines(_ usage: String, prefix: String) -> [String] {
        let words = bracketGroups(usage)
        let head = words.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") && $0 == $0.lowercased() }
        let headText = prefix + head.joined(separator: " ") + " "
        let body = wrap(Array(words.dropFirst(head.count)), width: width - headText.count).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
        guard let first = body.first else { return [prefix + usage] }
        let indent = String(repeating: " ", count: headText.count)
        return [headText + first] + body.dropFirst().map { indent + $0 }
    }

    /// The words of a usage line, a `[…]` group with its spaces kept as one word (joined by no-break spaces).
    static func bracketGroups(_ usage: String) -> [String] {
        var groups: [String] = []
        var depth = 0
        for word in usage.split(separator: " ") {
            if depth > 0, let last = groups.popLast() {
                groups.append(last + "\u{A0}" + word)
            } else {
                groups.append(String(word))
            }
            depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
            depth = max(depth, 0)
        }
        return groups
    }

    /// Greedy word wrap; a word longer than the width stands alone on its line.
    static func wrap(_ text: String, width: Int) -> [String] {
        wrap(text.split(separator: " ").map(String.init), width: width)
    }

    /// Greedy wrap of words; a word longer than the width stands alone on its line.
    static func wrap(_ words: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
