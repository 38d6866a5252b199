/// What may be typed as an option's value or a positional argument, for completions and man pages.
package enum ValueKind: Sendable, Equatable {
    /// Free text: nothing to complete.
    case text
    /// A file path.
    case file
    /// A folder path.
    case directory
    /// A collection file or folder.
    case collection
    /// One of these words.
    case choices([String])
    /// An HTTP method.
    case method
    /// An environment beside the collection given on the same command line.
    case environment
    /// A theme name.
    case theme
    /// A request of the collection given on the same command line.
    case request
    /// A request or a folder of the collection given on the same command line.
    case requestOrFolder
    /// `FORMAT:FILE` for `--report`.
    case report

    /// The methods offered where a method may be typed.
    package static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    /// The report formats of `--report FORMAT:FILE`.
    package static let reportFormats = ["junit", "json", "jsonl", "tap", "html"]
}

/// One value an option takes: how it is written in help and what may be typed.
package struct ValueSpec: Sendable {
    /// Creates a value.
    package init(placeholder: String, kind: ValueKind) {
        self.placeholder = placeholder
        self.kind = kind
    }

    /// The placeholder shown in help, e.g. `NAME=VALUE`.
    package var placeholder: String
    /// What completes it.
    package var kind: ValueKind
}

/// One command-line option: every name it answers to, the values it takes, and its help.
///
/// The argument reader, the help text, the man pages and the shell completions all read these,
/// so an option added to a table is known to all of them.
package struct OptionSpec: Sendable {
    /// Creates an option from all its parts.
    package init(long: String, short: Character?, aliases: [String], values: [ValueSpec], help: String) {
        (self.long, self.short, self.aliases, self.values, self.help) = (long, short, aliases, values, help)
    }

    /// The long name, e.g. `--query`; parsers match on it.
    package var long: String
    /// The one-letter name, e.g. `q` for `-q`.
    package var short: Character?
    /// Other long names that mean the same, e.g. `--variable` for `--var`.
    package var aliases: [String]
    /// The values that follow the option (none for a flag).
    package var values: [ValueSpec]
    /// What the option does: one or more sentences, wrapped when shown.
    package var help: String

    /// An option taking no value.
    package static func flag(_ long: String, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, aliases: [], values: [], help: help)
    }

    /// An option taking no value, with a one-letter name.
    package static func flag(_ long: String, _ short: Character, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, aliases: [], values: [], help: help)
    }

    /// An option taking one value.
    package static func value(_ long: String, aliases: [String] = [], _ placeholder: String, _ kind: ValueKind, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, aliases: aliases, values: [ValueSpec(placeholder: placeholder, kind: kind)], help: help)
    }

    /// An option taking one value, with a one-letter name.
    package static func value(_ long: String, _ short: Character, _ placeholder: String, _ kind: ValueKind, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, aliases: [], values: [ValueSpec(placeholder: placeholder, kind: kind)], help: help)
    }

    /// Every name it answers to: `-q`, `--query` and the aliases.
    package var names: [String] { (short.map { ["-" + String($0)] } ?? []) + [long] + aliases }

    /// How it is written in help: `-q, --query NAME=VALUE`.
    package var signature: String {
        let values = self.values.map(\.placeholder).joined(separator: " ")
        let longs = ([long] + aliases).joined(separator: ", ")
        let head = short.map { "-\($0), " + longs } ?? "    " + longs
        return values.isEmpty ? head : head + " " + values
    }
}

/// A titled group of options, as help shows them.
package struct OptionGroup: Sendable {
    /// Creates a group.
    package init(title: String, options: [OptionSpec]) {
        self.title = title
        self.options = options
    }

    /// The heading, e.g. `Request`.
    package var title: String
    /// The options, in the order shown.
    package var options: [OptionSpec]
}

