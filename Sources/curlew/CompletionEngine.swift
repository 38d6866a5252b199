import CommandLineArguments
import Foundation
import RequestStore

/// What may be typed at the cursor: candidates (each with a description) and whether a space should follow.
struct CompletionResult: Equatable {
    /// One thing that may be typed.
    struct Candidate: Equatable {
        /// The whole word, e.g. `--query` or `Users/List users`.
        var value: String
        /// What it is, shown by zsh and fish.
        var description: String
    }

    /// The candidates, in the order they are offered.
    var candidates: [Candidate] = []
    /// True when the word goes on after a candidate (a folder's `/`, `junit:`), so no space is added.
    var noSpace = false
}

/// Works out what may be typed next on a curlew command line, from the command tables and the files they point at.
///
/// The shell scripts of `curlew completions` hand the line to `curlew __complete`, which asks this.
struct CompletionEngine {
    /// The tables of the subcommands completed.
    var commands: [CommandSpec]
    /// The app's table (`curlew [PATH] [options]`).
    var app: CommandSpec
    /// Process environment (data and config folders, `$CURLEW_THEMES`).
    var environment: [String: String]

    /// Most candidates returned.
    static let maximumCandidates = 2_000

    /// The candidates for the last word of `words` (the words after `curlew`, the last one being typed).
    func complete(done: [String], current: String) -> CompletionResult {
        var spec = app
        var rest = done[...]
        if let first = done.first, let command = commands.first(where: { $0.name == first }) {
            spec = command
            rest = done.dropFirst()
        }
        let isFirstWord = done.isEmpty
        var state = WalkState()
        for word in rest { state.read(word, spec: spec) }

        if let kind = state.pendingKind {
            return values(of: kind, prefix: current, collection: state.collection)
        }
        if !state.optionsEnded, current.hasPrefix("--"), let equals = current.firstIndex(of: "="),
           let option = spec.option(named: String(current[..<equals])), let kind = option.values.first?.kind {
            let head = String(current[...equals])
            var result = values(of: kind, prefix: String(current[current.index(after: equals)...]), collection: state.collection)
            result.candidates = result.candidates.map { .init(value: head + $0.value, description: $0.description) }
            return result
        }
        if !state.optionsEnded, current.hasPrefix("-") {
            return options(of: spec, prefix: current)
        }
        var result = CompletionResult()
        if isFirstWord {
            result.candidates = commands.filter { $0.name.hasPrefix(current) }.map { .init(value: $0.name, description: $0.summary) }
        }
        if !spec.words.isEmpty, state.positionals.isEmpty {
            result.candidates += spec.words.filter { $0.word.hasPrefix(current) }.map { .init(value: $0.word, description: $0.help) }
            return result
        }
        let index = state.positionals.count - (spec.words.isEmpty ? 0 : 1)
        let positional = index < spec.positionals.count ? spec.positionals[index] : spec.positionals.last.flatMap { $0.repeats ? $0 : nil }
        if let positional {
            let more = values(of: positional.kind, prefix: current, collection: state.collection)
            result.candidates += more.candidates
            result.noSpace = more.noSpace
        }
        if result.candidates.count > Self.maximumCandidates { result.candidates = Array(result.candidates.prefix(Self.maximumCandidates)) }
        return result
    }

    /// Where the walk over the finished words stands.
    private struct WalkState {
        var positionals: [String] = []
        var collection: String?
        var pending: [ValueSpec] = []
        var optionsEnded = false

        /// The kind of the value the cursor is on, if an option is waiting for one.
        var pendingKind: ValueKind? { pending.first?.kind }

        mutating func read(_ word: String, spec: CommandSpec) {
            if let value = pending.first {
                pending.removeFirst()
                if value.kind == .collection { collection = word }
                return
            }
            if !optionsEnded, word == "--" {
                optionsEnded = true
                return
            }
            if !optionsEnded, word.hasPrefix("-"), word != "-" {
                let name = word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word
                guard let option = spec.option(named: name) else { return }
                if name.count < word.count {
                    if option.values.first?.kind == .collection { collection = String(word.dropFirst(name.count + 1)) }
                    pending = Array(option.values.dropFirst())
                } else {
                    pending = option.values
                }
                return
            }
            let index = positionals.count - (spec.words.isEmpty ? 0 : 1)
            if index >= 0, index < spec.positionals.count, spec.positionals[index].kind == .collection, collection == nil {
                collection = word
            }
            positionals.append(word)
        }
    }

    private func options(of spec: CommandSpec, prefix: String) -> CompletionResult {
        var result = CompletionResult()
        for option in spec.options {
            let names = prefix.hasPrefix("--") ? [option.long] + option.aliases : option.names
            for name in names where name.hasPrefix(prefix) {
                result.candidates.append(.init(value: name, description: Self.firstSentence(option.help)))
            }
        }
        return result
    }

