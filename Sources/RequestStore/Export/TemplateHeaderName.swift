import RequestKit

/// Checks a header name that may hold `{{placeholders}}`: it must be a token whatever they become.
enum TemplateHeaderName {
    /// Why no request could send a header of this name, or nil when one can.
    static func problem(_ name: String) -> String? {
        var bare = ""
        var cursor = name.startIndex
        for reference in VariableResolver.references(in: name, scope: VariableScope()) {
            bare += name[cursor..<reference.range.lowerBound] + "x"
            cursor = reference.range.upperBound
        }
        bare += name[cursor...]
        return HeaderValidation.problem(name: bare, value: "")
    }
}
