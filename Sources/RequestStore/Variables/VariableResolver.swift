import RequestKit
import Foundation

/// A `{{name}}` found in a text, with its range and what it resolves to.
public struct VariableReference: Hashable, Sendable {
    /// The name between the braces, trimmed.
    public var name: String
    /// The range of the whole `{{…}}` in the text.
    public var range: Range<String.Index>
    /// The resolved value and its source, or nil when unresolved.
    public var resolution: Resolution?

    /// A resolved value and where it came from.
    public struct Resolution: Hashable, Sendable {
        /// The value, itself resolved.
        public var value: String
        /// Where it came from.
        public var source: VariableSource
    }

    /// Whether the reference has a value.
    public var isResolved: Bool { resolution != nil }
}

/// Resolves `{{name}}` placeholders against a scope; pure except for the built-in sources the scope carries.
public enum VariableResolver {
    /// How deep variables may refer to other variables before it counts as a loop.
    static let maximumDepth = 16

    /// Replaces every `{{name}}` in a text; `location` (e.g. "header 'X-Api-Key'") names the place in errors.
    public static func resolve(_ text: String, in scope: VariableScope, location: String) throws(VariableError) -> String {
        try resolve(text, in: scope, location: location, chain: [])
    }

    /// Lists the `{{…}}` references of a text with their ranges and whether they resolve, for highlighting.
    public static func references(in text: String, scope: VariableScope) -> [VariableReference] {
        placeholders(in: text).map { placeholder in
            let resolution = try? value(of: placeholder.name, in: scope, location: "", chain: [], asking: false)
            return VariableReference(
                name: placeholder.name, range: placeholder.range,
                resolution: resolution.map { VariableReference.Resolution(value: $0.value, source: $0.source) })
        }
    }

    /// The UTF-8 offsets of each `{{…}}` placeholder of a text, for readers that walk its bytes.
    static func placeholderOffsets(in text: String) -> [Range<Int>] {
        let utf8 = text.utf8
        return placeholders(in: text).map { placeholder in
            utf8.distance(from: utf8.startIndex, to: placeholder.range.lowerBound)..<utf8.distance(from: utf8.startIndex, to: placeholder.range.upperBound)
        }
    }

    /// Whether a text contains any `{{…}}` placeholder.
    public static func containsPlaceholder(_ text: String) -> Bool {
        !placeholders(in: text).isEmpty
    }

    private static func resolve(_ text: String, in scope: VariableScope, location: String, chain: [String]) throws(VariableError) -> String {
        let found = placeholders(in: text)
        if found.isEmpty { return text }
        var result = ""
        var cursor = text.startIndex
        for placeholder in found {
            result += text[cursor..<placeholder.range.lowerBound]
            result += try value(of: placeholder.name, in: scope, location: location, chain: chain, asking: true).value
            cursor = placeholder.range.upperBound
        }
        result += text[cursor...]
        return result
    }

    /// The value of one placeholder; `asking` lets a prompt ask its prompter (resolving does, listing references does not).
    private static func value(of name: String, in scope: VariableScope, location: String, chain: [String], asking: Bool) throws(VariableError) -> (value: String, source: VariableSource) {
        if VariablePrompt.isCall(name) { return (try answer(name, in: scope, location: location, asking: asking), .commandLine) }
        if name.hasPrefix("$") { return (try builtin(name, in: scope, location: location), .builtin) }
        if (name == "newUuid" || name == "newDate"), scope.lookup(name) == nil {
            return (try builtin(name == "newUuid" ? "$uuid" : "$isoTimestamp", in: scope, location: location), .builtin)
        }
        if HurlFunctions.isCall(name), scope.lookup(name) == nil {
            return (try HurlFunctions.value(of: name, location: location, random: scope.builtins.random), .builtin)
        }
        if chain.contains(name) || chain.count >= maximumDepth {
            throw .cycle(names: chain + [name], location: location)
        }
        guard let (raw, source) = scope.lookup(name) else { throw .unresolved(name: name, location: location) }
        return (try resolve(raw, in: scope, location: location, chain: chain + [name]), source)
    }