    /// The values of one kind that start with `prefix`.
    func values(of kind: ValueKind, prefix: String, collection: String?) -> CompletionResult {
        switch kind {
        case .text:
            return CompletionResult()
        case .choices(let words):
            return matching(words, prefix: prefix)
        case .method:
            return matching(ValueKind.methods, prefix: prefix.uppercased() == prefix ? prefix : prefix.uppercased())
        case .file:
            return paths(prefix: prefix) { _ in true }
        case .directory:
            return paths(prefix: prefix, directoriesOnly: true) { _ in false }
        case .collection:
            return paths(prefix: prefix) { name in
                (name.hasSuffix(".json") || name.hasSuffix(".hurl"))
                    && !name.hasSuffix(CollectionLibrary.environmentSuffix) && !name.hasSuffix(CollectionLibrary.secretsSuffix)
            }
        case .report:
            guard let colon = prefix.firstIndex(of: ":") else {
                var result = matching(ValueKind.reportFormats.map { $0 + ":" }, prefix: prefix)
                result.noSpace = true
                return result
            }
            let head = String(prefix[...colon])
            var result = paths(prefix: String(prefix[prefix.index(after: colon)...])) { _ in true }
            result.candidates = result.candidates.map { .init(value: head + $0.value, description: $0.description) }
            return result
        case .theme:
            let paths = StorePaths.resolve(environment: environment)
            let catalog = AppSetup.themeCatalog(paths: paths, environment: environment)
            return matching(catalog.all().map(\.name), prefix: prefix)
        case .environment:
            let library = CollectionLibrary.load(collectionPath(collection))
            return matching(library.environments.map(\.document.name), prefix: prefix)
        case .request, .requestOrFolder:
            guard let collection else { return CompletionResult() }
            var names: [String] = []
            for file in CollectionLibrary.load(collectionPath(collection)).collections {
                for located in file.document.allRequests {
                    var folderPath = ""
                    for folder in located.folders where kind == .requestOrFolder {
                        folderPath += (folderPath.isEmpty ? "" : "/") + folder.name
                        if !names.contains(folderPath) { names.append(folderPath) }
                    }
                    names.append(located.path)
                    if names.count > Self.maximumCandidates { break }
                }
            }
            return matching(names, prefix: prefix)
        }
    }

    /// A collection named on the line as a path (or a name in the data folder), else the default collections folder.
    private func collectionPath(_ collection: String?) -> String {
        let paths = StorePaths.resolve(environment: environment)
        guard let collection else { return paths.collectionsDirectory }
        return paths.collectionPath(for: Self.expandingHome(collection, environment: environment))
    }

    private func matching(_ words: [String], prefix: String) -> CompletionResult {
        CompletionResult(candidates: words.filter { $0.hasPrefix(prefix) && Self.isTypeable($0) }.map { .init(value: $0, description: "") })
    }

    /// Entries of the folder `prefix` points into whose names start with the rest of it: folders (with `/`) and files `keep` accepts.
    private func paths(prefix: String, directoriesOnly: Bool = false, keep: (String) -> Bool) -> CompletionResult {
        let slash = prefix.lastIndex(of: "/")
        let folderPart = slash.map { String(prefix[...$0]) } ?? ""
        let namePart = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        let folder = folderPart.isEmpty ? "." : Self.expandingHome(folderPart, environment: environment)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return CompletionResult() }
        var result = CompletionResult()
        for name in names.sorted() where name.hasPrefix(namePart) && Self.isTypeable(name) {
            if name.hasPrefix("."), !namePart.hasPrefix(".") { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                result.candidates.append(.init(value: folderPart + name + "/", description: ""))
            } else if !directoriesOnly, keep(name) {
                result.candidates.append(.init(value: folderPart + name, description: ""))
            }
            if result.candidates.count >= Self.maximumCandidates { break }
        }
        result.noSpace = result.candidates.count == 1 && result.candidates[0].value.hasSuffix("/")
        return result
    }

    /// `~/…` with the home folder in place of `~`.
    static func expandingHome(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"] else { return path }
        return home + path.dropFirst()
    }

    /// False for names a shell line cannot carry sensibly: control characters, line breaks, tabs.
    static func isTypeable(_ text: String) -> Bool {
        !text.isEmpty && !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The help text up to its first full stop, for the one-line descriptions zsh and fish show.
    static func firstSentence(_ help: String) -> String {
        let sentence = help.range(of: ". ").map { String(help[..<$0.lowerBound]) } ?? help
        return sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
    }
}
