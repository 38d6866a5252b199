import Foundation

/// Rewrites Insomnia's Nunjucks templates into curlew's: `{{ _.name }}` and `{{ name }}` become `{{name}}`,
/// `{% uuid %}` becomes `{{$uuid}}` and `{% now %}` `{{$timestamp}}`; other tags (response references,
/// base64, prompts…) and filtered expressions are kept as written and reported.
enum InsomniaTemplate {
    /// The text in curlew's syntax, and the tags it could not rewrite.
    static func convert(_ text: String) -> (text: String, unsupported: [String]) {
        guard text.contains("{{") || text.contains("{%") else { return (text, []) }
        var output = ""
        var unsupported: [String] = []
        var rest = Substring(text)
        while true {
            let variable = rest.range(of: "{{")
            let tag = rest.range(of: "{%")
            let isTag: Bool
            let open: Range<Substring.Index>
            switch (variable, tag) {
            case (nil, nil): output += rest; return (output, unsupported)
            case (let found?, nil): (open, isTag) = (found, false)
            case (nil, let found?): (open, isTag) = (found, true)
            case (let first?, let second?): (open, isTag) = first.lowerBound < second.lowerBound ? (first, false) : (second, true)
            }
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: isTag ? "%}" : "}}") else {
                output += rest[open.lowerBound...]
                return (output, unsupported)
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            let written = rest[open.lowerBound..<close.upperBound]
            if isTag {
                let word = inner.split(separator: " ").first.map(String.init) ?? ""
                switch word {
                case "uuid": output += "{{$uuid}}"
                case "now": output += "{{$timestamp}}"
                default:
                    output += written
                    unsupported.append("{% \(word) %}")
                }
            } else {
                let name = inner.hasPrefix("_.") ? String(inner.dropFirst(2)) : inner
                if name.isEmpty || name.contains(where: { $0 == "|" || $0 == "(" || $0 == " " || $0 == "[" }) {
                    output += written
                    unsupported.append(String(written))
                } else {
                    output += "{{" + name + "}}"
                }
            }
            rest = rest[close.upperBound...]
        }
    }
}