    /// The answer to a `{{$prompt …}}` or `{{$select …}}`: a `--var` named by its label, else the prompter's.
    private static func answer(_ name: String, in scope: VariableScope, location: String, asking: Bool) throws(VariableError) -> String {
        let prompt: VariablePrompt
        switch VariablePrompt.parse(name) {
        case .success(let parsed): prompt = parsed
        case .failure(let error): throw .invalidBody(reason: "'{{\(name)}}' in \(location): \(error.reason); \(VariablePrompt.usage)")
        }
        let given = scope.commandLine[prompt.label]
        guard let answer = given ?? (asking ? scope.prompter?.answer(prompt) : nil) else {
            throw .promptUnanswered(prompt: prompt, location: location)
        }
        if !prompt.choices.isEmpty, !prompt.choices.contains(answer) {
            throw .promptNotAChoice(prompt: prompt, answer: answer, location: location)
        }
        return answer
    }

    private static func builtin(_ name: String, in scope: VariableScope, location: String) throws(VariableError) -> String {
        switch name {
        case "$uuid", "$guid": return scope.builtins.uuid()
        case "$timestamp": return String(Int(scope.builtins.now().timeIntervalSince1970))
        case "$isoTimestamp":
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return formatter.string(from: scope.builtins.now())
        case "$randomInt": return String(scope.builtins.randomInt())
        case _ where OAuth2Placeholder.names.contains(name):
            // Filled in once the request's oauth2 token is got.
            return "{{" + name + "}}"
        default:
            if DateTemplate.isCall(name) {
                return try DateTemplate.value(of: name, now: scope.builtins.now(), location: location)
            }
            if let value = DynamicVariables.value(of: name, random: scope.builtins.random, now: scope.builtins.now()) { return value }
            if name.hasPrefix("$env.") {
                let variable = String(name.dropFirst("$env.".count))
                if let allowed = scope.allowedEnvironmentNames, !allowed.contains(variable) {
                    throw .environmentNotAllowed(name: variable, location: location)
                }
                guard let value = scope.processEnvironment[variable] else { throw .unsetEnvironmentVariable(name: variable, location: location) }
                return value
            }
            throw .unknownBuiltin(name: name, location: location)
        }
    }

    /// A `{{…}}` with a non-empty name on one line.
    private struct Placeholder {
        var name: String
        var range: Range<String.Index>
    }

    private static func placeholders(in text: String) -> [Placeholder] {
        let bytes = text.utf8
        var result: [Placeholder] = []
        var index = bytes.startIndex
        let open = UInt8(ascii: "{"), close = UInt8(ascii: "}"), newline = UInt8(ascii: "\n")
        while index < bytes.endIndex {
            guard bytes[index] == open else { index = bytes.index(after: index); continue }
            let second = bytes.index(after: index)
            guard second < bytes.endIndex, bytes[second] == open else { index = second; continue }
            var start = bytes.index(after: second)
            while start < bytes.endIndex, bytes[start] == open { index = bytes.index(after: index); start = bytes.index(after: start) }
            var end = start
            var valid = true
            while end < bytes.endIndex {
                let byte = bytes[end]
                if byte == close { break }
                if byte == open || byte == newline { valid = false; break }
                end = bytes.index(after: end)
            }
            let afterEnd = end < bytes.endIndex ? bytes.index(after: end) : end
            guard valid, end < bytes.endIndex, afterEnd < bytes.endIndex, bytes[afterEnd] == close else {
                index = start
                continue
            }
            let name = String(text[start..<end]).trimmingCharacters(in: .whitespaces)
            let upper = bytes.index(after: afterEnd)
            if !name.isEmpty {
                result.append(Placeholder(name: name, range: index..<upper))
            }
            index = upper
        }
        return result
    }
}
