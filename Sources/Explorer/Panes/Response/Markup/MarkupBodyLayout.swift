import BodyIndex

/// Indents an XML or HTML body for the Body tab: one tag per line, two spaces per level, short text kept
/// inline (`<name>text</name>`), comments, CDATA and processing instructions kept; colored by `MarkupLineLexer`.
///
/// libxml2 parses the body (no network, no entity expansion, HTML recovering); the lines are written from the
/// flat node list of `MarkupOutline`, so nothing here recurses as deep as the document.
enum MarkupBodyLayout {
    /// How a body is read.
    enum Form: Equatable, Sendable {
        /// With the XML parser.
        case xml
        /// With the HTML parser.
        case html
    }

    /// The largest body formatted; larger ones are shown as received under a note.
    static let maximumBodyBytes = 8 << 20
    /// Spaces per nesting level.
    static let indentWidth = 2
    /// HTML elements that never have content, written without an end tag.
    static let voidElements: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// Whether a body is XML or HTML, from its content type or, for text without one that says otherwise, its first bytes.
    static func form(contentType: String, body: BodyBytes) -> Form? {
        let mime = BodyClassification.essence(contentType)
        if mime == "text/html" { return .html }
        if mime == "application/xml" || mime == "text/xml" || mime.hasSuffix("+xml") { return .xml }
        guard mime.isEmpty || mime == "text/plain" || mime == "application/octet-stream" else { return nil }
        var start = 0
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[start]) { start += 1 }
        let head = String(decoding: body[start..<min(body.count, start + 15)], as: UTF8.self).lowercased()
        if head.hasPrefix("<?xml") { return .xml }
        if head.hasPrefix("<!doctype html") || head.hasPrefix("<html") { return .html }
        return nil
    }

    /// The Body tab's parts for a markup body: indented and colored, or as received under a note saying why not.
    static func parts(_ body: BodyBytes, form: Form, asReceived: TextLines) -> [PanePart] {
        let name = form == .xml ? "XML" : "HTML"
        guard body.count <= maximumBodyBytes else {
            return [.text(["\(name) body over \(ResponseFormatting.size(Int64(maximumBodyBytes))): shown as received, not indented."], coloring: .notice(.muted)),
                    PanePart(lines: asReceived, coloring: .plain)]
        }
        switch format(body, form: form) {
        case .success(let lines):
            return [PanePart(lines: lines, coloring: .markup(continuationStates: startStates(of: lines)))]
        case .failure(let error):
            return [.text(["Not valid \(name) (\(error.description)); shown as text."], coloring: .notice(.warning)),
                    PanePart(lines: asReceived, coloring: .plain)]
        }
    }

    /// The body parsed (after any leading whitespace, which an XML declaration may not follow) and written as indented lines.
    static func format(_ body: BodyBytes, form: Form) -> Result<TextLines, MarkupOutlineError> {
        Result { () throws(MarkupOutlineError) -> TextLines in
            let start = body.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } ?? body.count
            let items = try MarkupOutline.read(Array(body[start...]), html: form == .html)
            return TextLines(write(items, html: form == .html))
        }
    }

    /// Writes the items as lines.
    static func write(_ items: [MarkupItem], html: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(items.count * 32)
        var index = 0
        func line(_ depth: Int, _ text: String) {
            out.append(contentsOf: repeatElement(0x20, count: depth * indentWidth))
            out.append(contentsOf: text.utf8)
            out.append(0x0A)
        }
        while index < items.count {
            switch items[index] {
            case .open(let name, let attributes, let depth, let hasContent):
                let tag = "<" + name + attributes.map(Self.attribute).joined()
                if !hasContent {
                    if html { line(depth, tag + (voidElements.contains(name.lowercased()) ? ">" : "></\(name)>")) } else { line(depth, tag + "/>") }
                } else if index + 2 < items.count, case .text(let text, _) = items[index + 1], case .close = items[index + 2],
                          let inline = Self.inlineText(text) {
                    line(depth, tag + ">" + inline + "</" + name + ">")
                    index += 2
                } else if index + 1 < items.count, case .close = items[index + 1] {
                    line(depth, tag + "></" + name + ">")
                    index += 1
                } else {
                    line(depth, tag + ">")
                }
            case .close(let name, let depth):
                line(depth, "</" + name + ">")
            case .text(let text, let depth):
                for part in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
                    let trimmed = part.markupTrimmed
                    if !trimmed.isEmpty { line(depth, escapeText(trimmed)) }
                }
            case .cdata(let text, let depth):
                let parts = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
                for (number, part) in parts.enumerated() {
                    let prefix = number == 0 ? "<![CDATA[" : ""
                    let suffix = number == parts.count - 1 ? "]]>" : ""
                    if number == 0 { line(depth, prefix + part + suffix) } else { line(0, String(part) + suffix) }
                }
            case .comment(let text, let depth):
                let parts = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { $0.markupTrimmed }
                if parts.count == 1 {
                    line(depth, "<!--" + text + "-->")
                } else {
                    for (number, part) in parts.enumerated() {
                        line(depth, (number == 0 ? "<!--" : "") + part + (number == parts.count - 1 ? "-->" : ""))
                    }
                }
            case .processingInstruction(let target, let content, let depth):
                let body = content.split(whereSeparator: \.isNewline).joined(separator: " ")
                line(depth, "<?" + target + (body.isEmpty ? "" : " " + body) + "?>")
            case .doctype(let name, let depth):
                line(depth, "<!DOCTYPE " + name + ">")
            }
            index += 1
        }
        return out
    }

    /// The lexer state at the start of every line that does not start between tags, by line index.
    static func startStates(of lines: TextLines) -> [Int: MarkupLexState] {
        var states: [Int: MarkupLexState] = [:]
        var state = MarkupLexState.normal
        for index in 0..<lines.count {
            if state != .normal { states[index] = state }
            state = MarkupLineLexer.runs(lines.bytes, lines.range(of: index), from: state).end
        }
        return states
    }

    /// Text short enough and on one line to sit between its tags, escaped; nil otherwise.
    private static func inlineText(_ text: String) -> String? {
        let trimmed = text.markupTrimmed
        guard !trimmed.contains(where: \.isNewline), trimmed.utf8.count <= 200 else { return nil }
        return escapeText(trimmed)
    }

    /// ` name="value"`, the value escaped (line breaks as `&#10;`); ` name` for an HTML attribute without a value.
    private static func attribute(_ attribute: MarkupAttribute) -> String {
        guard let value = attribute.value else { return " " + attribute.name }
        var escaped = ""
        for character in value {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case "\"": escaped += "&quot;"
            case "\n", "\r\n", "\r": escaped += "&#10;"
            default: escaped.append(character)
            }
        }
        return " " + attribute.name + "=\"" + escaped + "\""
    }

    /// Text with `&`, `<` and `>` escaped, so a text line never starts a tag.
    private static func escapeText(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

fileprivate extension StringProtocol {
    /// The text without spaces, tabs and line breaks at either end.
    var markupTrimmed: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
