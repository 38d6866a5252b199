import Foundation

/// Rewrites the dynamic variables of VS Code REST Client and JetBrains HTTP Client into curlew's built-ins.
enum HTTPFileVariables {
    /// The text with `{{$guid}}`, `{{$random.uuid}}`, `{{$processEnv NAME}}` and the like rewritten;
    /// placeholders curlew cannot evaluate are kept as written and reported.
    static func convert(_ text: String, location: String, warnings: inout [ConversionWarning]) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                output += rest[open.lowerBound...]
                return output
            }
            let inner = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            output += "{{" + rewrite(inner, location: location, warnings: &warnings) + "}}"
            rest = rest[close.upperBound...]
        }
        return output + rest
    }

    private static func rewrite(_ name: String, location: String, warnings: inout [ConversionWarning]) -> String {
        switch name {
        case "$guid", "$uuid", "$random.uuid": return "$uuid"
        case "$timestamp", "$isoTimestamp", "$randomInt": return name
        default: break
        }
        if name.hasPrefix("$processEnv ") {
            let variable = name.dropFirst("$processEnv ".count).trimmingCharacters(in: .whitespaces)
            if !variable.hasPrefix("%") { return "$env." + variable }
        }
        if name.hasPrefix("$") {
            warnings.append(ConversionWarning(.unsupported, at: location, "the dynamic variable {{\(name)}} has no curlew equivalent; it is kept as written and must be defined before sending"))
        } else if name.contains(".response.") || name.contains(".request.") {
            warnings.append(ConversionWarning(.unsupported, at: location, "{{\(name)}} refers to another request's exchange; use a capture in curlew instead"))
        }
        return name
    }
}