/// A word that may stand in a positional place (e.g. `show` after `history`, a format after `import`), with its meaning.
package struct WordSpec: Sendable {
    /// Creates a word.
    package init(word: String, help: String) {
        self.word = word
        self.help = help
    }

    /// The word.
    package var word: String
    /// What it means.
    package var help: String
}

/// A positional argument: its placeholder and what completes it.
package struct PositionalSpec: Sendable {
    /// Creates a positional.
    package init(placeholder: String, kind: ValueKind, repeats: Bool = false) {
        (self.placeholder, self.kind, self.repeats) = (placeholder, kind, repeats)
    }

    /// The placeholder, e.g. `URL`.
    package var placeholder: String
    /// What completes it.
    package var kind: ValueKind
    /// True when any number of them may follow (only the last one).
    package var repeats = false
}

/// Everything about one command's command line: usage, description, positionals, options, exit status.
///
/// `curlew NAME --help`, `curlew man curlew-NAME`, the shell completions and the argument reader are all built from it.
package struct CommandSpec: Sendable {
    /// Creates a table; everything after `groups` is optional.
    package init(name: String, summary: String, usage: [String], description: [String], words: [WordSpec] = [],
                 wordsTitle: String = "Formats", positionals: [PositionalSpec] = [], groups: [OptionGroup], notes: [String] = [],
                 exitStatus: [(code: String, meaning: String)] = [], hasOwnManPage: Bool = true, manDocument: String? = nil,
                 manSections: [String] = [], refusedOptions: [RefusedOption] = []) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.description = description
        self.words = words
        self.wordsTitle = wordsTitle
        self.positionals = positionals
        self.groups = groups
        self.notes = notes
        self.exitStatus = exitStatus
        self.hasOwnManPage = hasOwnManPage
        self.manDocument = manDocument
        self.manSections = manSections
        self.refusedOptions = refusedOptions
    }

    /// The word after `curlew`, or empty for the app (`curlew [PATH]`).
    package var name: String
    /// One line for `curlew --help` and the man page's NAME section.
    package var summary: String
    /// The usage lines, each without the `Usage:` prefix.
    package var usage: [String]
    /// Paragraphs describing what the command does.
    package var description: [String]
    /// Words that may stand first (formats, `show`), with their meaning.
    package var words: [WordSpec] = []
    /// The heading the words are listed under.
    package var wordsTitle = "Formats"
    /// The positionals, in order (after any word).
    package var positionals: [PositionalSpec] = []
    /// The options, in groups.
    package var groups: [OptionGroup]
    /// Paragraphs after the options (notes).
    package var notes: [String] = []
    /// Exit statuses and what they mean.
    package var exitStatus: [(code: String, meaning: String)] = []
    /// False for commands described only in curlew(1).
    package var hasOwnManPage = true
    /// The document in docs/ whose sections `manSections` names are added to the man page.
    package var manDocument: String?
    /// Titles of that document's sections (`##` or `###`) that the man page carries after the options.
    package var manSections: [String] = []

    /// Options of another tool that the command knows of and refuses, saying what to use instead.
    package var refusedOptions: [RefusedOption] = []

    /// Every option of every group.
    package var options: [OptionSpec] { groups.flatMap(\.options) }

    /// The option answering to `name` (`-q`, `--query` or an alias).
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// The name of its man page, e.g. `curlew-send`.
    package var manPage: String { name.isEmpty || !hasOwnManPage ? "curlew" : "curlew-" + name }
}

/// An option another tool has and a command refuses by name, with what to use instead.
package struct RefusedOption: Sendable {
    /// Creates a refusal.
    package init(tool: String, _ names: [String], _ instead: String) {
        self.tool = tool
        self.names = names
        self.instead = instead
    }

    /// The tool that has the option, e.g. `Hurl`.
    package var tool: String
    /// Every name it answers to, e.g. `-o` and `--output`.
    package var names: [String]
    /// What to do instead, as a sentence.
    package var instead: String
}
