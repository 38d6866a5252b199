import Foundation

/// Rewrites the dynamic variables of VS Code REST Client and JetBrains HTTP Client into curlew's built-ins.
enum HTTPFileVariables {
    /// The text with `{{$guid}}`, `{{$random.uuid}}`, `{{$processEnv NAME}}` and the like rewritten;
    /// placeholders curlew cannot evaluate are kept as written and reported. Only `{{name}}` placeholders as curlew
    /// reads them are looked at, and every other character is kept as it is.
    static func convert(_ text: String, location: String, warnings: inout [ConversionWarning]) -> String {
        guard text.contains("{{") else { return text }
        var output = ""
        var cursor = text.startIndex
        for reference in VariableResolver.references(in: text, scope: VariableScope()) {
            output += text[cursor..<reference.range.lowerBound]
            let rewritten = rewrite(reference.name, location: location, warnings: &warnings)
            output += rewritten == reference.name ? String(text[reference.range]) : "{{" + rewritten + "}}"
            cursor = reference.range.upperBound
        }
        return output + text[cursor...]
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
