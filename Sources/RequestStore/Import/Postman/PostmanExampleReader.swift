import RequestKit

/// Postman's saved examples (an item's `response` list): kept on the request as `SavedExample`s, and as
/// documentation, a Markdown section of the request's description with each example's name, status, original
/// request, headers and body.
enum PostmanExampleReader {
    /// The heading the section starts with.
    static let heading = "## Saved examples"

    /// The section for a `response` list, nil when it has no examples.
    static func documentation(_ value: OrderedJSON?) -> String? {
        let examples = value?.postmanArray ?? []
        guard !examples.isEmpty else { return nil }
        var parts = [heading]
        for (index, example) in examples.enumerated() {
            parts.append(section(example, number: index + 1))
        }
        return parts.joined(separator: "\n\n")
    }

    /// The examples of a `response` list, in order; a status outside 100–999 is left out.
    static func examples(_ value: OrderedJSON?) -> [SavedExample] {
        (value?.postmanArray ?? []).enumerated().map { index, example in
            let named = example["name"]?.postmanText ?? ""
            let status = example["code"]?.postmanText.flatMap { Int($0) }.flatMap { SavedExample.statusRange.contains($0) ? $0 : nil }
            let language = example["_postman_previewlanguage"]?.postmanText.flatMap { $0.isEmpty ? nil : $0 }
            let original = example["originalRequest"]
            return SavedExample(
                name: named.isEmpty ? "Example \(index + 1)" : named, status: status, reason: example["status"]?.postmanText ?? "",
                headers: PostmanItemReader.headers(example["header"]), body: example["body"]?.postmanText ?? "", language: language,
                requestMethod: original.map { $0["method"]?.postmanText ?? "GET" }, requestURL: original.map(originalURL))
        }
    }

    /// One example: a heading with its name and status, then what it holds.
    private static func section(_ example: OrderedJSON, number: Int) -> String {
        let name = oneLine(example["name"]?.postmanText ?? "").isEmpty ? "Example \(number)" : oneLine(example["name"]?.postmanText ?? "")
        let status = [example["code"]?.postmanText, example["status"]?.postmanText].compactMap { $0.map(oneLine) }.filter { !$0.isEmpty }
        var lines = ["### " + name + (status.isEmpty ? "" : " (\(status.joined(separator: " ")))")]
        if let original = example["originalRequest"] {
            let method = original["method"]?.postmanText ?? "GET"
            let url = originalURL(original)
            if !url.isEmpty { lines += ["", "Request: `\(oneLine(method)) \(oneLine(url))`"] }
        }
        let headers = PostmanItemReader.headers(example["header"]).filter(\.enabled)
        if !headers.isEmpty {
            lines += ["", "Headers:", ""] + headers.map { "    \(oneLine($0.name)): \(oneLine($0.value))" }
        }
        if let body = example["body"]?.postmanText, !body.isEmpty {
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: body) + 1))
            let language = oneLine(example["_postman_previewlanguage"]?.postmanText ?? "").filter { $0.isLetter || $0.isNumber }
            lines += ["", fence + language, body, fence]
        }
        return lines.joined(separator: "\n")
    }

    /// The URL of an example's original request: the request as a string, or its `url` as a string or with `raw`.
    private static func originalURL(_ original: OrderedJSON) -> String {
        original.postmanText ?? original["url"].flatMap { $0.postmanText ?? $0["raw"]?.postmanText } ?? ""
    }

    /// A text on one line, its line breaks and tabs turned into spaces.
    private static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// The longest run of backticks in a text, so that the fence around it can be longer.
    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text.utf8 {
            run = character == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
