/// What may be typed as an option's value or a positional argument, for completions and man pages.
enum ValueKind: Sendable, Equatable {
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
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]
    /// The report formats of `--report FORMAT:FILE`.
    static let reportFormats = ["junit", "json", "tap"]
}

/// One value an option takes: how it is written in help and what may be typed.
struct ValueSpec: Sendable {
    /// The placeholder shown in help, e.g. `NAME=VALUE`.
    var placeholder: String
    /// What completes it.
    var kind: ValueKind
}

/// One command-line option: every name it answers to, the values it takes, and its help.
///
/// The argument reader, the help text, the man pages and the shell completions all read these,
/// so an option added to a table is known to all of them.
struct OptionSpec: Sendable {
    /// The long name, e.g. `--query`; parsers match on it.
    var long: String
    /// The one-letter name, e.g. `q` for `-q`.
    var short: Character?
    /// Other long names that mean the same, e.g. `--variable` for `--var`.
    var aliases: [String]
    /// The values that follow the option (none for a flag).
    var values: [ValueSpec]
    /// What the option does: one or more sentences, wrapped when shown.
    var help: String

    /// An option taking no value.
    static func flag(_ long: String, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, aliases: [], values: [], help: help)
    }

    /// An option taking no value, with a one-letter name.
    static func flag(_ long: String, _ short: Character, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, aliases: [], values: [], help: help)
    }

    /// An option taking one value.
    static func value(_ long: String, aliases: [String] = [], _ placeholder: String, _ kind: ValueKind, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: nil, aliases: aliases, values: [ValueSpec(placeholder: placeholder, kind: kind)], help: help)
    }

    /// An option taking one value, with a one-letter name.
    static func value(_ long: String, _ short: Character, _ placeholder: String, _ kind: ValueKind, _ help: String) -> OptionSpec {
        OptionSpec(long: long, short: short, aliases: [], values: [ValueSpec(placeholder: placeholder, kind: kind)], help: help)
    }

    /// Every name it answers to: `-q`, `--query` and the aliases.
    var names: [String] { (short.map { ["-" + String($0)] } ?? []) + [long] + aliases }

    /// How it is written in help: `-q, --query NAME=VALUE`.
    var signature: String {
        let values = self.values.map(\.placeholder).joined(separator: " ")
        let longs = ([long] + aliases).joined(separator: ", ")
        let head = short.map { "-\($0), " + longs } ?? "    " + longs
        return values.isEmpty ? head : head + " " + values
    }
}

/// A titled group of options, as help shows them.
struct OptionGroup: Sendable {
    /// The heading, e.g. `Request`.
    var title: String
    /// The options, in the order shown.
    var options: [OptionSpec]
}

/// A word that may stand in a positional place (e.g. `show` after `history`, a format after `import`), with its meaning.
struct WordSpec: Sendable {
    /// The word.
    var word: String
    /// What it means.
    var help: String
}

/// A positional argument: its placeholder and what completes it.
struct PositionalSpec: Sendable {
    /// The placeholder, e.g. `URL`.
    var placeholder: String
    /// What completes it.
    var kind: ValueKind
    /// True when any number of them may follow (only the last one).
    var repeats = false
}

/// Everything about one command's command line: usage, description, positionals, options, exit status.
///
/// `curlew NAME --help`, `curlew man curlew-NAME`, the shell completions and the argument reader are all built from it.
struct CommandSpec: Sendable {
    /// The word after `curlew`, or empty for the app (`curlew [PATH]`).
    var name: String
    /// One line for `curlew --help` and the man page's NAME section.
    var summary: String
    /// The usage lines, each without the `Usage:` prefix.
    var usage: [String]
    /// Paragraphs describing what the command does.
    var description: [String]
    /// Words that may stand first (formats, `show`), with their meaning.
    var words: [WordSpec] = []
    /// The heading the words are listed under.
    var wordsTitle = "Formats"
    /// The positionals, in order (after any word).
    var positionals: [PositionalSpec] = []
    /// The options, in groups.
    var groups: [OptionGroup]
    /// Paragraphs after the options (notes).
    var notes: [String] = []
    /// Exit statuses and what they mean.
    var exitStatus: [(code: String, meaning: String)] = []
    /// False for commands described only in curlew(1).
    var hasOwnManPage = true
    /// The document in docs/ whose sections `manSections` names are added to the man page.
    var manDocument: String?
    /// Titles of that document's sections (`##` or `###`) that the man page carries after the options.
    var manSections: [String] = []

    /// Every option of every group.
    var options: [OptionSpec] { groups.flatMap(\.options) }

    /// The option answering to `name` (`-q`, `--query` or an alias).
    func option(named name: String) -> OptionSpec? {
        options.first { $0.names.contains(name) }
    }

    /// The name of its man page, e.g. `curlew-send`.
    var manPage: String { name.isEmpty || !hasOwnManPage ? "curlew" : "curlew-" + name }
}
