import Foundation

/// Turns one of curlew's Markdown documents into the body of a man page: headings, paragraphs, lists,
/// code blocks and tables (each row a tagged paragraph), with inline code in bold and links as their text.
enum MarkdownRoff {
    /// The roff for `markdown`; its `# title` is dropped and what comes before the first `##` goes under `DESCRIPTION`.
    static func body(_ markdown: String) -> String {
        ".SH DESCRIPTION\n" + converted(markdown)
    }

    /// The sections of `markdown` titled `titles` (at `##` or `###`), each as a man page section, in the document's order.
    static func sections(_ markdown: String, titles: [String]) -> String {
        var chosen: [String] = []
        var taking = false
        var level = 0
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") { inCode.toggle() }
            let depth = inCode || line.hasPrefix("```") ? 0 : line.prefix { $0 == "#" }.count
            if depth >= 2, line.dropFirst(depth).hasPrefix(" ") {
                let title = stripped(line.dropFirst(depth + 1).trimmingCharacters(in: .whitespaces))
                if titles.contains(title) {
                    taking = true
                    level = depth
                    chosen.append("## " + title)
                    continue
                }
                if taking, depth <= level { taking = false }
            }
            if taking { chosen.append(depth > level ? "### " + line.dropFirst(depth + 1) : line) }
        }
        return converted(chosen.joined(separator: "\n"))
    }

    /// Roff lines for Markdown text (headings `##` as sections, `###` as subsections).
    private static func converted(_ markdown: String) -> String {
        var output: [String] = []
        var paragraph: [String] = []
        var table: [[String]] = []
        var inCode = false
        var inList = false

        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            output.append(inList ? inline(paragraph.joined(separator: " ")) : ".PP\n" + inline(paragraph.joined(separator: " ")))
            paragraph = []
        }
        func flushTable() {
            guard let header = table.first else { return }
            for row in table.dropFirst() {
                guard let tag = row.first else { continue }
                var cells: [String] = []
                for (index, cell) in row.enumerated().dropFirst() {
                    let label = header.count > 2 && index < header.count ? "\\fI" + Roff.escaped(stripped(header[index])) + ":\\fR " : ""
                    cells.append(label + inline(cell))
                }
                output += [".TP", inline(tag), cells.joined(separator: "; ")]
            }
            table = []
        }

        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                flushParagraph()
                flushTable()
                if inCode {
                    output += [".fi", ".RE"]
                } else {
                    inList = false
                    output += [".PP", ".RS 4", ".nf"]
                }
                inCode.toggle()
                continue
            }
            if inCode {
                output.append(Roff.escaped(line))
                continue
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("|") {
                flushParagraph()
                let cells = trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false).dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if !cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) { table.append(cells) }
                continue
            }
            flushTable()
            if trimmed.isEmpty {
                flushParagraph()
                inList = false
                continue
            }
            if line.hasPrefix("# ") { continue }
            if line.hasPrefix("## ") || line.hasPrefix("### ") {
                flushParagraph()
                inList = false
                let level = line.hasPrefix("## ") ? ".SH " : ".SS "
                let text = stripped(String(line.drop { $0 == "#" }.dropFirst()))
                output.append(level + "\"" + Roff.escaped(level == ".SH " ? text.uppercased() : text).replacingOccurrences(of: "\"", with: "") + "\"")
                continue
            }
            if let item = listItem(trimmed), !line.hasPrefix("  ") || !inList {
                flushParagraph()
                inList = true
                output.append(".IP \(item.marker) 4")
                paragraph = [item.text]
                continue
            }
            paragraph.append(trimmed)
        }
        flushParagraph()
        flushTable()
        if inCode { output += [".fi", ".RE"] }
        return output.joined(separator: "\n") + "\n"
    }

    /// `- text` or `1. text`: the roff marker and the text.
    private static func listItem(_ line: String) -> (marker: String, text: String)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") { return ("\\(bu", String(line.dropFirst(2))) }
        let digits = line.prefix { $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") {
            return (digits + ".", String(line.dropFirst(digits.count + 2)))
        }
        return nil
    }

    /// Markdown text without its markup: code spans, emphasis and links as plain words.
    static func stripped(_ text: String) -> String {
        text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "**", with: "")
    }

    /// Inline Markdown in roff: `code` and **strong** in bold, [text](link) as its text, the rest escaped.
    static func inline(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let first = rest.first {
            if first == "`", let end = rest.dropFirst().firstIndex(of: "`") {
                result += "\\fB" + escapedInline(String(rest[rest.index(after: rest.startIndex)..<end])) + "\\fR"
                rest = rest[rest.index(after: end)...]
            } else if rest.hasPrefix("**"), let end = rest.dropFirst(2).range(of: "**") {
                result += "\\fB" + inline(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound])) + "\\fR"
                rest = rest[end.upperBound...]
            } else if first == "[", let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix("("),
                      let paren = rest[close...].firstIndex(of: ")") {
                result += inline(String(rest[rest.index(after: rest.startIndex)..<close]))
                rest = rest[rest.index(after: paren)...]
            } else {
                result += escapedInline(String(first))
                rest = rest.dropFirst()
            }
        }
        return Roff.guarded(result)
    }

    private static func escapedInline(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
    }
}
