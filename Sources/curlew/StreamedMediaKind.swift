import RequestKit

/// What a response's Content-Type says about how its body can be shown while it arrives.
enum StreamedMediaKind: Equatable {
    /// `text/event-stream`: Server-Sent Events.
    case eventStream
    /// `application/x-ndjson`, `application/jsonl` and their kin: one JSON value per line.
    case jsonLines
    /// A JSON document, shown whole once it has arrived.
    case json
    /// No Content-Type: the body decides at the end, as for a complete response.
    case unknown
    /// Anything else: text shown as it arrives, or a binary body summarised.
    case other

    /// The media types of JSON Lines streams.
    static let jsonLinesTypes: Set<String> = ["application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines", "application/jsonlines"]

    /// The kind for a response head.
    init(head: ResponseHead) {
        guard let value = head.headers["Content-Type"] else {
            self = .unknown
            return
        }
        let type = value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if type == "text/event-stream" {
            self = .eventStream
        } else if Self.jsonLinesTypes.contains(type) {
            self = .jsonLines
        } else if type.contains("json") {
            self = .json
        } else {
            self = .other
        }
    }
}
