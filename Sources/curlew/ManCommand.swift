import CommandLineArguments
import Foundation

/// `curlew man PAGE [--docs DIR]`: writes a man page in roff, made from the command tables (and for
/// curlew-collection(5), from `docs/collection-format.md`); `make install` calls it.
enum ManCommand: Subcommand {
    /// The table.
    static let spec = CommandSpec(
        name: "man",
        summary: "Write a man page in roff",
        usage: ["curlew man PAGE [--docs DIR]", "curlew man --list"],
        description: ["Writes the man page PAGE (curlew, curlew-send, …, curlew-collection) on stdout."],
        groups: [OptionGroup(title: "Options", options: [
            .value("--docs", "DIR", .directory, "The docs folder of curlew's sources, which curlew-collection(5) is made from."),
            .flag("--list", "Print every page's name and section, one a line."),
        ])],
        hasOwnManPage: false
    )

    /// The section 1 pages, one per command with a page of its own, `curlew` first.
    static var commandPages: [String] {
        ["curlew"] + CommandCatalog.listedSpecs.filter(\.hasOwnManPage).map(\.manPage)
    }

    /// Every page, with its section.
    static var pages: [(name: String, section: Int)] {
        commandPages.map { ($0, 1) } + [("curlew-collection", 5)]
    }

    static func run(arguments: [String]) async -> Int32 {
        var reader = ArgumentReader(arguments, command: spec)
        var positionals: [String] = []
        var docs: String?
        var list = false
        do {
            while let token = try reader.next() {
                switch token {
                case .positional(let page): positionals.append(page)
                case .option("--list"): list = true
                case .option(let option): docs = try reader.value(of: option)
                }
            }
        } catch {
            StandardStreams.writeError("curlew man: \(error.message)\n")
            return 2
        }
        if list {
            StandardStreams.writeOut(pages.map { "\($0.name) \($0.section)\n" }.joined())
            return 0
        }
        guard positionals.count == 1, let page = positionals.first else {
            StandardStreams.writeError("curlew man: name one page: \(pages.map(\.name).joined(separator: ", "))\n")
            return 2
        }
        if page == "curlew" {
            StandardStreams.writeOut(Roff.asciiOnly(ManPage.render(AppCommandSpec.spec, commands: CommandCatalog.listedSpecs)))
            return 0
        }
        if let command = CommandCatalog.listedSpecs.first(where: { $0.hasOwnManPage && $0.manPage == page }) {
            var document: String?
            if let name = command.manDocument {
                let source = (docs ?? "docs") + "/" + name
                guard let data = FileManager.default.contents(atPath: source) else {
                    StandardStreams.writeError("curlew man: \(page) takes sections of \(source), which cannot be read; pass --docs DIR\n")
                    return 1
                }
                document = String(decoding: data, as: UTF8.self)
            }
            StandardStreams.writeOut(Roff.asciiOnly(ManPage.render(command, document: document)))
            return 0
        }
        guard page == "curlew-collection" else {
            StandardStreams.writeError("curlew man: no page '\(page)'; there are \(pages.map(\.name).joined(separator: ", "))\n")
            return 2
        }
        let source = (docs ?? "docs") + "/collection-format.md"
        guard let data = FileManager.default.contents(atPath: source) else {
            StandardStreams.writeError("curlew man: curlew-collection(5) is made from \(source), which cannot be read; pass --docs DIR\n")
            return 1
        }
        let header = [Roff.title("curlew-collection", section: 5, manual: "curlew file formats"), ".SH NAME",
                      "curlew\\-collection \\- collection, environment and secrets files of curlew"]
        StandardStreams.writeOut(Roff.asciiOnly(header.joined(separator: "\n") + "\n" + MarkdownRoff.body(String(decoding: data, as: UTF8.self))
                                 + ".SH SEE ALSO\n" + commandPages.map { Roff.bold($0) + "(1)" }.joined(separator: ", ") + "\n"))
        return 0
    }
}
