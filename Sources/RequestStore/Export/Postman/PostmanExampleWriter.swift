import RequestKit

/// A request's saved examples as Postman's `response` list, and its description without the section the
/// importer wrote from them (Postman shows the examples themselves).
enum PostmanExampleWriter {
    /// The `response` list: each example's name, original request, status, headers, body and preview language.
    static func responses(_ examples: [SavedExample]) -> OrderedJSON {
        .array(examples.map { example in
            .members([
                ("name", .string(example.name)),
                ("originalRequest", example.requestURL.map { url in
                    .members([("method", .string(example.requestMethod ?? "GET")), ("url", .string(url))])
                }),
                ("status", example.reason.isEmpty ? nil : .string(example.reason)),
                ("code", example.status.map { .number(String($0)) }),
                ("_postman_previewlanguage", example.language.map { .string($0) }),
                ("header", .array(example.headers.map { row in
                    .members([("key", .string(row.name)), ("value", .string(row.value)), ("disabled", row.enabled ? nil : .bool(true))])
                })),
                ("body", .string(example.body)),
            ])
        })
    }

    /// The description as written by its author: without the trailing "Saved examples" section when the request
    /// keeps its examples, since that section was made from them.
    static func description(_ request: SavedRequest) -> String {
        guard !request.examples.isEmpty else { return request.description }
        let heading = PostmanExampleReader.heading
        if request.description.hasPrefix(heading + "\n") || request.description == heading { return "" }
        guard let range = request.description.range(of: "\n\n" + heading + "\n", options: .backwards) else { return request.description }
        return String(request.description[..<range.lowerBound])
    }
}
