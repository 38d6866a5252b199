import RequestKit

/// Postman's `event` lists (pre-request and test scripts) kept as inert text: curlew never runs them.
enum PostmanScriptReader {
    /// The scripts of an `event` list that have any source, each reported once where it was found.
    static func scripts(_ value: OrderedJSON?, item: String, warnings: inout [ConversionWarning]) -> [SavedScript] {
        var scripts: [SavedScript] = []
        for event in value?.postmanArray ?? [] {
            let script = event["script"]
            let exec = script?["exec"]
            let source = exec?.postmanText ?? (exec?.postmanArray.compactMap(\.postmanText).joined(separator: "\n") ?? "")
            guard !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { continue }
            let listen = event["listen"]?.postmanText ?? "event"
            let kind = listen == "prerequest" ? "pre-request" : listen
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
            warnings.append(ConversionWarning(.unsupported, at: item, "the \(kind) script (\(lines) line(s)) is kept as text and exported back to Postman; curlew does not run it"))
            scripts.append(SavedScript(event: listen, language: script?["type"]?.postmanText, text: source, enabled: event["disabled"]?.postmanBool != true))
        }
        return scripts
    }
}
